// The landing page's contract call (public): the cheapest and dearest monthly price on sale, for the copy.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { PriceRange } from '@domain/plans';

export const calls = (client: ApiClient) => ({
  priceRange: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/payments/price-range', { signal }), signal), (data): PriceRange => ({ min: data.min, max: data.max, currency: data.currency })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
