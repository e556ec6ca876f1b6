// /billing: the current subscription and, on the other tab, Payment History (its own machine,
// machines/payment-history.machine.ts, run by that tab's view). Cancel works only on a current
// subscription not already cancelling; it stays current until the period ends, so the view
// refreshes it ('Cancels At Period End') and says so for 3 s; until then it can be reactivated.
// Cancelling asks first (confirmingCancel). 'Update payment method' leaves for the provider's
// portal, remembering the card it had, so coming back with another card says the card changed.
// Load errors show for 1 s. The tab to open first comes as input (a receipt's link opens Payment
// History).
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { leaveFor, type Navigation } from '@domain/navigation';
import { noticeMessages, serverFailureNotice, successNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { cardKey, currentSubscription, isCancellable, isReactivatable, type Billing } from '@domain/subscriptions';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

/**
 * The billing data; `cardBeforePortal` is the card key (domain/subscriptions `cardKey`)
 * remembered when the user left for the payment-method portal, on the first load after it.
 */
export type LoadBillingOutput = Outcome<Billing & { cardBeforePortal?: string | null }>;
export interface CancelSubscriptionInput {
  subscriptionId: string;
}
export type CancelSubscriptionOutput = Outcome<Pick<Schemas['SubscriptionSuccess'], 'subscription'>>;
export type ReactivateSubscriptionInput = CancelSubscriptionInput;
export type ReactivateSubscriptionOutput = CancelSubscriptionOutput;
export type UndoScheduledChangeOutput = CancelSubscriptionOutput;
export type OpenPaymentPortalOutput = Outcome<Pick<Schemas['PortalSuccess'], 'url'>>;
export type BillingTab = 'subscription' | 'history';
export interface BillingInput {
  tab?: BillingTab;
}

export interface BillingContext extends Pick<Billing, 'subscriptions'>, NoticeContext {
  tab: BillingTab;
}

export type BillingEvent =
  | { type: 'tab.select'; tab: BillingTab }
  | { type: 'subscription.cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.keep' }
  | { type: 'subscription.reactivate' }
  | { type: 'schedule.undo' }
  | { type: 'payment.update' }
  | { type: 'notice.dismiss' };

/** What the user can start from the subscription tab, also while a notice shows. */
const subscriptionActions = {
  'subscription.cancel': { guard: 'canCancel', target: 'confirmingCancel' },
  'subscription.reactivate': { guard: 'canReactivate', target: 'reactivating' },
  'schedule.undo': { guard: 'hasScheduledChange', target: 'undoingChange' },
  'payment.update': { guard: 'hasCurrentSubscription', target: 'openingPortal' },
} as const;

const loaded = afterRequest({
  ok: { target: 'ready', actions: { type: 'takeBilling', params: outcomeOf } },
  quiet: { target: 'ready' },
  failed: { target: 'ready.showingLoadError', actions: showFailure },
});

const currentId = ({ context }: { context: BillingContext }) => ({ subscriptionId: currentSubscription(context.subscriptions)?.subscription_id ?? '' });

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    input: {} as BillingInput | undefined,
    events: {} as BillingEvent,
    emitted: {} as Navigation,
  },
  actors: {
    loadBilling: fromPromise<LoadBillingOutput>(async () => ({ kind: 'unreachable' })),
    cancelSubscription: fromPromise<CancelSubscriptionOutput, CancelSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    reactivateSubscription: fromPromise<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    undoScheduledChange: fromPromise<UndoScheduledChangeOutput>(async () => ({ kind: 'unreachable' })),
    openPaymentPortal: fromPromise<OpenPaymentPortalOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takeBilling: assign((_, output: LoadBillingOutput) =>
      output.kind === 'ok' ? { subscriptions: output.data.subscriptions } : {},
    ),
    selectTab: assign({ tab: ({ context, event }) => (event.type === 'tab.select' ? event.tab : context.tab) }),
    replaceSubscription: assign({
      subscriptions: ({ context }, output: CancelSubscriptionOutput | ReactivateSubscriptionOutput) => {
        if (output.kind !== 'ok') return context.subscriptions;
        const updated = output.data.subscription;
        return context.subscriptions.map((s) => (s.subscription_id === updated.subscription_id ? updated : s));
      },
    }),
    showCancelled: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionCancelled))),
    showReactivated: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionReactivated))),
    showChangeUndone: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.planChangeUndone))),
    showCardUpdated: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.paymentMethodUpdated))),
    /** The app keeps the card key across the visit to the portal (src/app/portal-return.ts). */
    rememberCard: (_, _params: { card: string | null }) => {},
    leaveForPortal: emit((_, output: OpenPaymentPortalOutput) => leaveFor(output.kind === 'ok' ? output.data.url : '')),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    canCancel: ({ context }) => isCancellable(currentSubscription(context.subscriptions)),
    canReactivate: ({ context }) => isReactivatable(currentSubscription(context.subscriptions)),
    hasCurrentSubscription: ({ context }) => currentSubscription(context.subscriptions) !== null,
    hasScheduledChange: ({ context }) => Boolean(currentSubscription(context.subscriptions)?.scheduled_change),
    cardWasUpdated: (_, outcome: LoadBillingOutput) => {
      if (outcome.kind !== 'ok' || !outcome.data.cardBeforePortal) return false;
      const card = cardKey(currentSubscription(outcome.data.subscriptions));
      return card !== null && card !== outcome.data.cardBeforePortal;
    },
  },
  delays: {
    loadErrorDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({ subscriptions: [], tab: input?.tab ?? 'subscription', notice: null, scrollToTop: 0 }),
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
            guard: { type: 'cardWasUpdated', params: outcomeOf },
            target: 'ready.showingNotice',
            actions: [{ type: 'takeBilling', params: outcomeOf }, 'showCardUpdated'],
          },
          ...loaded.onDone,
        ],
        onError: loaded.onError,
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: subscriptionActions },
        /** 'Cancel your subscription?': nothing is sent until the user confirms. */
        confirmingCancel: {
          on: {
            'cancel.confirm': { target: 'cancelling' },
            'cancel.keep': { target: 'idle' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelSubscription',
            input: currentId,
            ...afterRequest({
              ok: { target: 'showingNotice', actions: [{ type: 'replaceSubscription', params: outcomeOf }, 'showCancelled'] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        reactivating: {
          tags: ['busy'],
          invoke: {
            src: 'reactivateSubscription',
            input: currentId,
            ...afterRequest({
              ok: { target: 'showingNotice', actions: [{ type: 'replaceSubscription', params: outcomeOf }, 'showReactivated'] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        /** Undo beside "Changes to <plan> on <date>", as on the plan change page. */
        undoingChange: {
          tags: ['busy'],
          invoke: {
            src: 'undoScheduledChange',
            ...afterRequest({
              ok: { target: 'showingNotice', actions: [{ type: 'replaceSubscription', params: outcomeOf }, 'showChangeUndone'] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        openingPortal: {
          tags: ['busy'],
          invoke: {
            src: 'openPaymentPortal',
            ...afterRequest({
              ok: {
                target: '#billing.redirecting',
                actions: [
                  { type: 'rememberCard', params: ({ context }: { context: BillingContext }) => ({ card: cardKey(currentSubscription(context.subscriptions)) }) },
                  { type: 'leaveForPortal', params: outcomeOf },
                ],
              },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        showingLoadError: showingNotice('loadErrorDuration', 'idle'),
        showingNotice: showingNotice('noticeDuration', 'idle', subscriptionActions),
      },
    },
    /** Leaving for the provider's payment-method page; the busy look stays until it opens. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type BillingMachine = typeof billingMachine;
