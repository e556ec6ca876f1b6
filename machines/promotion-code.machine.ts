// A promotion code typed on /pricing or on Billing (decision 069), a child of
// machines/pricing.machine.ts and machines/billing.machine.ts. The parent forwards the code with
// what it is for (a plan at an interval, or the subscription); the server checks it (pricing) or
// applies it (Billing). Applied, the child tells its parent the discount (and the subscription
// it changed); refused, it keeps the server's message beside the field until the next try or
// Remove. A cancelled request or a 401 says nothing. A code in the input (a marketing link's
// `?code=`) is checked at once.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { serverFailureNotice, type Notice } from '@domain/notices';
import type { BillingCycle } from '@domain/plans';
import { normalPromotionCode, type PromotionDiscount } from '@domain/promotion-codes';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, outcomeGuards, outcomeOf } from './request-states';

/** What a code is checked for: a plan at an interval (/pricing) or the subscription (Billing). */
export type PromotionCodeTarget = { plan: string; interval: BillingCycle } | { subscriptionId: string };
export type SubmitPromotionCodeInput = { code: string } & PromotionCodeTarget;
/** The discount, and on Billing the subscription that now has it. */
export type SubmitPromotionCodeOutput = Outcome<{ discount: PromotionDiscount; subscription?: Schemas['Subscription'] }>;

export interface PromotionCodeInput {
  /** A code to check at once (a link's `?code=`), with what it is for. */
  code?: string;
  target?: PromotionCodeTarget;
}

/** What the child tells its parent. */
export type PromotionCodeReport =
  | { type: 'promotion.applied'; discount: PromotionDiscount; subscription?: Schemas['Subscription'] }
  | { type: 'promotion.removed' };

export interface PromotionCodeContext {
  /** The code sent (or to send), as the server keeps it. */
  code: string;
  target: PromotionCodeTarget | null;
  discount: PromotionDiscount | null;
  /** Why the code was refused: the server's message (already in the user's language). */
  refusal: Notice | null;
}

export type PromotionCodeEvent = { type: 'code.submit'; code: string; target: PromotionCodeTarget } | { type: 'code.remove' };

export const promotionCodeMachine = setup({
  types: {
    context: {} as PromotionCodeContext,
    input: {} as PromotionCodeInput | undefined,
    events: {} as PromotionCodeEvent,
  },
  actors: {
    submitPromotionCode: fromPromise<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takeCode: assign(({ context, event }) =>
      event.type === 'code.submit' ? { code: normalPromotionCode(event.code), target: event.target, refusal: null } : { code: context.code },
    ),
    takeDiscount: assign({ discount: ({ context }, output: SubmitPromotionCodeOutput) => (output.kind === 'ok' ? output.data.discount : context.discount) }),
    takeRefusal: assign({ refusal: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clear: assign({ code: '', discount: null, refusal: null }),
    tellApplied: sendParent((_, output: SubmitPromotionCodeOutput): PromotionCodeReport =>
      output.kind === 'ok'
        ? { type: 'promotion.applied', discount: output.data.discount, ...(output.data.subscription ? { subscription: output.data.subscription } : {}) }
        : { type: 'promotion.removed' },
    ),
    tellRemoved: sendParent({ type: 'promotion.removed' } satisfies PromotionCodeReport),
  },
  guards: {
    ...outcomeGuards,
    /** A code worth sending: something besides spaces, and something to check it for. */
    hasCode: ({ event }) => event.type === 'code.submit' && normalPromotionCode(event.code) !== '',
    hasStartCode: ({ context }) => context.code !== '' && context.target !== null,
  },
}).createMachine({
  id: 'promotionCode',
  context: ({ input }) => ({ code: normalPromotionCode(input?.code ?? ''), target: input?.target ?? null, discount: null, refusal: null }),
  initial: 'empty',
  states: {
    /** The field, empty or being typed in, with Apply. */
    empty: {
      always: { guard: 'hasStartCode', target: 'checking' },
      on: { 'code.submit': { guard: 'hasCode', target: 'checking', actions: 'takeCode' } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'submitPromotionCode',
        input: ({ context }) => ({ code: context.code, ...(context.target ?? { subscriptionId: '' }) }),
        ...afterRequest({
          ok: { target: 'applied', actions: [{ type: 'takeDiscount', params: outcomeOf }, { type: 'tellApplied', params: outcomeOf }] },
          quiet: { target: 'empty', actions: 'clear' },
          failed: { target: 'refused', actions: { type: 'takeRefusal', params: outcomeOf } },
        }),
      },
    },
    /** What the code takes off, with Remove. */
    applied: {
      on: { 'code.remove': { target: 'empty', actions: ['clear', 'tellRemoved'] } },
    },
    /** The server's reason under the field; another try or Remove. */
    refused: {
      on: {
        'code.submit': { guard: 'hasCode', target: 'checking', actions: 'takeCode' },
        'code.remove': { target: 'empty', actions: 'clear' },
      },
    },
  },
});

export type PromotionCodeMachine = typeof promotionCodeMachine;
