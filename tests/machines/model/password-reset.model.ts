// Model of /forgot-password and /reset-password (machines/password-reset.machine.ts): what must
// hold in each state of both forms.
import { expect } from 'vitest';
import { passwordResetMachine } from '@machines/password-reset.machine';
import type { Outcome } from '@domain/request-outcome';
import type { MachineModel, World } from './machine-model';
import { outcomes, outputOf, SERVER_MESSAGE, textOf } from './outcomes';

const user = { email: 'ana@example.com', token: 'jwt-ana', profile: null };
const linkRefused: Outcome<never> = {
  kind: 'failed',
  status: 400,
  body: { isSuccess: false, message: 'This password-reset link has expired or has already been used.', statusCode: 400, code: 'auth.resetLinkInvalid' },
};

function afterResult(fallback: string) {
  return ({ snapshot, event }: World): void => {
    const output = outputOf(event);
    const text = textOf(snapshot.context.notice);
    if (snapshot.matches('linkInvalid') || snapshot.matches('sent') || snapshot.matches('done')) return;
    // No response at all (the call itself failed) reads like an unreachable server.
    if (event.type.startsWith('xstate.error.')) expect(text).toBe('Could not reach FitStream. Please try again.');
    else if (output.kind === 'cancelled') expect(text).toBeNull();
    else if (output.kind === 'unreachable') expect(text).toBe('Could not reach FitStream. Please try again.');
    else if (output.kind === 'failed' && output.body && output.status === 400) expect(text).toContain(SERVER_MESSAGE);
    else if (output.kind === 'failed') expect(text).toBe(fallback);
  };
}

export const model: MachineModel = {
  machine: passwordResetMachine,
  inputs: [{ mode: 'forgot' }, { mode: 'reset', token: 'tok-1' }, { mode: 'reset', token: null }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'email', value: ' ana@example.com ' },
      { type: 'field.change', field: 'password', value: 'N3w#Secret' },
      { type: 'field.change', field: 'cpassword', value: 'N3w#Secret' },
    ],
    'link.again': [{ type: 'link.again' }],
  },
  outputs: {
    requestLink: outcomes({ message: 'If an account exists…' }),
    resetPassword: [...outcomes(user), linkRefused],
  },
  ignore: ['scrollToTop'],
  states: {
    opening: () => {
      throw new Error('opening passes straight through');
    },
    asking: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.token).toBeNull();
    },
    sending: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.notice).toBeNull();
      expect(lastStarted('requestLink')?.input).toEqual({ email: 'ana@example.com' });
    },
    sent: ({ snapshot }) => {
      expect(snapshot.context.notice).toBeNull();
    },
    choosing: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.token).toBe('tok-1');
    },
    saving: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('resetPassword')?.input).toEqual({ token: 'tok-1', password: 'N3w#Secret', cpassword: 'N3w#Secret' });
    },
    linkInvalid: ({ snapshot }) => {
      expect(snapshot.context.token === '' || snapshot.context.token === 'tok-1').toBe(true);
    },
    done: ({ actions }) => {
      const told = actions.filter((a) => a.name === 'tellSession');
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toEqual({ user, remember: false, to: '/home' });
    },
  },
  after: {
    'form.submit': ({ snapshot }) => {
      const { email, password, cpassword } = snapshot.context.values;
      if (snapshot.matches('asking')) expect(email.trim()).not.toBe('ana@example.com');
      if (snapshot.matches('choosing')) expect(password === 'N3w#Secret' && cpassword === 'N3w#Secret').toBe(false);
    },
    'field.change': ({ snapshot, event }) => {
      const field = event.field as 'email' | 'password' | 'cpassword';
      expect(snapshot.context.errors[field]).toBeUndefined();
    },
    'done: requestLink': afterResult('We could not send the link. Please try again.'),
    'error: requestLink': afterResult('We could not send the link. Please try again.'),
    'done: resetPassword': afterResult('We could not change the password. Please try again.'),
    'error: resetPassword': afterResult('We could not change the password. Please try again.'),
  },
};
