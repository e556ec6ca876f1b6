// Model of /register (machines/sign-up.machine.ts): what must hold in each state of the form.
import { expect } from 'vitest';
import { signUpMachine } from '@machines/sign-up.machine';
import type { MachineModel, World } from './machine-model';
import { outcomes, outputOf, SERVER_MESSAGE, textOf } from './outcomes';

const user = { email: 'new@example.com', token: 'jwt-new', profile: null };

function afterResult({ snapshot, event }: World): void {
  const output = outputOf(event);
  const text = textOf(snapshot.context.notice);
  if (event.type.startsWith('xstate.error.')) expect(text).toBe('Failed to Register. Try Again...');
  else if (output.kind === 'cancelled') expect(text).toBeNull();
  else if (output.kind === 'unreachable') expect(text).toBe('Failed to Register. Try Again...');
  else if (output.kind === 'failed' && output.body) expect(text).toContain(SERVER_MESSAGE);
  else if (output.kind === 'failed') expect(text).toBe('Register Failed...');
}

export const model: MachineModel = {
  machine: signUpMachine,
  events: {
    'field.change': [
      { type: 'field.change', field: 'email', value: 'new@example.com' },
      { type: 'field.change', field: 'password', value: 'Secret1!' },
      { type: 'field.change', field: 'cpassword', value: 'Secret1!' },
      { type: 'field.change', field: 'cpassword', value: 'Other1!x' },
    ],
  },
  outputs: { signUp: outcomes(user) },
  ignore: ['scrollToTop'],
  states: {
    editing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    submitting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.notice).toBeNull();
      expect(lastStarted('signUp')?.input).toEqual({
        country: 'US',
        email: 'new@example.com',
        password: 'Secret1!',
        cpassword: 'Secret1!',
      });
    },
    signedUp: ({ actions }) => {
      expect(actions.filter((a) => a.name === 'tellSession').map((a) => a.params)).toEqual([
        { user, remember: false, to: '/details' },
      ]);
    },
  },
  after: {
    'form.submit': ({ snapshot }) => {
      if (!snapshot.matches('editing')) return;
      const { values, errors } = snapshot.context;
      if (values.email === '') expect(errors.email).toBe('emailInvalid');
      if (values.password === '') expect(errors.password).toBe('passwordInvalid');
      if (values.cpassword !== values.password) expect(errors.cpassword).toBe('passwordMismatch');
      expect(Object.keys(errors).length).toBeGreaterThan(0);
    },
    'done: signUp': afterResult,
    'error: signUp': afterResult,
  },
};
