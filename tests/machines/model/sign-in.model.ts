// Model of /login (machines/sign-in.machine.ts): what must hold in each state of the form.
import { expect } from 'vitest';
import { signInMachine } from '@machines/sign-in.machine';
import type { MachineModel, World } from './machine-model';
import { outcomes, outputOf, SERVER_MESSAGE, textOf } from './outcomes';

const user = { email: 'ana@example.com', token: 'jwt-ana', profile: null };

function afterResult({ snapshot, event }: World): void {
  const output = outputOf(event);
  const text = textOf(snapshot.context.notice);
  if (event.type.startsWith('xstate.error.')) expect(text).toBe('Failed to Login In. Try Again...');
  else if (output.kind === 'cancelled') expect(text).toBeNull();
  else if (output.kind === 'unreachable') expect(text).toBe('Failed to Login In. Try Again...');
  else if (output.kind === 'failed' && output.body) expect(text).toContain(SERVER_MESSAGE);
  else if (output.kind === 'failed') expect(text).toBe('Login Failed...');
}

export const model: MachineModel = {
  machine: signInMachine,
  inputs: [undefined, { origin: '/billing' }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'email', value: ' ana@example.com ' },
      { type: 'field.change', field: 'password', value: 'Secret1!' },
      { type: 'field.change', field: 'email', value: '' },
    ],
    'remember.change': [{ type: 'remember.change', value: true }],
  },
  outputs: { signIn: outcomes(user) },
  ignore: ['scrollToTop'],
  states: {
    editing: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    submitting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.notice).toBeNull();
      const sent = lastStarted('signIn')?.input as { email: string; password: string };
      expect(sent.email).toBe('ana@example.com');
      expect(sent.password).toBe('Secret1!');
    },
    signedIn: ({ snapshot, actions }) => {
      const told = actions.filter((a) => a.name === 'tellSession');
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toEqual({
        user,
        remember: snapshot.context.remember,
        to: snapshot.context.origin ?? '/home',
      });
    },
  },
  after: {
    'form.submit': ({ snapshot }) => {
      const { email, password } = snapshot.context.values;
      if (snapshot.matches('editing')) {
        // Blocked: the rules say which field is wrong.
        expect(email.trim() === '' || password === '').toBe(true);
        if (email.trim() === '') expect(snapshot.context.errors.email).toBe('emailRequired');
        if (password === '') expect(snapshot.context.errors.password).toBe('passwordRequired');
      }
    },
    'field.change': ({ snapshot, event }) => {
      const field = event.field as 'email' | 'password';
      expect(snapshot.context.errors[field]).toBeUndefined();
    },
    'done: signIn': afterResult,
    'error: signIn': afterResult,
  },
};
