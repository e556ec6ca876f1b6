// The account page's schedule settings, a child of machines/account.machine.ts: it reads them
// itself (time zone, reminders switch, whether a calendar link exists and how the last one
// ended), then the time zone is changed (one request), morning reminders switched on or off, and
// the secret calendar link made or reset (the server keeps only its hash, so the new link shows
// here once, with Copy). When another task of the page ended the link (a password change, signing
// out everywhere), the page says so and the settings are read again.
import { assertEvent, assign, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { scheduleNotices } from '@domain/schedule';
import { taskReports, taskRequest, type AccountChange } from './account-task';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export type FeedLinkRevoked = Schemas['FeedLinkRevoked'];
export interface ScheduleSettings {
  timeZone: string | null;
  reminders: boolean;
  hasFeedLink: boolean;
  /** The link a password change, a reset or signing out everywhere ended, until a new one is made. */
  feedLinkRevoked: FeedLinkRevoked | null;
  /** What the time zone field offers while the account has none (the browser's zone). */
  proposedZone: string;
}
export interface FeedLink {
  url: string;
  webcalUrl: string;
}
export type LoadScheduleSettingsOutput = Outcome<ScheduleSettings>;
export type SetRemindersOutput = Outcome<{ reminders: boolean }>;
export type ResetFeedLinkOutput = Outcome<FeedLink>;
export type SaveAccountZoneOutput = Outcome<{ timeZone: string }>;

export interface AccountScheduleContext {
  settings: ScheduleSettings | null;
  /** The time zone field (the browser's while the account has none). */
  zoneDraft: string;
  /** The link just made: shown until the page is left. */
  link: FeedLink | null;
  copied: boolean;
}

export type AccountScheduleEvent =
  | { type: 'scheduleZone.change'; timeZone: string }
  | { type: 'scheduleZone.save' }
  | { type: 'reminders.toggle'; enabled: boolean }
  | { type: 'feedLink.reset' }
  | { type: 'feedLink.copy' }
  /** From the page: what another task changed (a password change ends the calendar link on the server). */
  | { type: 'page.changed'; change: AccountChange };

type Done<T> = { event: { output: T } };

export const accountScheduleMachine = setup({
  types: {
    context: {} as AccountScheduleContext,
    events: {} as AccountScheduleEvent,
  },
  actors: {
    loadScheduleSettings: fromOutcome<ScheduleSettings>(),
    setReminders: fromOutcome<{ reminders: boolean }, { enabled: boolean }>(),
    resetFeedLink: fromOutcome<FeedLink>(),
    saveAccountZone: fromOutcome<{ timeZone: string }, { timeZone: string }>(),
  },
  actions: {
    ...taskReports<AccountScheduleContext, AccountScheduleEvent>(),
    /** Puts the link on the clipboard (provided by the app). */
    copyText: (_, _text: string) => {},
    takeSettings: assign(({ context }, output: LoadScheduleSettingsOutput) =>
      output.kind === 'ok' ? { settings: output.data, zoneDraft: output.data.timeZone ?? output.data.proposedZone } : { zoneDraft: context.zoneDraft },
    ),
    changeZone: assign({
      zoneDraft: ({ event }) => {
        assertEvent(event, 'scheduleZone.change');
        return event.timeZone;
      },
    }),
    takeZone: assign({
      settings: ({ context }, output: SaveAccountZoneOutput) => (context.settings && output.kind === 'ok' ? { ...context.settings, timeZone: output.data.timeZone } : context.settings),
    }),
    takeReminders: assign({
      settings: ({ context }, output: SetRemindersOutput) => (context.settings && output.kind === 'ok' ? { ...context.settings, reminders: output.data.reminders } : context.settings),
    }),
    takeLink: assign(({ context }, output: ResetFeedLinkOutput) =>
      output.kind === 'ok' ? { link: output.data, copied: false, settings: context.settings && { ...context.settings, hasFeedLink: true, feedLinkRevoked: null } } : {},
    ),
    /** The link shown here no longer works: it goes, whatever the settings read again say. */
    forgetLink: assign(({ context }) => ({ link: null, copied: false, settings: context.settings && { ...context.settings, hasFeedLink: false } })),
    /** Only the link's part of the settings read again: a time zone being typed stays. */
    takeLinkState: assign({
      settings: ({ context }, output: LoadScheduleSettingsOutput) =>
        context.settings && output.kind === 'ok' ? { ...context.settings, hasFeedLink: output.data.hasFeedLink, feedLinkRevoked: output.data.feedLinkRevoked } : context.settings,
    }),
    markCopied: assign({ copied: true }),
  },
  guards: {
    ...outcomeGuards,
    hasLink: ({ context }) => context.link !== null,
    hasZone: ({ context }) => context.zoneDraft.trim() !== '',
    linkEnded: ({ event }) => event.type === 'page.changed' && event.change.feedLinkEnded === true,
  },
}).createMachine({
  id: 'accountSchedule',
  context: { settings: null, zoneDraft: '', link: null, copied: false },
  initial: 'loading',
  states: {
    loading: {
      // An answer on its way may predate the change: ask again.
      on: { 'page.changed': { guard: 'linkEnded', target: 'loading', reenter: true } },
      invoke: {
        src: 'loadScheduleSettings',
        ...afterRequest({
          ok: { target: 'idle', actions: { type: 'takeSettings', params: outcomeOf } },
          quiet: { target: 'unavailable' },
          failed: { target: 'unavailable' },
        }),
      },
    },
    /** The settings could not be read: the section says so (the rest of the page works). */
    unavailable: {},
    idle: {
      on: {
        'scheduleZone.change': { actions: 'changeZone' },
        'scheduleZone.save': { guard: 'hasZone', target: 'savingZone' },
        'reminders.toggle': { target: 'savingReminders' },
        'feedLink.reset': { target: 'resettingLink' },
        'feedLink.copy': { guard: 'hasLink', actions: [{ type: 'copyText', params: ({ context }) => context.link!.url }, 'markCopied'] },
        'page.changed': { guard: 'linkEnded', target: 'rereading', actions: 'forgetLink' },
      },
    },
    /** Reading the settings again after the link ended, for when and why: the section stays as it was meanwhile. */
    rereading: {
      invoke: {
        src: 'loadScheduleSettings',
        ...afterRequest({
          ok: { target: 'idle', actions: { type: 'takeLinkState', params: outcomeOf } },
          quiet: { target: 'idle' },
          failed: { target: 'idle' },
        }),
      },
    },
    savingZone: taskRequest({
      request: { src: 'saveAccountZone', input: ({ context }: { context: AccountScheduleContext }) => ({ timeZone: context.zoneDraft.trim() }) },
      then: 'idle',
      actions: [{ type: 'takeZone', params: outcomeOf }],
      done: { type: 'tellDone', params: () => ({ message: scheduleNotices.timeZoneSaved }) },
    }),
    savingReminders: taskRequest({
      request: {
        src: 'setReminders',
        input: ({ event }: { event: AccountScheduleEvent }) => ({ enabled: event.type === 'reminders.toggle' && event.enabled }),
      },
      then: 'idle',
      actions: [{ type: 'takeReminders', params: outcomeOf }],
      done: {
        type: 'tellDone',
        params: ({ event }: Done<SetRemindersOutput>) => ({
          message: event.output.kind === 'ok' && event.output.data.reminders ? scheduleNotices.remindersOn : scheduleNotices.remindersOff,
        }),
      },
    }),
    resettingLink: taskRequest({
      request: { src: 'resetFeedLink' },
      then: 'idle',
      actions: [{ type: 'takeLink', params: outcomeOf }],
      done: { type: 'tellDone', params: () => ({ message: scheduleNotices.linkReady }) },
    }),
  },
});

export type AccountScheduleMachine = typeof accountScheduleMachine;
