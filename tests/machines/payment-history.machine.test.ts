// Payment-history machine (the Payment History tab of /billing): pages of 10, newest first;
// invoice downloads; failures shown for 3 s.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  paymentHistoryMachine,
  type DownloadInvoiceInput,
  type DownloadInvoiceOutput,
  type HistoryPageInput,
  type LoadHistoryOutput,
} from '@machines/payment-history.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { startFlow } from './support/navigation';
import { historyEntry } from './payment-history-fixtures';


function history(invoice: string | null = null) {
  const load = controlledActor<LoadHistoryOutput, HistoryPageInput>();
  const download = controlledActor<DownloadInvoiceOutput, DownloadInvoiceInput>();
  const clock = new SimulatedClock();
  const actor = startFlow(paymentHistoryMachine.provide({ actors: { loadHistory: load.logic, downloadInvoice: download.logic } }), { clock, input: { invoice } });
  return { actor, load, download, clock };
}

describe('payment-history machine', () => {
  it('loads page 1, pages forward and back within the total', async () => {
    const { actor, load } = history();
    expect(load.last.input).toEqual({ page: 1 });
    load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 11 }));
    await settle();
    actor.send({ type: 'page.previous' });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'page.next' });
    expect(load.last.input).toEqual({ page: 2 });
    load.last.resolve(ok({ items: [historyEntry(2)], page: 2, pageSize: 10, total: 11 }));
    await settle();
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'page.next' });
    expect(load.calls).toHaveLength(2);
    actor.send({ type: 'page.previous' });
    expect(load.last.input).toEqual({ page: 1 });
  });

  it('downloads an invoice and shows a refused download for 3 s', async () => {
    const { actor, load, download, clock } = history();
    load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 1 }));
    await settle();
    actor.send({ type: 'invoice.download', pdfUrl: '/api/v1/payments/invoices/inv_1/pdf', number: 'FS-2026-000001' });
    expect(actor.getSnapshot().context.downloading).toBe('FS-2026-000001');
    expect(download.last.input).toEqual({ pdfUrl: '/api/v1/payments/invoices/inv_1/pdf', number: 'FS-2026-000001' });
    download.last.resolve(ok({ saved: true }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'invoice.download', pdfUrl: '/x', number: 'FS-2026-000001' });
    download.last.resolve(failed(403, { message: 'This invoice belongs to another account.', code: 'payments.invoiceForbidden' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This invoice belongs to another account.');
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a failed page keeps the page it had; a cancelled one is quiet', async () => {
    const { actor, load } = history();
    load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 11 }));
    await settle();
    actor.send({ type: 'page.next' });
    load.last.resolve(failed(500));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, wanted: 1 });
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    actor.send({ type: 'page.next' });
    load.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, wanted: 1, notice: null });
  });

  it("opened from a receipt's link, asks for the page that holds its invoice and marks it", async () => {
    const { actor, load } = history('inv_12');
    expect(load.last.input).toEqual({ page: 1, invoice: 'inv_12' });
    load.last.resolve(ok({ items: [historyEntry(12)], page: 2, pageSize: 10, total: 12 }));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, marked: 'inv_12', locate: null });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    // Paging on asks for pages, not for the invoice again; the mark stays with its invoice.
    actor.send({ type: 'page.previous' });
    expect(load.last.input).toEqual({ page: 1 });
    load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 12 }));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, marked: 'inv_12' });
  });

  it("a receipt's invoice the account does not have is said for 3 s over the newest page", async () => {
    const { actor, load, clock } = history('inv_other');
    load.last.resolve(failed(403, { message: 'This invoice belongs to another account.', code: 'payments.invoiceForbidden' }));
    await settle();
    expect(load.calls).toHaveLength(2);
    expect(load.last.input).toEqual({ page: 1 });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This invoice belongs to another account.');
    load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 1 }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ items: [historyEntry(1)], marked: null });
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
