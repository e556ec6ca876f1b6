// What the account subscribes to: whether at all (the navigation's subscribers' links), and the
// billing list (the billing page, and pricing's current plan).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Billing } from '@domain/subscriptions';

export const calls = (client: ApiClient) => ({
  membership: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({ hasSubscription: data.hasSubscription, paymentFailure: data.payment_failure ?? null })),
  listBilling: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal), (data): Billing => ({
      subscriptions: data.plans,
      payments: data.payments,
    })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
