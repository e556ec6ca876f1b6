// The model of the sample machine: payloads to try and what must hold in each state.
import { expect } from 'vitest';
import type { MachineModel } from '../machine-model';
import { signInSampleMachine } from './sign-in-sample.machine';

export const signInSampleModel: MachineModel = {
  machine: signInSampleMachine,
  events: {
    'form.change': [
      { type: 'form.change', email: 'ana@example.com' },
      { type: 'form.change', email: '' },
    ],
  },
  outputs: {
    signIn: [
      { isSuccess: true, token: 'jwt' },
      { isSuccess: false, message: 'Wrong password' },
    ],
  },
  states: {
    'editing.clean': ({ snapshot }) => expect(snapshot.context.error).toBeNull(),
    'editing.error': ({ snapshot, pendingTimers }) => {
      expect(snapshot.context.error).toEqual(expect.any(String));
      expect(pendingTimers()).toContain(3000);
    },
    submitting: ({ lastStarted, snapshot }) => {
      expect(lastStarted('signIn')?.input).toEqual({ email: snapshot.context.email });
      expect(snapshot.context.email).not.toBe('');
    },
    done: ({ snapshot }) => {
      expect(snapshot.context.token).toBe('jwt');
      expect(snapshot.context.navigate).toBe('/home');
    },
    signedIn: () => {},
  },
  after: {
    'banner.dismiss': ({ snapshot }) => expect(snapshot.matches({ editing: 'clean' })).toBe(true),
  },
};
