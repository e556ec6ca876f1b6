// /users: back from the payment provider. Confirms the checkout named by `session_id` with the
// stored device id, then /success or /cancel (replacing history). No session_id: /cancel.
import { assign, fromPromise, setup } from 'xstate';
import { flowPaths, goTo, type Navigation } from '../src/domain/navigation';
import { isSessionLost, type Outcome } from '../src/domain/request-outcome';

export interface ConfirmCheckoutInput {
  customer: string;
  deviceId: string | null;
}
export type ConfirmCheckoutOutput = Outcome<unknown>;

export interface CheckoutReturnContext {
  sessionId: string | null;
  deviceId: string | null;
  navigation: Navigation | null;
}

export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    input: {} as { sessionId: string | null; deviceId: string | null },
  },
  actors: {
    confirmCheckout: fromPromise<ConfirmCheckoutOutput, ConfirmCheckoutInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    goToSuccess: assign({ navigation: goTo(flowPaths.success) }),
    goToCancel: assign({ navigation: goTo(flowPaths.cancel) }),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null && context.sessionId !== '',
    succeeded: (_, output: ConfirmCheckoutOutput) => output.kind === 'ok',
    /** Cancelled, or the session is already taking the user to /login. */
    isQuiet: (_, output: ConfirmCheckoutOutput) => output.kind === 'cancelled' || isSessionLost(output),
  },
}).createMachine({
  id: 'checkoutReturn',
  context: ({ input }) => ({ sessionId: input.sessionId, deviceId: input.deviceId, navigation: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSessionId', target: 'confirming' }, { target: 'failed' }],
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirmCheckout',
        input: ({ context }) => ({ customer: context.sessionId ?? '', deviceId: context.deviceId }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'confirmed' },
          { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'abandoned' },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    confirmed: { type: 'final', entry: 'goToSuccess' },
    failed: { type: 'final', entry: 'goToCancel' },
    abandoned: { type: 'final' },
  },
});

export type CheckoutReturnMachine = typeof checkoutReturnMachine;
