// /users: back from the payment provider. Confirms the checkout named by `session_id` with the
// stored device id, then /success or /cancel (replacing history). No session_id: /cancel.
import { emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { toCheckoutResult, type Navigation, type StartedTrial } from '@domain/navigation';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import { afterRequest, outcomeGuards } from './request-states';

/** The contract's confirmation, with the device id null when the browser has none. */
export type ConfirmCheckoutInput = Pick<Schemas['ConfirmRequest'], 'customer'> & { deviceId: string | null };
export type ConfirmCheckoutOutput = Outcome<Pick<Schemas['SubscriptionSuccess'], 'subscription'>>;

/** The trial a confirmed checkout started (a trialing subscription with its end), else null. */
export function startedTrial(outcome: ConfirmCheckoutOutput): StartedTrial | null {
  if (outcome.kind !== 'ok') return null;
  const { subscription } = outcome.data;
  if (subscription.subscription_status !== 'trialing' || !subscription.trial_end) return null;
  return { plan: subscription.product_name, amount: subscription.amount, currency: subscription.currency, firstChargeAt: subscription.trial_end };
}

export interface CheckoutReturnContext {
  sessionId: string | null;
  deviceId: string | null;
}

export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    input: {} as { sessionId: string | null; deviceId: string | null },
    emitted: {} as Navigation,
  },
  actors: {
    confirmCheckout: fromPromise<ConfirmCheckoutOutput, ConfirmCheckoutInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    goToSuccess: emit((_, trial: StartedTrial | null) => toCheckoutResult(routes.success.path, trial)),
    goToCancel: emit(toCheckoutResult(routes.cancel.path)),
  },
  guards: {
    ...outcomeGuards,
    hasSessionId: ({ context }) => context.sessionId !== null && context.sessionId !== '',
  },
}).createMachine({
  id: 'checkoutReturn',
  context: ({ input }) => ({ sessionId: input.sessionId, deviceId: input.deviceId }),
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
        // Quiet: cancelled, or the session is already taking the user to /login.
        ...afterRequest({
          ok: { target: 'confirmed', actions: { type: 'goToSuccess', params: ({ event }: { event: { output: ConfirmCheckoutOutput } }) => startedTrial(event.output) } },
          quiet: { target: 'abandoned' },
          failed: { target: 'failed' },
        }),
      },
    },
    confirmed: { type: 'final' },
    failed: { type: 'final', entry: 'goToCancel' },
    abandoned: { type: 'final' },
  },
});

export type CheckoutReturnMachine = typeof checkoutReturnMachine;
