// The cancel flow that listens (decision 068), a child of machines/billing.machine.ts: at most two
// steps to a cancellation. First a reason (Stripe's list, with optional words); then the server
// says which offer that reason brings: a pause of 1–3 months for "unused", 50 % off the next month
// for "too expensive", or none (straight to confirming). "Cancel anyway" sits beside the offer.
// Back returns to the reason; Keep subscription ends the flow at any step. The flow ends with
// what happened (`CancelFlowOutput`), which the billing page shows; a failed request ends it too.
import { assign, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import type { CancelReason, RetentionOffer } from '@domain/cancel-reasons';
import type { Outcome } from '@domain/request-outcome';
import type { PauseMonths } from '@domain/subscriptions';
import { afterRequest, outcomeGuards, outcomeOf } from './request-states';

type Subscription = Schemas['Subscription'];
export interface CancelFlowInput {
  subscriptionId: string;
}
export interface CancelSubscriptionInput extends CancelFlowInput {
  reason?: CancelReason;
  text?: string;
}
export type CancelSubscriptionOutput = Outcome<{ subscription: Subscription }>;
export interface PauseSubscriptionInput extends CancelFlowInput {
  months: PauseMonths;
  /** Set when the pause is the cancel flow's offer: it counts as the account's one offer. */
  cancelReason?: 'unused';
  text?: string;
}
export type FindCancelOfferOutput = Outcome<{ offer: RetentionOffer | null }>;
export interface AcceptHalfOffInput extends CancelFlowInput {
  text?: string;
}

/** How the flow ended: kept as it was, changed (with the subscription as it is now), or a failure. */
export type CancelFlowOutput =
  | { result: 'kept' }
  | { result: 'cancelled' | 'halfOff' | 'paused'; subscription: Subscription }
  | { result: 'failed'; outcome: Outcome<unknown> };

export interface CancelFlowContext extends CancelFlowInput {
  reason: CancelReason | null;
  text: string;
  offer: RetentionOffer | null;
  pauseMonths: PauseMonths;
  output: CancelFlowOutput;
}

export type CancelFlowEvent =
  | { type: 'reason.choose'; reason: CancelReason }
  | { type: 'reason.text'; text: string }
  | { type: 'reason.next' }
  | { type: 'pause.months'; months: PauseMonths }
  | { type: 'offer.accept' }
  | { type: 'cancel.anyway' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' }
  | { type: 'cancel.keep' };

const unreachable = async () => ({ kind: 'unreachable' }) as const;

/** A request that ends the flow: with `result` and the subscription, kept when quiet, or failed. */
const ends = (result: 'cancelled' | 'halfOff' | 'paused') =>
  afterRequest({
    ok: { target: 'done', actions: { type: 'endWith', params: (args: { event: { output: CancelSubscriptionOutput } | { error: unknown } }) => ({ result, outcome: outcomeOf(args) }) } },
    quiet: { target: 'done' },
    failed: { target: 'done', actions: { type: 'endFailed', params: outcomeOf } },
  });

const words = ({ context }: { context: CancelFlowContext }) => (context.text.trim() ? { text: context.text.trim() } : {});

export const cancelFlowMachine = setup({
  types: {
    context: {} as CancelFlowContext,
    input: {} as CancelFlowInput,
    events: {} as CancelFlowEvent,
    output: {} as CancelFlowOutput,
  },
  actors: {
    findCancelOffer: fromPromise<FindCancelOfferOutput, CancelFlowInput & { reason: CancelReason }>(unreachable),
    cancelSubscription: fromPromise<CancelSubscriptionOutput, CancelSubscriptionInput>(unreachable),
    acceptHalfOff: fromPromise<CancelSubscriptionOutput, AcceptHalfOffInput>(unreachable),
    pauseSubscription: fromPromise<CancelSubscriptionOutput, PauseSubscriptionInput>(unreachable),
  },
  actions: {
    chooseReason: assign({ reason: ({ context, event }) => (event.type === 'reason.choose' ? event.reason : context.reason) }),
    writeText: assign({ text: ({ context, event }) => (event.type === 'reason.text' ? event.text : context.text) }),
    choosePauseMonths: assign({ pauseMonths: ({ context, event }) => (event.type === 'pause.months' ? event.months : context.pauseMonths) }),
    takeOffer: assign({ offer: (_, output: FindCancelOfferOutput) => (output.kind === 'ok' ? output.data.offer : null) }),
    endWith: assign({
      output: ({ context }, params: { result: 'cancelled' | 'halfOff' | 'paused'; outcome: CancelSubscriptionOutput }) =>
        params.outcome.kind === 'ok' ? { result: params.result, subscription: params.outcome.data.subscription } : context.output,
    }),
    endFailed: assign({ output: (_, outcome: Outcome<unknown>) => ({ result: 'failed' as const, outcome }) }),
  },
  guards: {
    ...outcomeGuards,
    hasReason: ({ context }) => context.reason !== null,
    hasOffer: (_, output: FindCancelOfferOutput) => output.kind === 'ok' && output.data.offer !== null,
    offersPause: ({ context }) => context.offer === 'pause',
  },
}).createMachine({
  id: 'cancelFlow',
  context: ({ input }) => ({ subscriptionId: input.subscriptionId, reason: null, text: '', offer: null, pauseMonths: 1, output: { result: 'kept' } }),
  initial: 'choosingReason',
  output: ({ context }) => context.output,
  states: {
    /** Step 1: "Why are you cancelling?" — a reason (required) and optional words. */
    choosingReason: {
      on: {
        'reason.choose': { actions: 'chooseReason' },
        'reason.text': { actions: 'writeText' },
        'reason.next': { guard: 'hasReason', target: 'findingOffer' },
        'cancel.keep': { target: 'done' },
      },
    },
    /** Asking the server which offer the reason brings (the rules are the server's). */
    findingOffer: {
      tags: ['busy'],
      invoke: {
        src: 'findCancelOffer',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, reason: context.reason ?? 'other' }),
        onDone: [
          { guard: { type: 'hasOffer', params: outcomeOf }, target: 'offering', actions: { type: 'takeOffer', params: outcomeOf } },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'confirming', actions: { type: 'takeOffer', params: outcomeOf } },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'choosingReason' },
          { target: 'done', actions: { type: 'endFailed', params: outcomeOf } },
        ],
        onError: { target: 'done', actions: { type: 'endFailed', params: outcomeOf } },
      },
    },
    /** Step 2 with an offer: take it, or "Cancel anyway" (as prominent). */
    offering: {
      on: {
        'pause.months': { actions: 'choosePauseMonths' },
        'offer.accept': [{ guard: 'offersPause', target: 'pausing' }, { target: 'acceptingHalfOff' }],
        'cancel.anyway': { target: 'cancelling' },
        'cancel.back': { target: 'choosingReason' },
        'cancel.keep': { target: 'done' },
      },
    },
    /** Step 2 without an offer: what cancelling means, then "Cancel subscription". */
    confirming: {
      on: {
        'cancel.confirm': { target: 'cancelling' },
        'cancel.back': { target: 'choosingReason' },
        'cancel.keep': { target: 'done' },
      },
    },
    acceptingHalfOff: {
      tags: ['busy'],
      invoke: { src: 'acceptHalfOff', input: ({ context }) => ({ subscriptionId: context.subscriptionId, ...words({ context }) }), ...ends('halfOff') },
    },
    pausing: {
      tags: ['busy'],
      invoke: {
        src: 'pauseSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, months: context.pauseMonths, cancelReason: 'unused' as const, ...words({ context }) }),
        ...ends('paused'),
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancelSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, ...(context.reason ? { reason: context.reason } : {}), ...words({ context }) }),
        ...ends('cancelled'),
      },
    },
    done: { type: 'final' },
  },
});

export type CancelFlowMachine = typeof cancelFlowMachine;
