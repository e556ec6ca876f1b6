// /pricing (step 4 of 4): load the plans, choose one, start a checkout. Success with a url
// leaves the app for the provider's page; success with only a message shows it for 3 s;
// errors show the server's message for 3 s; cancelled requests and 401s stay quiet.
import { assign, fromPromise, setup } from 'xstate';
import { leaveFor, type Navigation } from '../src/domain/navigation';
import { serverFailureNotice, successNotice, type Notice } from '../src/domain/notices';
import { defaultPlan, inTierOrder, type Plan } from '../src/domain/plans';
import { isSessionLost, type Outcome } from '../src/domain/request-outcome';

export type LoadPlansOutput = Outcome<Plan[]>;
export interface SubscribeInput {
  plan: string;
}
export type SubscribeOutput = Outcome<{ url?: string; message?: string }>;

export interface PricingContext {
  hasEmail: boolean;
  plans: Plan[];
  selectedId: string | null;
  /** The plan a checkout was started for: its name, amount, duration, resolution for display. */
  chosen: Plan | null;
  notice: Notice | null;
  scrollToTop: number;
  navigation: Navigation | null;
}

export type PricingEvent =
  | { type: 'plan.select'; planId: string }
  /** Proceed to checkout with `planId` (a desktop column) or the current selection (mobile Next). */
  | { type: 'plan.subscribe'; planId?: string }
  | { type: 'notice.dismiss' };

const planById = (plans: readonly Plan[], id: string | null | undefined) => plans.find((plan) => plan.id === id) ?? null;

export const pricingMachine = setup({
  types: {
    context: {} as PricingContext,
    events: {} as PricingEvent,
    input: {} as { hasEmail: boolean },
  },
  actors: {
    loadPlans: fromPromise<LoadPlansOutput>(async () => ({ kind: 'unreachable' })),
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
    choose: assign({ chosen: ({ context }) => planById(context.plans, context.selectedId) }),
    showFailure: assign({
      notice: (_, output: Outcome<unknown>) => serverFailureNotice(output),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    showMessage: assign({
      notice: (_, output: SubscribeOutput) => successNotice(output.kind === 'ok' ? (output.data.message ?? '') : ''),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    clearNotice: assign({ notice: null }),
    leaveForCheckout: assign({
      navigation: (_, output: SubscribeOutput) => (output.kind === 'ok' && output.data.url ? leaveFor(output.data.url) : null),
    }),
  },
  guards: {
    succeeded: (_, output: Outcome<unknown>) => output.kind === 'ok',
    isQuiet: (_, output: Outcome<unknown>) => output.kind === 'cancelled' || isSessionLost(output),
    hasCheckoutUrl: (_, output: SubscribeOutput) => output.kind === 'ok' && Boolean(output.data.url),
    canSubscribe: ({ context, event }) =>
      context.hasEmail &&
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
    notice: null,
    scrollToTop: 0,
    navigation: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPlans',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'takePlans', params: ({ event }) => event.output },
          },
          { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'ready' },
          { target: 'ready.showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.showingNotice', actions: { type: 'showFailure', params: () => ({ kind: 'unreachable' as const }) } },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'plan.select': { actions: 'select' },
            'plan.subscribe': [{ guard: 'canSubscribe', target: 'subscribing', actions: ['select', 'choose'] }, { actions: 'select' }],
          },
        },
        subscribing: {
          tags: ['busy'],
          invoke: {
            src: 'subscribe',
            input: ({ context }) => ({ plan: context.chosen?.id ?? '' }),
            onDone: [
              {
                guard: { type: 'hasCheckoutUrl', params: ({ event }) => event.output },
                target: '#pricing.redirecting',
                actions: { type: 'leaveForCheckout', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: 'showingNotice',
                actions: { type: 'showMessage', params: ({ event }) => event.output },
              },
              { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'idle' },
              { target: 'showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
            ],
            onError: { target: 'showingNotice', actions: { type: 'showFailure', params: () => ({ kind: 'unreachable' as const }) } },
          },
        },
        showingNotice: {
          after: { noticeDuration: { target: 'idle' } },
          exit: 'clearNotice',
          on: {
            'notice.dismiss': { target: 'idle' },
            'plan.select': { actions: 'select' },
            'plan.subscribe': [{ guard: 'canSubscribe', target: 'subscribing', actions: ['select', 'choose'] }, { actions: 'select' }],
          },
        },
      },
    },
    /** Leaving for the provider's checkout page; the busy look stays until the page unloads. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type PricingMachine = typeof pricingMachine;
