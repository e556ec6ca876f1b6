// /billing: the current subscription and the payment history. Cancel works only on a current
// subscription not already cancelling; it stays current until period end (decisions.md), so
// the view refreshes it ('Cancels At Period End') and says so for 3 s; until then it can be
// reactivated. 'Update payment method' leaves for the provider's portal. Load errors show 1 s.
import { assign, fromPromise, setup } from 'xstate';
import { leaveFor, type Navigation } from '../src/domain/navigation';
import { errorNotice, noticeMessages, serverFailureNotice, successNotice, type Notice } from '../src/domain/notices';
import { isSessionLost, type Outcome } from '../src/domain/request-outcome';
import { currentSubscription, isCancellable, isReactivatable, type Billing, type Subscription } from '../src/domain/subscriptions';

export type LoadBillingOutput = Outcome<Billing>;
export interface CancelSubscriptionInput {
  subscriptionId: string;
}
export type CancelSubscriptionOutput = Outcome<{ subscription: Subscription }>;
export type ReactivateSubscriptionInput = CancelSubscriptionInput;
export type ReactivateSubscriptionOutput = CancelSubscriptionOutput;
export type OpenPaymentPortalOutput = Outcome<{ url: string }>;
export type BillingTab = 'subscription' | 'payments';

export interface BillingContext extends Billing {
  tab: BillingTab;
  notice: Notice | null;
  scrollToTop: number;
  /** Set when leaving for the provider's payment-method page. */
  navigation: Navigation | null;
}

export type BillingEvent =
  | { type: 'tab.select'; tab: BillingTab }
  | { type: 'subscription.cancel' }
  | { type: 'subscription.reactivate' }
  | { type: 'payment.update' }
  | { type: 'notice.dismiss' };

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
  },
  actors: {
    loadBilling: fromPromise<LoadBillingOutput>(async () => ({ kind: 'unreachable' })),
    cancelSubscription: fromPromise<CancelSubscriptionOutput, CancelSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    reactivateSubscription: fromPromise<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    openPaymentPortal: fromPromise<OpenPaymentPortalOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takeBilling: assign((_, output: LoadBillingOutput) =>
      output.kind === 'ok' ? { subscriptions: output.data.subscriptions, payments: output.data.payments } : {},
    ),
    selectTab: assign({ tab: ({ context, event }) => (event.type === 'tab.select' ? event.tab : context.tab) }),
    replaceSubscription: assign({
      subscriptions: ({ context }, output: CancelSubscriptionOutput | ReactivateSubscriptionOutput) => {
        if (output.kind !== 'ok') return context.subscriptions;
        const updated = output.data.subscription;
        return context.subscriptions.map((s) => (s.subscription_id === updated.subscription_id ? updated : s));
      },
    }),
    showCancelled: assign({
      notice: () => successNotice(noticeMessages.subscriptionCancelled),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    showReactivated: assign({
      notice: () => successNotice(noticeMessages.subscriptionReactivated),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    leaveForPortal: assign({
      navigation: (_, output: OpenPaymentPortalOutput) => (output.kind === 'ok' ? leaveFor(output.data.url) : null),
    }),
    showFailure: assign({
      notice: (_, output: Outcome<unknown>) => serverFailureNotice(output),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    showUnreachable: assign({
      notice: () => errorNotice(noticeMessages.unreachable),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    succeeded: (_, output: Outcome<unknown>) => output.kind === 'ok',
    isQuiet: (_, output: Outcome<unknown>) => output.kind === 'cancelled' || isSessionLost(output),
    canCancel: ({ context }) => isCancellable(currentSubscription(context.subscriptions)),
    canReactivate: ({ context }) => isReactivatable(currentSubscription(context.subscriptions)),
    hasCurrentSubscription: ({ context }) => currentSubscription(context.subscriptions) !== null,
  },
  delays: {
    loadErrorDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'billing',
  context: { subscriptions: [], payments: [], tab: 'subscription', notice: null, scrollToTop: 0, navigation: null },
  initial: 'loading',
  on: {
    'tab.select': { actions: 'selectTab' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadBilling',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'takeBilling', params: ({ event }) => event.output },
          },
          { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'ready' },
          { target: 'ready.showingLoadError', actions: { type: 'showFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.showingLoadError', actions: 'showUnreachable' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'subscription.cancel': { guard: 'canCancel', target: 'cancelling' },
            'subscription.reactivate': { guard: 'canReactivate', target: 'reactivating' },
            'payment.update': { guard: 'hasCurrentSubscription', target: 'openingPortal' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelSubscription',
            input: ({ context }) => ({ subscriptionId: currentSubscription(context.subscriptions)?.subscription_id ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: 'showingNotice',
                actions: [{ type: 'replaceSubscription', params: ({ event }) => event.output }, 'showCancelled'],
              },
              { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'idle' },
              { target: 'showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
            ],
            onError: { target: 'showingNotice', actions: 'showUnreachable' },
          },
        },
        reactivating: {
          tags: ['busy'],
          invoke: {
            src: 'reactivateSubscription',
            input: ({ context }) => ({ subscriptionId: currentSubscription(context.subscriptions)?.subscription_id ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: 'showingNotice',
                actions: [{ type: 'replaceSubscription', params: ({ event }) => event.output }, 'showReactivated'],
              },
              { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'idle' },
              { target: 'showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
            ],
            onError: { target: 'showingNotice', actions: 'showUnreachable' },
          },
        },
        openingPortal: {
          tags: ['busy'],
          invoke: {
            src: 'openPaymentPortal',
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: '#billing.redirecting',
                actions: { type: 'leaveForPortal', params: ({ event }) => event.output },
              },
              { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'idle' },
              { target: 'showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
            ],
            onError: { target: 'showingNotice', actions: 'showUnreachable' },
          },
        },
        showingLoadError: {
          after: { loadErrorDuration: { target: 'idle' } },
          exit: 'clearNotice',
          on: { 'notice.dismiss': { target: 'idle' } },
        },
        showingNotice: {
          after: { noticeDuration: { target: 'idle' } },
          exit: 'clearNotice',
          on: {
            'notice.dismiss': { target: 'idle' },
            'subscription.cancel': { guard: 'canCancel', target: 'cancelling' },
            'subscription.reactivate': { guard: 'canReactivate', target: 'reactivating' },
            'payment.update': { guard: 'hasCurrentSubscription', target: 'openingPortal' },
          },
        },
      },
    },
    /** Leaving for the provider's payment-method page; the busy look stays until it opens. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type BillingMachine = typeof billingMachine;
