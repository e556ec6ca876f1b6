// /settings: a profile's own settings, for a profile other than the owner's (the owner has them
// on /account). No account to load (that page is the owner's): the page runs the tasks a profile
// owns (machines/profile-tasks.ts: language, new-class notifications, schedule) at once, passes
// each event to its task, and shows a task's success or failure for 3 s in that task's section.
// The language spoken is the page's input, kept up to date by the app (`language.spoken`: the
// navbar's switcher); a language saved is spoken at once (the language task's `adoptLanguage`).
import { assertEvent, assign, setup } from 'xstate';
import type { Notice } from '@domain/notices';
import type { AccountLanguage, TaskReport } from './account-task';
import { profileTaskActions, profileTaskActors, profileTaskInvokes, profileTaskSends, type ProfileTask, type ProfileTaskEvent } from './profile-tasks';
import { noticeShown, showingNotice, type NoticeContext } from './request-states';

export interface ProfileSettingsInput {
  /** The language the profile speaks now. */
  language: AccountLanguage;
}

export interface ProfileSettingsContext extends NoticeContext {
  language: AccountLanguage;
  /** The task whose notice shows (the view shows it in that section). */
  noticeFrom: ProfileTask | null;
}

export type ProfileSettingsEvent =
  | ProfileTaskEvent
  | TaskReport
  | { type: 'notice.dismiss' }
  /** The app speaks another language now (the navbar's switcher, which keeps it on the profile too). */
  | { type: 'language.spoken'; language: AccountLanguage };

/** A task ended: the language it saved, and its notice (a new one restarts the 3 s). */
const taskEnded = [
  { guard: 'hasNotice', target: 'showingNotice', reenter: true, actions: ['takeChange', 'showNotice'] },
  { actions: 'takeChange' },
] as const;

export const profileSettingsMachine = setup({
  types: {
    context: {} as ProfileSettingsContext,
    events: {} as ProfileSettingsEvent,
    input: {} as ProfileSettingsInput,
    children: {} as { [T in ProfileTask]: T },
  },
  actors: profileTaskActors,
  actions: {
    ...profileTaskSends<ProfileSettingsContext, ProfileSettingsEvent>(),
    takeChange: assign(({ event }) => {
      assertEvent(event, 'task.ended');
      return event.change.language ? { language: event.change.language } : {};
    }),
    showNotice: assign(({ context, event }) => {
      assertEvent(event, 'task.ended');
      return event.notice ? { ...noticeShown(context, event.notice), noticeFrom: event.task as ProfileTask } : {};
    }),
    clearNotice: assign({ notice: null, noticeFrom: null }),
    takeSpoken: assign(({ event }) => {
      assertEvent(event, 'language.spoken');
      return { language: event.language };
    }),
  },
  guards: {
    hasNotice: ({ event }) => event.type === 'task.ended' && event.notice !== null,
    languageDiffers: ({ context, event }) => event.type === 'language.select' && context.language !== event.language,
  },
  delays: {
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'profileSettings',
  context: ({ input }) => ({ language: input.language, notice: null as Notice | null, noticeFrom: null, scrollToTop: 0 }),
  invoke: [...profileTaskInvokes],
  on: { 'language.spoken': { actions: 'takeSpoken' } },
  initial: 'idle',
  states: {
    /** The page: each section starts its own task (its own controls busy while it runs). */
    idle: { on: { ...profileTaskActions, 'task.ended': taskEnded } },
    showingNotice: showingNotice('noticeDuration', 'idle', { ...profileTaskActions, 'task.ended': taskEnded }),
  },
});

export type ProfileSettingsMachine = typeof profileSettingsMachine;
