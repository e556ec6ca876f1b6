// The billing flow's contract calls: cancel or reactivate the subscription, and the provider's
// page for a new payment method. (The billing list itself is shared: src/app/shared-calls.ts.)
import { outcomeOf, type ApiClient } from '@api/client';
import { map, subscriptionOf, type CallsOf } from '@api/calls';

export const calls = (client: ApiClient) => ({
  cancelSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-cancel', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
  reactivateSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-reactivate', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
  /** The provider's page for a new payment method (it returns to /billing). */
  openPaymentPortal: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/portal', { signal }), signal), (data) => ({ url: data.url })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
