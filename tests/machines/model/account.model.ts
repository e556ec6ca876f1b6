// Model of /account (machines/account.machine.ts): change email and password, language, devices
// signed in (one, or every other), the data download, and deletion behind its dialog. Snapshots
// are told apart by the state, how many fields of each form are filled, the devices and the
// language: what the guards read (field values and notices would multiply the graph for nothing).
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountMachine, type AccountContext, type AccountView } from '@machines/account.machine';
import type { MachineModel, World } from './machine-model';
import { cancelled, ok, outcomes, outputOf, refused, SERVER_MESSAGE, textOf, unreachable, crashed } from './outcomes';

const here = { id: '00000000-0000-4000-8000-000000000001', deviceName: 'Chrome on macOS', signedInAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-22T10:00:00.000Z', current: true };
const phone = { id: '00000000-0000-4000-8000-000000000002', deviceName: 'Safari on iPhone', signedInAt: '2026-11-02T10:00:00.000Z', lastSeenAt: '2026-11-21T10:00:00.000Z', current: false };
const view: AccountView = {
  account: { email: 'ana@example.com', name: null, image: null, language: 'en', createdAt: '2026-10-01T00:00:00.000Z' },
  devices: [here, phone],
};
const PASSWORD = 'Str0ng#Pass';
const NEW_PASSWORD = 'N3w#Secret';
const exported = { format: 'fitstream-account-export', version: 1, exportedAt: '2026-11-22T12:00:00.000Z', profile: { email: 'ana@example.com' } };

const filled = (values: object) => Object.values(values).filter((value) => value !== '').length;

function serialize(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AccountContext;
  return JSON.stringify([
    snapshot.value,
    filled(context.emailForm),
    filled(context.passwordForm),
    context.deletePassword !== '',
    context.devices.length,
    context.account?.language ?? null,
  ]);
}

/** After a request: a success says so, a refusal shows the server's words, 401 and cancel say nothing. */
function afterRequest(success: string) {
  return ({ snapshot, event }: World) => {
    const text = textOf(snapshot.context.notice);
    if (event.type.startsWith('xstate.error.')) return expect(text).toBe('Could not reach FitStream. Please try again.');
    const output = outputOf(event);
    if (output.kind === 'ok') expect(text).toBe(success);
    else if (output.kind === 'cancelled' || (output.kind === 'failed' && output.status === 401)) expect(text).toBeNull();
    else if (output.kind === 'unreachable') expect(text).toBe('Could not reach FitStream. Please try again.');
    else if (output.kind === 'failed' && output.body) expect(text).toContain(SERVER_MESSAGE);
    else expect(text).toBe('Something went wrong. Please try again.');
  };
}

export const model: MachineModel = {
  machine: accountMachine,
  events: {
    'field.change': [
      { type: 'field.change', form: 'email', field: 'email', value: ' new@example.com ' },
      { type: 'field.change', form: 'email', field: 'password', value: PASSWORD },
      { type: 'field.change', form: 'password', field: 'currentPassword', value: PASSWORD },
      { type: 'field.change', form: 'password', field: 'password', value: NEW_PASSWORD },
      { type: 'field.change', form: 'password', field: 'cpassword', value: NEW_PASSWORD },
      { type: 'field.change', form: 'delete', field: 'password', value: PASSWORD },
    ],
    'language.select': [
      { type: 'language.select', language: 'es' },
      { type: 'language.select', language: 'en' },
    ],
    'device.signOut': [
      { type: 'device.signOut', sessionId: phone.id },
      { type: 'device.signOut', sessionId: here.id },
    ],
  },
  outputs: {
    loadAccount: [ok(view), refused(500), refused(401), unreachable, cancelled],
    changeEmail: [ok({ email: 'new@example.com' }), refused(400), refused(409), refused(401), crashed, unreachable, cancelled],
    changePassword: outcomes({ message: 'Changed.' }),
    saveLanguage: (snapshot) => {
      const wanted = (snapshot.context as AccountContext).account?.language === 'en' ? 'es' : 'en';
      return outcomes({ language: wanted });
    },
    signOutDevice: [ok({ message: 'Signed out.' }), refused(404), refused(401), unreachable, cancelled],
    signOutOthers: [ok({ message: 'Signed out.' }), refused(401), crashed, cancelled],
    exportData: [ok(exported), refused(401), unreachable, cancelled],
    deleteAccount: [ok({ message: 'Deleted.' }), refused(400), refused(502), refused(401), unreachable, cancelled],
  },
  serialize,
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
    'ready.idle': ({ snapshot }) => {
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.context.account).not.toBeNull();
      expect(snapshot.context.signingOut).toBeNull();
    },
    'ready.changingEmail': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('changeEmail')?.input).toEqual({ email: 'new@example.com', password: PASSWORD });
    },
    'ready.changingPassword': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('changePassword')?.input).toEqual({ currentPassword: PASSWORD, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
    },
    'ready.savingLanguage': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      const asked = (lastStarted('saveLanguage')?.input as { language: string }).language;
      expect(asked).not.toBe(previous?.context.account.language);
    },
    'ready.signingOutDevice': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // Never this device: it signs out with the navigation bar's "Log out".
      expect(lastStarted('signOutDevice')?.input).toEqual({ sessionId: phone.id });
      expect(snapshot.context.signingOut).toBe(phone.id);
    },
    'ready.signingOutOthers': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('signOutOthers')).toBeDefined();
      expect(previous?.context.devices.some((device: { current: boolean }) => !device.current)).toBe(true);
    },
    'ready.downloading': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('exportData')).toBeDefined();
    },
    'ready.confirmingDelete': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    'ready.deleting': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('deleteAccount')?.input).toEqual({ password: PASSWORD });
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
    'done: changeEmail': ({ snapshot, event, previous, ...world }) => {
      afterRequest('Your email has been changed.')({ snapshot, event, previous, ...world });
      const output = outputOf(event);
      expect(snapshot.context.account.email).toBe(output.kind === 'ok' ? 'new@example.com' : previous?.context.account.email);
      expect(filled(snapshot.context.emailForm)).toBe(output.kind === 'ok' ? 0 : 2);
    },
    'done: changePassword': ({ snapshot, event, ...world }) => {
      afterRequest('Your password has been changed. Every other device has been signed out.')({ snapshot, event, ...world });
      if (outputOf(event).kind === 'ok') {
        expect(filled(snapshot.context.passwordForm)).toBe(0);
        expect(snapshot.context.devices.every((device: { current: boolean }) => device.current)).toBe(true);
      } else expect(filled(snapshot.context.passwordForm)).toBe(3);
    },
    'done: saveLanguage': ({ snapshot, event, previous, actions, ...world }) => {
      afterRequest('Your language has been saved.')({ snapshot, event, previous, actions, ...world });
      const output = outputOf(event);
      const adopted = actions.filter((action) => action.name === 'adoptLanguage').map((action) => action.params);
      // Actions accumulate along the path: the last adoption is always the account's language.
      if (output.kind === 'ok') expect(snapshot.context.account.language).toBe((output.data as { language: string }).language);
      else expect(snapshot.context.account.language).toBe(previous?.context.account.language);
      expect(adopted.at(-1)).toBe(snapshot.context.account.language);
    },
    'done: signOutDevice': ({ snapshot, event, previous, ...world }) => {
      afterRequest('That device has been signed out.')({ snapshot, event, previous, ...world });
      expect(snapshot.context.signingOut).toBeNull();
      const ids = snapshot.context.devices.map((device: { id: string }) => device.id);
      if (outputOf(event).kind === 'ok') expect(ids).toEqual([here.id]);
      else expect(ids).toEqual(previous?.context.devices.map((device: { id: string }) => device.id));
    },
    'done: signOutOthers': ({ snapshot, event, ...world }) => {
      afterRequest('Every other device has been signed out.')({ snapshot, event, ...world });
      if (outputOf(event).kind === 'ok') expect(snapshot.context.devices).toEqual([here]);
    },
    'done: exportData': ({ snapshot, event, actions, ...world }) => {
      afterRequest('Your data has been downloaded.')({ snapshot, event, actions, ...world });
      const saved = actions.filter((action) => action.name === 'saveFile').map((action) => action.params as { fileName: string; contents: string });
      if (outputOf(event).kind === 'ok') {
        expect(saved.at(-1)?.fileName).toBe('fitstream-data-2026-11-22.json');
        expect(JSON.parse(saved.at(-1)!.contents)).toEqual(exported);
      }
    },
    'done: deleteAccount': ({ snapshot, event }) => {
      const output = outputOf(event);
      expect(snapshot.matches('deleted')).toBe(output.kind === 'ok');
      if (output.kind !== 'ok') expect(snapshot.matches({ ready: 'confirmingDelete' })).toBe(true);
      if (output.kind === 'failed' && output.status === 400) expect(textOf(snapshot.context.notice)).toContain(SERVER_MESSAGE);
      if (output.kind === 'cancelled') expect(snapshot.context.notice).toBeNull();
    },
    'delete.cancel': ({ snapshot }) => {
      expect(snapshot.matches({ ready: 'idle' })).toBe(true);
      expect(snapshot.context.deletePassword).toBe('');
    },
    'device.signOut': ({ snapshot, event }) => {
      if (event.sessionId === here.id) expect(snapshot.matches({ ready: 'signingOutDevice' })).toBe(false);
    },
    'language.select': ({ snapshot, event, previous }) => {
      expect(snapshot.matches({ ready: 'savingLanguage' })).toBe(previous?.context.account.language !== event.language);
    },
    'email.submit': ({ snapshot }) => {
      if (!snapshot.matches({ ready: 'changingEmail' })) expect(Object.keys(snapshot.context.emailErrors).length).toBeGreaterThan(0);
    },
    'password.submit': ({ snapshot }) => {
      if (!snapshot.matches({ ready: 'changingPassword' })) expect(Object.keys(snapshot.context.passwordErrors).length).toBeGreaterThan(0);
    },
    'delete.confirm': ({ snapshot }) => {
      if (!snapshot.matches({ ready: 'deleting' })) expect(snapshot.context.deleteErrors.password).toBe('passwordRequired');
    },
  },
};
