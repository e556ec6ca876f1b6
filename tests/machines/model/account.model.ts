// Model of /account (machines/account.machine.ts): loading the account, then the page with its
// tasks (child machines, fakes here): each event goes to the task that owns it (only when the
// page allows it: never this device, only a different language), tasks run side by side (a
// task's start does not make the page busy), and a task's end updates the account and the
// devices and shows its notice for 3 s in its section; the delete dialog (busy only for the
// deletion), and a deletion that ends the page. The Profiles section's events go to its task.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountMachine, type AccountContext, type AccountView } from '@machines/account.machine';
import { errorNotice, successNotice } from '@domain/notices';
import type { MachineModel, World } from './machine-model';
import { cancelled, ok, outputOf, refused, SERVER_MESSAGE, textOf, unreachable } from './outcomes';

const here = { id: '00000000-0000-4000-8000-000000000001', deviceName: 'Chrome on macOS', profileName: 'Ana', signedInAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-22T10:00:00.000Z', current: true };
const phone = { id: '00000000-0000-4000-8000-000000000002', deviceName: 'Safari on iPhone', profileName: null, signedInAt: '2026-11-02T10:00:00.000Z', lastSeenAt: '2026-11-21T10:00:00.000Z', current: false };
const view: AccountView = {
  account: { email: 'ana@example.com', name: null, image: null, language: 'en', createdAt: '2026-10-01T00:00:00.000Z' },
  devices: [here, phone],
};

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountContext;
const ended = (task: string, notice: unknown, change: object) => ({ type: 'task.ended', task, notice, change });

/** The task each event goes to. */
const taskOf: Record<string, string> = {
  'email.submit': 'email',
  'password.submit': 'password',
  'language.select': 'language',
  'device.signOut': 'devices',
  'devices.signOutOthers': 'devices',
  'data.download': 'dataExport',
  'notifications.enable': 'notifications',
  'notifications.discipline': 'notifications',
  'notifications.save': 'notifications',
  'push.enable': 'notifications',
  'push.disable': 'notifications',
  'delete.confirm': 'deletion',
  'delete.cancel': 'deletion',
  'scheduleZone.change': 'schedule',
  'scheduleZone.save': 'schedule',
  'reminders.toggle': 'schedule',
  'feedLink.reset': 'schedule',
  'feedLink.copy': 'schedule',
  'profiles.retry': 'profiles',
  'profiles.add': 'profiles',
  'profiles.edit': 'profiles',
  'profiles.pin': 'profiles',
  'profiles.delete': 'profiles',
  'profiles.cancel': 'profiles',
  'profileForm.change': 'profiles',
  'profileImage.pick': 'profiles',
  'profileImage.remove': 'profiles',
  'profileForm.submit': 'profiles',
  'profilePin.remove': 'profiles',
  'profileDelete.confirm': 'profiles',
};
const formTask: Record<string, string> = { email: 'email', password: 'password', delete: 'deletion' };

/** The page takes page actions in idle and while a notice shows; the dialog only its own. */
const open = (previous: AnyMachineSnapshot | undefined, type: string) =>
  previous?.matches({ ready: 'idle' }) || previous?.matches({ ready: 'showingNotice' }) || (previous?.matches({ ready: 'confirmingDelete' }) && ['field.change', 'delete.confirm', 'delete.cancel'].includes(type));

/** After a page event: passed to its task, unchanged, exactly when the page allows it. */
const passedOn =
  (allowed: (world: World) => boolean = () => true) =>
  (world: World) => {
    const { event, received, previous } = world;
    const task = event.type === 'field.change' ? formTask[event.form as string] : taskOf[event.type];
    const passed = received.at(-1)?.event === event;
    expect(passed).toBe(Boolean(open(previous, event.type)) && allowed(world));
    if (passed) expect(received.at(-1)).toMatchObject({ id: task, src: task });
  };

export const model: MachineModel = {
  machine: accountMachine,
  events: {
    'field.change': [
      { type: 'field.change', form: 'email', field: 'email', value: 'new@example.com' },
      { type: 'field.change', form: 'password', field: 'password', value: 'N3w#Secret' },
      { type: 'field.change', form: 'delete', field: 'password', value: 'Str0ng#Pass' },
    ],
    'language.select': [
      { type: 'language.select', language: 'es' },
      { type: 'language.select', language: 'en' },
    ],
    'notifications.enable': [{ type: 'notifications.enable', enabled: true }],
    'notifications.discipline': [{ type: 'notifications.discipline', id: 'yoga', chosen: true }],
    'device.signOut': [
      { type: 'device.signOut', sessionId: phone.id },
      { type: 'device.signOut', sessionId: here.id },
    ],
    'task.busy': [
      { type: 'task.busy', task: 'deletion' },
      { type: 'task.busy', task: 'email' },
    ],
    'task.ended': [
      ended('email', successNotice('Done.'), { email: 'new@example.com', language: 'es' }),
      ended('devices', successNotice('Done.'), { dropDevice: phone.id }),
      ended('password', successNotice('Done.'), { keepThisDeviceOnly: true, feedLinkEnded: true }),
      ended('deletion', errorNotice(`${SERVER_MESSAGE} (400)`), {}),
      ended('notifications', null, {}),
      ended('profiles', successNotice('Done.'), {}),
    ],
  },
  outputs: {
    loadAccount: [ok(view), refused(500), refused(401), unreachable, cancelled],
  },
  // Told apart by the state, the devices left and whether the account changed (what guards read).
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.devices.length, c.account?.language ?? null, c.account?.email ?? null]);
  },
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadAccount')).toBeDefined();
    },
    loadFailed: ({ snapshot }) => {
      expect(snapshot.context.account).toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    ready: ({ snapshot }) => {
      expect(Object.keys(snapshot.children).sort()).toEqual(['dataExport', 'deletion', 'devices', 'email', 'language', 'notifications', 'password', 'profiles', 'schedule']);
      expect(snapshot.context.account).not.toBeNull();
    },
    'ready.idle': ({ snapshot }) => {
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    'ready.confirmingDelete': ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    'ready.deleting': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.notice).toBeNull();
    },
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
    deleted: ({ snapshot, actions }) => {
      expect(snapshot.status).toBe('done');
      expect(actions.filter((action) => action.name === 'signOut')).toHaveLength(1);
    },
  },
  after: {
    'done: loadAccount': ({ snapshot, event, actions }) => {
      const output = outputOf(event);
      expect(snapshot.matches('ready')).toBe(output.kind === 'ok');
      if (output.kind === 'ok') expect(actions.filter((action) => action.name === 'adoptLanguage').map((action) => action.params)).toEqual(['en']);
      if (output.kind === 'failed' && output.status === 500) expect(textOf(snapshot.context.notice)).toContain(SERVER_MESSAGE);
      if (output.kind === 'unreachable') expect(textOf(snapshot.context.notice)).toBe('Your account could not be loaded.');
    },
    'field.change': passedOn(),
    'email.submit': passedOn(),
    'password.submit': passedOn(),
    'data.download': passedOn(),
    'notifications.enable': passedOn(),
    'notifications.discipline': passedOn(),
    'notifications.save': passedOn(),
    'push.enable': passedOn(),
    'push.disable': passedOn(),
    'delete.confirm': passedOn(),
    'delete.cancel': passedOn(),
    'scheduleZone.change': passedOn(),
    'scheduleZone.save': passedOn(),
    'reminders.toggle': passedOn(),
    'feedLink.reset': passedOn(),
    'feedLink.copy': passedOn(),
    'profiles.retry': passedOn(),
    'profiles.add': passedOn(),
    'profiles.edit': passedOn(),
    'profiles.pin': passedOn(),
    'profiles.delete': passedOn(),
    'profiles.cancel': passedOn(),
    'profileForm.change': passedOn(),
    'profileImage.pick': passedOn(),
    'profileImage.remove': passedOn(),
    'profileForm.submit': passedOn(),
    'profilePin.remove': passedOn(),
    'profileDelete.confirm': passedOn(),
    'language.select': passedOn(({ event, previous }) => contextOf(previous!).account?.language !== event.language),
    'device.signOut': passedOn(({ event }) => event.sessionId === phone.id),
    'devices.signOutOthers': passedOn(({ previous }) => contextOf(previous!).devices.some((device) => !device.current)),
    'task.busy': ({ snapshot, previous, event }) => {
      // Only the deletion's request holds anything (its dialog); every other task runs beside the page.
      if (previous?.matches({ ready: 'confirmingDelete' }) && event.task === 'deletion') expect(snapshot.matches({ ready: 'deleting' })).toBe(true);
      else expect(snapshot.value).toEqual(previous?.value);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ ready: 'deleting' }));
    },
    'task.ended': ({ snapshot, previous, event, received }) => {
      const before = contextOf(previous!);
      const after = contextOf(snapshot);
      const change = event.change as { email?: string; language?: string; dropDevice?: string; keepThisDeviceOnly?: boolean };
      if (!previous?.matches('ready')) return expect(snapshot.value).toEqual(previous?.value);
      if (previous.matches({ ready: 'deleting' }) && event.task === 'deletion') {
        expect(snapshot.matches({ ready: 'confirmingDelete' })).toBe(true);
        expect(after.notice).toEqual(event.notice);
        return;
      }
      expect(after.account?.email).toBe(change.email ?? before.account?.email);
      expect(after.account?.language).toBe(change.language ?? before.account?.language);
      const kept = before.devices.filter((device) => device.id !== change.dropDevice && (device.current || !change.keepThisDeviceOnly));
      expect(after.devices).toEqual(kept);
      // The schedule section hears what changed (a password change ends the calendar link).
      expect(received.at(-1)).toMatchObject({ id: 'schedule', event: { type: 'page.changed', change } });
      if (open(previous, 'task.ended') && event.notice) {
        // The notice shows in the section of the task that ended, for 3 s from now.
        expect(snapshot.matches({ ready: 'showingNotice' })).toBe(true);
        expect(after.notice).toEqual(event.notice);
        expect(after.noticeFrom).toBe(event.task);
      } else {
        // Behind the dialog, or with nothing to say: the page stays where it was.
        expect(snapshot.value).toEqual(previous.value);
        expect(after.notice).toEqual(before.notice);
      }
    },
  },
};
