// Model of the account page's password change (machines/account-password.machine.ts): the form
// by the shared rules, one request, and what it tells the page (the other devices signed out).
import { expect } from 'vitest';
import { accountPasswordMachine, type AccountPasswordContext } from '@machines/account-password.machine';
import type { MachineModel } from './machine-model';
import { outcomes, outputOf } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const PASSWORD = 'Str0ng#Pass';
const NEW_PASSWORD = 'N3w#Secret';
const filled = (context: AccountPasswordContext) => Object.values(context.values).filter((value) => value !== '').length;

export const model: MachineModel = {
  machine: accountPasswordMachine,
  events: {
    'field.change': [
      { type: 'field.change', form: 'password', field: 'currentPassword', value: PASSWORD },
      { type: 'field.change', form: 'password', field: 'password', value: NEW_PASSWORD },
      { type: 'field.change', form: 'password', field: 'cpassword', value: NEW_PASSWORD },
    ],
  },
  outputs: { changePassword: outcomes({ message: 'Changed.' }) },
  // Told apart by which fields are filled (what the rules read), not by their values.
  serialize: (snapshot) => JSON.stringify([snapshot.value, Object.entries((snapshot.context as AccountPasswordContext).values).filter(([, value]) => value !== '').map(([field]) => field)]),
  states: {
    editing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    changing: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(world.lastStarted('changePassword')?.input).toEqual({ currentPassword: PASSWORD, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
      toldBusy(world);
    },
  },
  after: {
    'done: changePassword': (world) => {
      toldEnd('Your password has been changed. Every other device has been signed out.', () => ({ keepThisDeviceOnly: true, feedLinkEnded: true }))(world);
      expect(filled(world.snapshot.context as AccountPasswordContext)).toBe(outputOf(world.event).kind === 'ok' ? 0 : 3);
    },
    'error: changePassword': toldEnd(''),
    'password.submit': ({ snapshot }) => {
      if (!snapshot.matches('changing')) expect(Object.keys((snapshot.context as AccountPasswordContext).errors).length).toBeGreaterThan(0);
    },
  },
};
