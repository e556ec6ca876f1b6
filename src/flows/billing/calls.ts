// The billing flow's contract calls: cancel or reactivate the subscription, the provider's
// page for a new payment method, and Payment History: 10 payments a page, each with its
// invoice, and an invoice's PDF. (The billing list itself is shared: src/app/shared-calls.ts.)
import { outcomeOf, type ApiClient } from '@api/client';
import { map, subscriptionOf, type CallsOf } from '@api/calls';
import type { Outcome } from '@domain/request-outcome';
import type { PauseMonths } from '@domain/subscriptions';
import type { CancelReason } from '@domain/cancel-reasons';

export const calls = (client: ApiClient) => ({
  /** With the cancel flow's reason and words (decision 068). */
  cancelSubscription: ({ subscriptionId, reason, text }: { subscriptionId: string; reason?: CancelReason; text?: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-cancel', { body: { subscription_id: subscriptionId, reason, text }, signal }), signal), subscriptionOf),
  /** The one offer a reason brings (the cancel flow's second step), or null. */
  findCancelOffer: ({ subscriptionId, reason }: { subscriptionId: string; reason: CancelReason }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-cancel-offer', { body: { subscription_id: subscriptionId, reason }, signal }), signal), (data) => ({ offer: data.offer })),
  /** "Too expensive": 50 % off the next month, once per account. */
  acceptHalfOff: ({ subscriptionId, text }: { subscriptionId: string; text?: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-half-off', { body: { subscription_id: subscriptionId, text }, signal }), signal), subscriptionOf),
  reactivateSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-reactivate', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
  /** Pause for 1, 2 or 3 months, and "Resume now" (decision 065). */
  pauseSubscription: (
    { subscriptionId, months, cancelReason, text }: { subscriptionId: string; months: PauseMonths; cancelReason?: 'unused'; text?: string },
    signal?: AbortSignal,
  ) =>
    map(
      outcomeOf(client.POST('/api/v1/payments/subscription-pause', { body: { subscription_id: subscriptionId, months, cancel_reason: cancelReason, text }, signal }), signal),
      subscriptionOf,
    ),
  resumeSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-resume', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
  /** "Add a promotion code" (decision 069): the subscription with its discount. */
  applyPromotionCode: ({ subscriptionId, code }: { subscriptionId: string; code: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-promotion-code', { body: { subscription_id: subscriptionId, code }, signal }), signal), subscriptionOf),
  /** Undo beside the scheduled change on the subscription tab. */
  undoScheduledChange: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/plan-change-undo', { signal }), signal), subscriptionOf),
  /** The provider's page for a new payment method (it returns to /billing). */
  openPaymentPortal: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/portal', { signal }), signal), (data) => ({ url: data.url })),
  paymentHistory: (body: { page: number; invoice?: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/history', { body, signal }), signal), (data) => ({
      items: data.items,
      page: data.page,
      pageSize: data.pageSize,
      total: data.total,
    })),
  /** An invoice's PDF as a file (this API's, with the session), or Stripe's own link. */
  downloadInvoice: async ({ pdfUrl }: { pdfUrl: string }, signal?: AbortSignal): Promise<Outcome<{ blob: Blob } | { url: string }>> => {
    if (/^https?:/.test(pdfUrl)) return { kind: 'ok', data: { url: pdfUrl } };
    const result = await outcomeOf(
      client.GET('/api/v1/payments/invoices/{invoiceId}/pdf', {
        params: { path: { invoiceId: decodeURIComponent(pdfUrl.split('/').at(-2) ?? '') } },
        parseAs: 'blob',
        signal,
      }),
      signal,
    );
    return result.kind === 'ok' ? { kind: 'ok', data: { blob: result.data as unknown as Blob } } : result;
  },
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
