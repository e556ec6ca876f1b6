// /billing: the current subscription and, on the other tab, Payment History (its own machine,
// machines/payment-history.machine.ts, run by that tab's view). Cancel works only on a current
// subscription not already cancelling; it stays current until the period ends, so the view
// refreshes it ('Cancels At Period End') and says so for 3 s; until then it can be reactivated.
// Cancelling is the cancel flow (a child, machines/cancel-flow.machine.ts, decision 068): a reason,
// then at most one offer; it ends cancelled, paused, 50 % off, or kept. 'Update payment method' leaves for the provider's
// portal, remembering the card it had, so coming back with another card says the card changed.
// Load errors show for 1 s. The tab to open first comes as input (a receipt's link opens Payment
// History). Pause (decision 065): choose 1, 2 or 3 months, confirm, then "Paused until <date>"
// with "Resume now" (the pause is the subscription's data, so a reload shows it the same way).
// A promotion code (decision 069) is applied by a child (machines/promotion-code.machine.ts).
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { leaveFor, type Navigation } from '@domain/navigation';
import { noticeMessages, serverFailureNotice, successNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { billedSubscription, canAddPromotionCode, cardKey, currentSubscription, isCancellable, isPausable, isReactivatable, type Billing, type PauseMonths } from '@domain/subscriptions';
import { promotionCodeMachine, type PromotionCodeReport } from './promotion-code.machine';
import { cancelFlowMachine, type CancelFlowOutput, type CancelSubscriptionInput, type CancelSubscriptionOutput, type PauseSubscriptionInput } from './cancel-flow.machine';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

/**
 * The billing data; `cardBeforePortal` is the card key (domain/subscriptions `cardKey`)
 * remembered when the user left for the payment-method portal, on the first load after it.
 */
export type LoadBillingOutput = Outcome<Billing & { cardBeforePortal?: string | null }>;
export type { CancelSubscriptionInput, CancelSubscriptionOutput, PauseSubscriptionInput } from './cancel-flow.machine';
export interface ReactivateSubscriptionInput {
  subscriptionId: string;
}
export type ReactivateSubscriptionOutput = CancelSubscriptionOutput;
export type UndoScheduledChangeOutput = CancelSubscriptionOutput;
export type PauseSubscriptionOutput = CancelSubscriptionOutput;
export type ResumeSubscriptionOutput = CancelSubscriptionOutput;
export type OpenPaymentPortalOutput = Outcome<Pick<Schemas['PortalSuccess'], 'url'>>;
export type BillingTab = 'subscription' | 'history';
export interface BillingInput {
  tab?: BillingTab;
}

export interface BillingContext extends Pick<Billing, 'subscriptions'>, NoticeContext {
  tab: BillingTab;
  /** The months chosen in the pause dialog (1 until the user picks another). */
  pauseMonths: PauseMonths;
}

export type BillingEvent =
  | { type: 'tab.select'; tab: BillingTab }
  | { type: 'subscription.cancel' }
  | { type: 'subscription.reactivate' }
  | { type: 'schedule.undo' }
  | { type: 'payment.update' }
  | { type: 'subscription.pause' }
  | { type: 'pause.months'; months: PauseMonths }
  | { type: 'pause.next' }
  | { type: 'pause.back' }
  | { type: 'pause.confirm' }
  | { type: 'pause.keep' }
  | { type: 'pause.resume' }
  | { type: 'notice.dismiss' }
  /** "Add a promotion code": Apply (the code typed); its child says when it is applied. */
  | { type: 'code.submit'; code: string }
  | PromotionCodeReport;

/** What the user can start from the subscription tab, also while a notice shows. */
const subscriptionActions = {
  'subscription.cancel': { guard: 'canCancel', target: 'cancelFlow' },
  'subscription.reactivate': { guard: 'canReactivate', target: 'reactivating' },
  'schedule.undo': { guard: 'hasScheduledChange', target: 'undoingChange' },
  'payment.update': { guard: 'hasBilledSubscription', target: 'openingPortal' },
  'subscription.pause': { guard: 'canPause', target: 'choosingPause', actions: 'resetPauseMonths' },
  'pause.resume': { guard: 'isPaused', target: 'resumingPause' },
} as const;

const loaded = afterRequest({
  ok: { target: 'ready', actions: { type: 'takeBilling', params: outcomeOf } },
  quiet: { target: 'ready' },
  failed: { target: 'ready.showingLoadError', actions: showFailure },
});

const currentId = ({ context }: { context: BillingContext }) => ({ subscriptionId: currentSubscription(context.subscriptions)?.subscription_id ?? '' });

/** A request that answers the subscription: replaced in the list, then the notice (or the failure). */
const answersSubscription = (notice: 'showPaused' | 'showPauseEnded') =>
  afterRequest({
    ok: { target: 'showingNotice', actions: [{ type: 'replaceSubscription', params: outcomeOf }, notice] },
    quiet: { target: 'idle' },
    failed: { target: 'showingNotice', actions: showFailure },
  });

const flowOutput = ({ event }: { event: { output: CancelFlowOutput } }) => event.output;
const flowEnd = (result: CancelFlowOutput['result']) => ({ event }: { event: { output: CancelFlowOutput } }) => ({ output: event.output, result });
const flowFailure = ({ event }: { event: { output: CancelFlowOutput } }): Outcome<unknown> => (event.output.result === 'failed' ? event.output.outcome : { kind: 'unreachable' });

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    input: {} as BillingInput | undefined,
    events: {} as BillingEvent,
    emitted: {} as Navigation,
    children: {} as { cancelFlow: 'cancelFlow'; promotionCode: 'promotionCode' },
  },
  actors: {
    loadBilling: fromPromise<LoadBillingOutput>(async () => ({ kind: 'unreachable' })),
    cancelFlow: cancelFlowMachine,
    promotionCode: promotionCodeMachine,
    reactivateSubscription: fromPromise<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    undoScheduledChange: fromPromise<UndoScheduledChangeOutput>(async () => ({ kind: 'unreachable' })),
    openPaymentPortal: fromPromise<OpenPaymentPortalOutput>(async () => ({ kind: 'unreachable' })),
    pauseSubscription: fromPromise<PauseSubscriptionOutput, PauseSubscriptionInput>(async () => ({ kind: 'unreachable' })),
    resumeSubscription: fromPromise<ResumeSubscriptionOutput, CancelSubscriptionInput>(async () => ({ kind: 'unreachable' })),
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
    forwardCode: sendTo('promotionCode', ({ context, event }) => ({ type: 'code.submit' as const, code: event.type === 'code.submit' ? event.code : '', target: currentId({ context }) })),
    /** The subscription with the code applied, as the server answered it. */
    takeCodeSubscription: assign({
      subscriptions: ({ context, event }) => context.subscriptions.map((s) => (event.type === 'promotion.applied' && s.subscription_id === event.subscription?.subscription_id ? event.subscription : s)),
    }),
    showCancelled: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionCancelled))),
    showHalfOff: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.halfOffAccepted))),
    /** The subscription as the cancel flow left it (cancelled, paused or 50 % off). */
    takeFlowSubscription: assign({
      subscriptions: ({ context }, output: CancelFlowOutput) =>
        'subscription' in output ? context.subscriptions.map((s) => (s.subscription_id === output.subscription.subscription_id ? output.subscription : s)) : context.subscriptions,
    }),
    showReactivated: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionReactivated))),
    showChangeUndone: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.planChangeUndone))),
    showPaused: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionPaused))),
    showPauseEnded: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.subscriptionPauseEnded))),
    resetPauseMonths: assign({ pauseMonths: 1 as PauseMonths }),
    choosePauseMonths: assign({ pauseMonths: ({ context, event }) => (event.type === 'pause.months' ? event.months : context.pauseMonths) }),
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
    flowEnded: (_, params: { output: CancelFlowOutput; result: CancelFlowOutput['result'] }) => params.output.result === params.result,
    canReactivate: ({ context }) => isReactivatable(currentSubscription(context.subscriptions)),
    /** A card to update: the current subscription's, or a failed renewal's (decision 067). */
    hasBilledSubscription: ({ context }) => billedSubscription(context.subscriptions) !== null,
    canPause: ({ context }) => isPausable(currentSubscription(context.subscriptions)),
    canAddCode: ({ context }) => canAddPromotionCode(currentSubscription(context.subscriptions)),
    isPaused: ({ context }) => Boolean(currentSubscription(context.subscriptions)?.pause),
    hasScheduledChange: ({ context }) => Boolean(currentSubscription(context.subscriptions)?.scheduled_change),
    cardWasUpdated: (_, outcome: LoadBillingOutput) => {
      if (outcome.kind !== 'ok' || !outcome.data.cardBeforePortal) return false;
      const card = cardKey(billedSubscription(outcome.data.subscriptions));
      return card !== null && card !== outcome.data.cardBeforePortal;
    },
  },
  delays: {
    loadErrorDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({ subscriptions: [], tab: input?.tab ?? 'subscription', pauseMonths: 1, notice: null, scrollToTop: 0 }),
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
      invoke: { id: 'promotionCode', src: 'promotionCode', input: {} },
      on: {
        'code.submit': { guard: 'canAddCode', actions: 'forwardCode' },
        'promotion.applied': { actions: 'takeCodeSubscription' },
      },
      states: {
        idle: { on: subscriptionActions },
        /** The cancel flow's dialog (a reason, then at most one offer); the child says how it ended. */
        cancelFlow: {
          invoke: {
            id: 'cancelFlow',
            src: 'cancelFlow',
            input: currentId,
            onDone: [
              { guard: { type: 'flowEnded', params: flowEnd('cancelled') }, target: 'showingNotice', actions: [{ type: 'takeFlowSubscription', params: flowOutput }, 'showCancelled'] },
              { guard: { type: 'flowEnded', params: flowEnd('halfOff') }, target: 'showingNotice', actions: [{ type: 'takeFlowSubscription', params: flowOutput }, 'showHalfOff'] },
              { guard: { type: 'flowEnded', params: flowEnd('paused') }, target: 'showingNotice', actions: [{ type: 'takeFlowSubscription', params: flowOutput }, 'showPaused'] },
              { guard: { type: 'flowEnded', params: flowEnd('failed') }, target: 'showingNotice', actions: { type: 'showFailure', params: flowFailure } },
              { target: 'idle' },
            ],
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
        /** The pause dialog's first step: 1, 2 or 3 months; nothing is sent yet. */
        choosingPause: {
          on: {
            'pause.months': { actions: 'choosePauseMonths' },
            'pause.next': { target: 'confirmingPause' },
            'pause.keep': { target: 'idle' },
          },
        },
        /** "Pause until <date>?": what happens to access and billing, before anything is sent. */
        confirmingPause: {
          on: {
            'pause.confirm': { target: 'pausing' },
            'pause.back': { target: 'choosingPause' },
            'pause.keep': { target: 'idle' },
          },
        },
        pausing: {
          tags: ['busy'],
          invoke: {
            src: 'pauseSubscription',
            input: ({ context }) => ({ ...currentId({ context }), months: context.pauseMonths }),
            ...answersSubscription('showPaused'),
          },
        },
        /** "Resume now" beside "Paused until <date>". */
        resumingPause: {
          tags: ['busy'],
          invoke: { src: 'resumeSubscription', input: currentId, ...answersSubscription('showPauseEnded') },
        },
        openingPortal: {
          tags: ['busy'],
          invoke: {
            src: 'openPaymentPortal',
            ...afterRequest({
              ok: {
                target: '#billing.redirecting',
                actions: [
                  { type: 'rememberCard', params: ({ context }: { context: BillingContext }) => ({ card: cardKey(billedSubscription(context.subscriptions)) }) },
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
