// The checkout return's contract call: the provider's checkout session for the subscription it started.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, subscriptionOf, type CallsOf } from '@api/calls';

export const calls = (client: ApiClient) => ({
  confirmCheckout: ({ customer, deviceId }: { customer: string; deviceId: string | null }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/payments/subscription-current', { body: deviceId ? { customer, deviceId } : { customer }, signal }), signal),
      subscriptionOf,
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
