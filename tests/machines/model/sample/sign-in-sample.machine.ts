// A small machine in the style of machines/*.machine.ts (invoke, after, guards, nested states,
// eventless transitions, a final state), used to test the shared traversal helper itself.
import { assign, setup } from 'xstate';

interface SignInOutput {
  isSuccess: boolean;
  token?: string;
  message?: string;
}

export const signInSampleMachine = setup({
  types: {
    context: {} as { email: string; token: string | null; error: string | null; navigate: string | null },
    events: {} as
      | { type: 'form.change'; email: string }
      | { type: 'form.submit' }
      | { type: 'banner.dismiss' },
  },
  actors: {
    signIn: null as unknown as import('xstate').PromiseActorLogic<SignInOutput, { email: string }>,
  },
  guards: {
    hasEmail: ({ context }) => context.email.length > 0,
    succeeded: ({ event }) => (event as unknown as { output: SignInOutput }).output.isSuccess,
  },
  delays: { bannerTimeout: 3000 },
}).createMachine({
  id: 'signInSample',
  context: { email: '', token: null, error: null, navigate: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'clean',
      states: {
        clean: { entry: assign({ error: null }) },
        error: {
          after: { bannerTimeout: 'clean' },
          on: { 'banner.dismiss': 'clean' },
        },
      },
      on: {
        'form.change': { target: '.clean', actions: assign({ email: ({ event }) => event.email }) },
        'form.submit': { guard: 'hasEmail', target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'signedIn',
            actions: assign({ token: ({ event }) => event.output.token ?? null }),
          },
          { target: 'editing.error', actions: assign({ error: ({ event }) => event.output.message ?? 'Login Failed...' }) },
        ],
        onError: { target: 'editing.error', actions: assign({ error: 'Failed to Login In. Try Again...' }) },
      },
    },
    signedIn: {
      always: { target: 'done', actions: assign({ navigate: '/home' }) },
    },
    done: { type: 'final' },
  },
});
