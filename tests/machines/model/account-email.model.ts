// Model of the account page's email change (machines/account-email.machine.ts): the form by the
// shared rules, one request with the email trimmed, and what it tells the page.
import { expect } from 'vitest';
import { accountEmailMachine, type AccountEmailContext } from '@machines/account-email.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const PASSWORD = 'Str0ng#Pass';
const filled = (context: AccountEmailContext) => Object.values(context.values).filter((value) => value !== '').length;

export const model: MachineModel = {
  machine: accountEmailMachine,
  events: {
    'field.change': [
      { type: 'field.change', form: 'email', field: 'email', value: ' new@example.com ' },
      { type: 'field.change', form: 'email', field: 'password', value: PASSWORD },
    ],
  },
  outputs: { changeEmail: [ok({ email: 'new@example.com' }), refused(400), refused(401), crashed, unreachable, cancelled] },
  // Told apart by which fields are filled (what the rules read), not by their values.
  serialize: (snapshot) => JSON.stringify([snapshot.value, Object.entries((snapshot.context as AccountEmailContext).values).filter(([, value]) => value !== '').map(([field]) => field)]),
  states: {
    editing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    changing: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(world.lastStarted('changeEmail')?.input).toEqual({ email: 'new@example.com', password: PASSWORD });
      toldBusy(world);
    },
  },
  after: {
    'done: changeEmail': (world) => {
      toldEnd('Your email has been changed.', () => ({ email: 'new@example.com' }))(world);
      expect(filled(world.snapshot.context as AccountEmailContext)).toBe(outputOf(world.event).kind === 'ok' ? 0 : 2);
    },
    'error: changeEmail': toldEnd(''),
    'email.submit': ({ snapshot }) => {
      if (!snapshot.matches('changing')) expect(Object.keys((snapshot.context as AccountEmailContext).errors).length).toBeGreaterThan(0);
    },
  },
};
