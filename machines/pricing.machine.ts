// /pricing (step 4 of 4): load the plans and the plan the account is on (if any), choose one,
// start a checkout. Success with a url leaves the app for the provider's page; success with
// only a message (nothing to pay, e.g. already subscribed) shows it as information for 3 s;
// errors show the server's message for 3 s; cancelled requests and 401s stay quiet.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { leaveFor, type Navigation } from '@domain/navigation';
import { infoNotice, serverFailureNotice } from '@domain/notices';
import { defaultPlan, inTierOrder, type Plan } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
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
  /** The plan a checkout was started for: its name, amount, duration, resolution for display. */
  chosen: Plan | null;
  /** The plan the account subscribes to now (marked 'Current plan'), or null. */
  currentPlanId: string | null;
}

export type PricingEvent =
  | { type: 'plan.select'; planId: string }
  /** Proceed to checkout with `planId` (a desktop column) or the current selection (mobile Next). */
  | { type: 'plan.subscribe'; planId?: string }
  | { type: 'notice.dismiss' };

const planById = (plans: readonly Plan[], id: string | null | undefined) => plans.find((plan) => plan.id === id) ?? null;

/** Choosing a plan, also while a notice shows. */
const choosing = {
  'plan.select': { actions: 'select' },
  'plan.subscribe': [{ guard: 'canSubscribe', target: 'subscribing', actions: ['select', 'choose'] }, { actions: 'select' }],
} as const;

const subscribed = afterRequest({
  ok: { target: 'showingNotice', actions: { type: 'showMessage', params: outcomeOf } },
  quiet: { target: 'idle' },
  failed: { target: 'showingNotice', actions: showFailure },
});

export const pricingMachine = setup({
  types: {
    context: {} as PricingContext,
    events: {} as PricingEvent,
    input: {} as { hasEmail: boolean },
    emitted: {} as Navigation,
  },
  actors: {
    loadPlans: fromPromise<LoadPlansOutput>(async () => ({ kind: 'unreachable' })),
    loadCurrentPlan: fromPromise<LoadCurrentPlanOutput>(async () => ({ kind: 'unreachable' })),
    subscribe: fromPromise<SubscribeOutput, SubscribeInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takePlans: assign((_, output: LoadPlansOutput) => {
      const plans = output.kind === 'ok' ? inTierOrder(output.data) : [];
      return { plans, selectedId: defaultPlan(plans)?.id ?? null };
    }),
    select: assign({
      selectedId: ({ context, event }) =>
        event.type !== 'notice.dismiss' && planById(context.plans, event.planId) ? (event.planId ?? null) : context.selectedId,
    }),
    takeCurrentPlan: assign({ currentPlanId: (_, output: LoadCurrentPlanOutput) => (output.kind === 'ok' ? output.data.planId : null) }),
    choose: assign({ chosen: ({ context }) => planById(context.plans, context.selectedId) }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    showMessage: assign(({ context }, output: SubscribeOutput) =>
      noticeShown(context, infoNotice(output.kind === 'ok' ? (output.data.message ?? '') : '')),
    ),
    clearNotice: assign({ notice: null }),
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
    chosen: null,
    currentPlanId: null,
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
      states: {
        idle: { on: choosing },
        subscribing: {
          tags: ['busy'],
          invoke: {
            src: 'subscribe',
            input: ({ context }) => ({ plan: context.chosen?.id ?? '' }),
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
