// The pricing flow's contract calls: the plans on sale, what a promotion code takes off one
// (decision 069), and a checkout for one of them. (The
// current plan comes from the shared billing list, src/app/shared-calls.ts.)
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';
import type { Plan } from '@domain/plans';

export const calls = (client: ApiClient) => ({
  listPlans: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/plans', { signal }), signal), (data): Plan[] => data.plans),
  checkPromotionCode: (body: Schemas['PromotionCodeCheckRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/promotion-code-check', { body, signal }), signal), (data) => ({ discount: data.discount, firstAmount: data.first_amount })),
  subscribe: (body: Schemas['SubscribeRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscribe', { body, signal }), signal), (data): Pick<Schemas['SubscribeSuccess'], 'url' | 'message'> => ({
      url: data.url,
      message: data.message,
    })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
