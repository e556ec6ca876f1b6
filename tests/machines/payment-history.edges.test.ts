// The payment-history machine's edges the main tests leave open: what the view reads while a
// page loads or an invoice downloads, a download that ends without a word, the last full page,
// a notice's 3 s, leaving, and a receipt's invoice whose lookup was cancelled.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  paymentHistoryMachine,
  type DownloadInvoiceInput,
  type DownloadInvoiceOutput,
  type HistoryPageInput,
  type LoadHistoryOutput,
} from '@machines/payment-history.machine';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { startFlow } from './support/navigation';
import { historyEntry } from './payment-history-fixtures';


function history(input?: { invoice?: string | null }) {
  const load = controlledActor<LoadHistoryOutput, HistoryPageInput>();
  const download = controlledActor<DownloadInvoiceOutput, DownloadInvoiceInput>();
  const clock = new SimulatedClock();
  const machine = paymentHistoryMachine.provide({ actors: { loadHistory: load.logic, downloadInvoice: download.logic } });
  const actor = startFlow(machine, input === undefined ? { clock } : { clock, input });
  return { actor, load, download, clock };
}

async function loaded(total = 1) {
  const flow = history();
  flow.load.last.resolve(ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total }));
  await settle();
  return flow;
}

describe('payment-history machine edges', () => {
  it('starts with no payments and says it is loading; with no input it looks for no invoice', () => {
    const { actor, load } = history();
    expect(actor.getSnapshot().context).toMatchObject({ items: [], locate: null, marked: null });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last.input).toEqual({ page: 1 });
  });

  it('is busy while an invoice downloads and not after, whether it was saved or ended without a word', async () => {
    const { actor, download } = await loaded();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'invoice.download', pdfUrl: '/a', number: 'FS-2026-000001' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    download.last.resolve(ok({ saved: true }));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.downloading).toBeNull();
    actor.send({ type: 'invoice.download', pdfUrl: '/a', number: 'FS-2026-000001' });
    download.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ downloading: null, notice: null });
    actor.send({ type: 'invoice.download', pdfUrl: '/a', number: 'FS-2026-000001' });
    download.last.resolve(failed(500));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context.downloading).toBeNull();
  });

  it('has no next page when the page shown ends exactly at the total', async () => {
    const { actor, load } = await loaded(10);
    actor.send({ type: 'page.next' });
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('shows a notice for 3 s, not less', async () => {
    const { actor, load, clock } = await loaded(11);
    actor.send({ type: 'page.next' });
    load.last.resolve(failed(500));
    await settle();
    clock.increment(2999);
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it("stops looking for a receipt's invoice when that lookup is cancelled: the next page is only a page", async () => {
    const { actor, load } = history({ invoice: 'inv_9' });
    load.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ locate: null, marked: null, notice: null });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
