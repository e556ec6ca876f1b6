// The billing machine's actors in the app: the billing list with the card the account had
// before it left for the provider's payment portal (kept in this tab's storage, so that coming
// back can say whether the card changed), cancel, reactivate, undo a scheduled change and the portal.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { BillingMachine, LoadBillingOutput } from '@machines/billing.machine';

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
    reactivateSubscription: fromCall(api.reactivateSubscription),
    undoScheduledChange: fromCall((_, signal) => api.undoScheduledChange(signal)),
    openPaymentPortal: fromCall((_, signal) => api.openPaymentPortal(signal)),
  },
  actions: { rememberCard: (_, { card }) => persistence.writeCardBeforePortal(card) },
}));
