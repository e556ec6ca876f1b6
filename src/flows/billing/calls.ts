// The billing flow's contract calls: cancel or reactivate the subscription, the provider's
// page for a new payment method, and Payment History: 10 payments a page, each with its
// invoice, and an invoice's PDF. (The billing list itself is shared: src/app/shared-calls.ts.)
import { outcomeOf, type ApiClient } from '@api/client';
import { map, subscriptionOf, type CallsOf } from '@api/calls';
import type { Outcome } from '@domain/request-outcome';

export const calls = (client: ApiClient) => ({
  cancelSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-cancel', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
  reactivateSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscription-reactivate', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
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
