// Model of /settings (machines/profile-settings.machine.ts): a profile's own settings with no
// account to load: the three tasks (child machines, fakes here) start at once; each event goes to
// the task that owns it (a language only when it differs from the one spoken, which the app keeps
// up to date); a task's end takes the language it saved and shows its notice for 3 s in its section.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { profileSettingsMachine, type ProfileSettingsContext } from '@machines/profile-settings.machine';
import { errorNotice, successNotice } from '@domain/notices';
import type { MachineModel, World } from './machine-model';
import { textOf } from './outcomes';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProfileSettingsContext;
const ended = (task: string, notice: unknown, change: object) => ({ type: 'task.ended', task, notice, change });

/** The task each event goes to. */
const taskOf: Record<string, string> = {
  'language.select': 'language',
  'notifications.enable': 'notifications',
  'notifications.discipline': 'notifications',
  'notifications.save': 'notifications',
  'push.enable': 'notifications',
  'push.disable': 'notifications',
  'scheduleZone.change': 'schedule',
  'scheduleZone.save': 'schedule',
  'reminders.toggle': 'schedule',
  'feedLink.reset': 'schedule',
  'feedLink.copy': 'schedule',
};

/** After a page event: passed to its task, unchanged, exactly when the page allows it. */
const passedOn =
  (allowed: (world: World) => boolean = () => true) =>
  (world: World) => {
    const { event, received } = world;
    const passed = received.at(-1)?.event === event;
    expect(passed).toBe(allowed(world));
    if (passed) expect(received.at(-1)).toMatchObject({ id: taskOf[event.type], src: taskOf[event.type] });
  };

export const model: MachineModel = {
  machine: profileSettingsMachine,
  inputs: [{ language: 'en' }, { language: 'es' }],
  events: {
    'language.select': [
      { type: 'language.select', language: 'es' },
      { type: 'language.select', language: 'en' },
    ],
    'language.spoken': [
      { type: 'language.spoken', language: 'es' },
      { type: 'language.spoken', language: 'en' },
    ],
    'notifications.enable': [{ type: 'notifications.enable', enabled: true }],
    'notifications.discipline': [{ type: 'notifications.discipline', id: 'yoga', chosen: true }],
    'scheduleZone.change': [{ type: 'scheduleZone.change', timeZone: 'Europe/Madrid' }],
    'reminders.toggle': [{ type: 'reminders.toggle', enabled: true }],
    'task.ended': [
      ended('language', successNotice('Your language has been saved.'), { language: 'es' }),
      ended('language', successNotice('Your language has been saved.'), { language: 'en' }),
      ended('notifications', errorNotice('Something went wrong (500)'), {}),
      ended('schedule', null, {}),
    ],
  },
  serialize: (snapshot) => JSON.stringify([snapshot.value, contextOf(snapshot).language]),
  simplePathsUpTo: 0,
  states: {
    idle: ({ snapshot }) => {
      expect(Object.keys(snapshot.children).sort()).toEqual(['language', 'notifications', 'schedule']);
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    showingNotice: ({ snapshot, pendingTimers }) => {
      expect(Object.keys(snapshot.children).sort()).toEqual(['language', 'notifications', 'schedule']);
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
  },
  after: {
    'language.select': passedOn(({ event, previous }) => previous !== undefined && contextOf(previous).language !== event.language),
    'notifications.enable': passedOn(),
    'notifications.discipline': passedOn(),
    'notifications.save': passedOn(),
    'push.enable': passedOn(),
    'push.disable': passedOn(),
    'scheduleZone.change': passedOn(),
    'scheduleZone.save': passedOn(),
    'reminders.toggle': passedOn(),
    'feedLink.reset': passedOn(),
    'feedLink.copy': passedOn(),
    'language.spoken': ({ snapshot, event, previous }) => {
      // The page shows the language the app speaks now, and stays where it was.
      expect(contextOf(snapshot).language).toBe(event.language);
      expect(snapshot.value).toEqual(previous?.value);
    },
    'notice.dismiss': ({ snapshot }) => {
      expect(snapshot.matches('idle')).toBe(true);
      expect(snapshot.context.notice).toBeNull();
    },
    'task.ended': ({ snapshot, event, previous }) => {
      if (!previous) return;
      const change = event.change as { language?: string };
      const after = contextOf(snapshot);
      // The language saved is the one the page shows from now on.
      expect(after.language).toBe(change.language ?? contextOf(previous).language);
      if (event.notice) {
        // In the section of the task that ended, for 3 s from now.
        expect(snapshot.matches('showingNotice')).toBe(true);
        expect(after.notice).toEqual(event.notice);
        expect(after.noticeFrom).toBe(event.task);
      } else {
        expect(snapshot.value).toEqual(previous.value);
        expect(after.notice).toEqual(contextOf(previous).notice);
      }
    },
    'after: noticeDuration': ({ snapshot }) => {
      expect(snapshot.matches('idle')).toBe(true);
      expect(snapshot.context.noticeFrom).toBeNull();
    },
  },
};
