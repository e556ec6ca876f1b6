// /pricing (step 4 of 4): load the plans and the plan the account is on (if any), choose one,
// start a checkout. Success with a url leaves the app for the provider's page; success with
// only a message (nothing to pay, e.g. already subscribed) shows it as information for 3 s;
// errors show the server's message for 3 s; cancelled requests and 401s stay quiet. A promotion
// code (decision 069) is checked by a child (machines/promotion-code.machine.ts) for the plan
// selected; once applied, the plans show their first paid charge with it, changing the interval
// keeps it, and the checkout carries it. A link's `?code=` comes as input and is checked at once.
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { leaveFor, type Navigation } from '@domain/navigation';
import { infoNotice, serverFailureNotice } from '@domain/notices';
import { defaultPlan, inTierOrder, planAt, type BillingCycle, type Plan } from '@domain/plans';
import type { PromotionDiscount } from '@domain/promotion-codes';
import type { Outcome } from '@domain/request-outcome';
import { promotionCodeMachine, type PromotionCodeInput, type PromotionCodeReport } from './promotion-code.machine';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type LoadPlansOutput = Outcome<Plan[]>;
/** The plan of the account's current subscription; null when it has none. */
export type LoadCurrentPlanOutput = Outcome<{ planId: string | null }>;
export type SubscribeInput = Schemas['SubscribeRequest'];
export type SubscribeOutput = Outcome<Pick<Schemas['SubscribeSuccess'], 'url' | 'message'>>;

export interface PricingContext extends NoticeContext {
  hasEmail: boolean;
  plans: Plan[];
  selectedId: string | null;
  /** Billed monthly or yearly (docs/decisions/066): the plans are shown, and checked out, at it. */
  interval: BillingCycle;
  /** The plan a checkout was started for, at the interval chosen: its name, amount, duration, resolution for display. */
  chosen: Plan | null;
  /** The plan the account subscribes to now (marked 'Current plan'), or null. */
  currentPlanId: string | null;
  /** A code from the address (`?code=`), checked once the plans are in. */
  startCode: string;
  /** The promotion code applied (decision 069): the plans show it, the checkout sends it. */
  promotion: PromotionDiscount | null;
}

export type PricingEvent =
  | { type: 'plan.select'; planId: string }
  | { type: 'interval.select'; interval: BillingCycle }
  /** Proceed to checkout with `planId` (a desktop column) or the current selection (mobile Next). */
  | { type: 'plan.subscribe'; planId?: string }
  | { type: 'notice.dismiss' }
  /** The promotion code field: Apply (the code typed) and Remove. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.remove' }
  | PromotionCodeReport;

const planById = (plans: readonly Plan[], id: string | null | undefined) => plans.find((plan) => plan.id === id) ?? null;

/** Choosing a plan, also while a notice shows. */
const choosing = {
  'plan.select': { actions: 'select' },
  'interval.select': { actions: 'selectInterval' },
  'plan.subscribe': [{ guard: 'canSubscribe', target: 'subscribing', actions: ['select', 'choose'] }, { actions: 'select' }],
} as const;

/** A link's code is checked for the plan selected, unless the account already subscribes. */
const startCheck = (context: PricingContext): PromotionCodeInput =>
  context.startCode && context.selectedId !== null && context.currentPlanId === null
    ? { code: context.startCode, target: { plan: context.selectedId, interval: context.interval } }
    : {};

const subscribed = afterRequest({
  ok: { target: 'showingNotice', actions: { type: 'showMessage', params: outcomeOf } },
  quiet: { target: 'idle' },
  failed: { target: 'showingNotice', actions: showFailure },
});

export const pricingMachine = setup({
  types: {
    context: {} as PricingContext,
    events: {} as PricingEvent,
    input: {} as { hasEmail: boolean; code?: string },
    emitted: {} as Navigation,
    children: {} as { promotionCode: 'promotionCode' },
  },
  actors: {
    loadPlans: fromPromise<LoadPlansOutput>(async () => ({ kind: 'unreachable' })),
    loadCurrentPlan: fromPromise<LoadCurrentPlanOutput>(async () => ({ kind: 'unreachable' })),
    subscribe: fromPromise<SubscribeOutput, SubscribeInput>(async () => ({ kind: 'unreachable' })),
    promotionCode: promotionCodeMachine,
  },
  actions: {
    takePlans: assign((_, output: LoadPlansOutput) => {
      const plans = output.kind === 'ok' ? inTierOrder(output.data) : [];
      return { plans, selectedId: defaultPlan(plans)?.id ?? null };
    }),
    select: assign({
      selectedId: ({ context, event }) =>
        (event.type === 'plan.select' || event.type === 'plan.subscribe') && planById(context.plans, event.planId) ? (event.planId ?? null) : context.selectedId,
    }),
    selectInterval: assign({ interval: ({ context, event }) => (event.type === 'interval.select' ? event.interval : context.interval) }),
    takeCurrentPlan: assign({ currentPlanId: (_, output: LoadCurrentPlanOutput) => (output.kind === 'ok' ? output.data.planId : null) }),
    choose: assign({
      chosen: ({ context }) => {
        const plan = planById(context.plans, context.selectedId);
        return plan ? planAt(plan, context.interval) : null;
      },
    }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    showMessage: assign(({ context }, output: SubscribeOutput) =>
      noticeShown(context, infoNotice(output.kind === 'ok' ? (output.data.message ?? '') : '')),
    ),
    clearNotice: assign({ notice: null }),
    /** The code goes to the child with the plan selected and the interval, to check it for. */
    forwardCode: sendTo('promotionCode', ({ context, event }) =>
      event.type === 'code.submit'
        ? { type: 'code.submit' as const, code: event.code, target: { plan: context.selectedId ?? '', interval: context.interval } }
        : { type: 'code.remove' as const },
    ),
    takePromotion: assign({ promotion: ({ event }) => (event.type === 'promotion.applied' ? event.discount : null) }),
    leaveForCheckout: emit((_, output: SubscribeOutput) => leaveFor(output.kind === 'ok' ? (output.data.url ?? '') : '')),
  },
  guards: {
    ...outcomeGuards,
    hasCheckoutUrl: (_, output: SubscribeOutput) => output.kind === 'ok' && Boolean(output.data.url),
    canSubscribe: ({ context, event }) =>
      context.hasEmail &&
      context.currentPlanId === null &&
      event.type === 'plan.subscribe' &&
      planById(context.plans, event.planId ?? context.selectedId) !== null,
    /** A code is for a plan to start: there is one selected, and the account has none yet. */
    canHaveCode: ({ context }) => context.selectedId !== null && context.currentPlanId === null,
  },
  delays: {
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'pricing',
  context: ({ input }) => ({
    hasEmail: input.hasEmail,
    plans: [],
    selectedId: null,
    interval: 'month',
    chosen: null,
    currentPlanId: null,
    startCode: input.code?.trim() ?? '',
    promotion: null,
    notice: null,
    scrollToTop: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPlans',
        ...afterRequest({
          ok: { target: 'loadingCurrentPlan', actions: { type: 'takePlans', params: outcomeOf } },
          quiet: { target: 'ready' },
          failed: { target: 'ready.showingNotice', actions: showFailure },
        }),
      },
    },
    /** Whether the account already subscribes (its plan is marked, nothing to start); a failure says nothing. */
    loadingCurrentPlan: {
      tags: ['loading'],
      invoke: {
        src: 'loadCurrentPlan',
        onDone: { target: 'ready', actions: { type: 'takeCurrentPlan', params: outcomeOf } },
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'idle',
      invoke: { id: 'promotionCode', src: 'promotionCode', input: ({ context }): PromotionCodeInput => startCheck(context) },
      on: {
        'code.submit': { guard: 'canHaveCode', actions: 'forwardCode' },
        'code.remove': { actions: 'forwardCode' },
        'promotion.applied': { actions: 'takePromotion' },
        'promotion.removed': { actions: 'takePromotion' },
      },
      states: {
        idle: { on: choosing },
        subscribing: {
          tags: ['busy'],
          invoke: {
            src: 'subscribe',
            input: ({ context }): SubscribeInput => ({
              plan: context.chosen?.id ?? '',
              interval: context.interval,
              ...(context.promotion ? { promotion_code: context.promotion.code } : {}),
            }),
            onDone: [
              {
                guard: { type: 'hasCheckoutUrl', params: outcomeOf },
                target: '#pricing.redirecting',
                actions: { type: 'leaveForCheckout', params: outcomeOf },
              },
              ...subscribed.onDone,
            ],
            onError: subscribed.onError,
          },
        },
        showingNotice: showingNotice('noticeDuration', 'idle', choosing),
      },
    },
    /** Leaving for the provider's checkout page; the busy look stays until the page unloads. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type PricingMachine = typeof pricingMachine;
