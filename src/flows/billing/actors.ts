// The billing machine's actors in the app: the billing list with the card the account had
// before it left for the provider's payment portal (kept in this tab's storage, so that coming
// back can say whether the card changed), cancel, reactivate, pause and resume, undo a scheduled
// change, the portal, and a promotion code (decision 069).
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { BillingMachine, LoadBillingOutput } from '@machines/billing.machine';
import type { SubmitPromotionCodeOutput } from '@machines/promotion-code.machine';

export default implement<BillingMachine>(({ api, persistence }) => ({
  actors: {
    loadBilling: fromCall(async (_, signal): Promise<LoadBillingOutput> => {
      // Forgotten only once compared: StrictMode's restarted load must still see it.
      const before = persistence.readCardBeforePortal();
      const outcome = await api.listBilling(signal);
      if (outcome.kind === 'ok' && !signal.aborted) persistence.writeCardBeforePortal(null);
      return outcome.kind === 'ok' ? { ...outcome, data: { ...outcome.data, cardBeforePortal: before } } : outcome;
    }),
    cancelSubscription: fromCall(api.cancelSubscription),
    findCancelOffer: fromCall(api.findCancelOffer),
    acceptHalfOff: fromCall(api.acceptHalfOff),
    reactivateSubscription: fromCall(api.reactivateSubscription),
    undoScheduledChange: fromCall((_, signal) => api.undoScheduledChange(signal)),
    openPaymentPortal: fromCall((_, signal) => api.openPaymentPortal(signal)),
    pauseSubscription: fromCall(api.pauseSubscription),
    resumeSubscription: fromCall(api.resumeSubscription),
    submitPromotionCode: fromCall(async (input, signal): Promise<SubmitPromotionCodeOutput> => {
      if (!('subscriptionId' in input)) return { kind: 'unreachable' };
      const outcome = await api.applyPromotionCode({ subscriptionId: input.subscriptionId, code: input.code }, signal);
      if (outcome.kind !== 'ok') return outcome;
      const { subscription } = outcome.data;
      // Applied, the subscription has the discount; without one the answer says nothing new.
      return subscription.discount ? { kind: 'ok', data: { discount: subscription.discount, subscription } } : { kind: 'unreachable' };
    }),
  },
  actions: { rememberCard: (_, { card }) => persistence.writeCardBeforePortal(card) },
}));
