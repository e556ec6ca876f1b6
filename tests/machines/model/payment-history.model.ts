// Model of the Payment History tab of /billing (machines/payment-history.machine.ts): pages of
// 10, invoice downloads, failures; opened plainly and from a receipt's link (an invoice).
import { expect } from 'vitest';
import { paymentHistoryMachine } from '@machines/payment-history.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';
import { historyEntry } from '../payment-history-fixtures';


export const model: MachineModel = {
  machine: paymentHistoryMachine,
  inputs: [{}, { invoice: 'inv_2' }],
  events: {
    'invoice.download': [{ type: 'invoice.download', pdfUrl: '/api/v1/payments/invoices/inv_1/pdf', number: 'FS-2026-000001' }],
  },
  outputs: {
    loadHistory: [
      ok({ items: [historyEntry(1)], page: 1, pageSize: 10, total: 11 }),
      ok({ items: [historyEntry(2)], page: 2, pageSize: 10, total: 11 }),
      refused(401),
      unreachable,
      cancelled,
    ],
    downloadInvoice: [ok({ saved: true }), refused(403), crashed, cancelled],
  },
  ignore: ['scrollToTop'],
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      const { locate, wanted } = snapshot.context;
      expect(lastStarted('loadHistory')?.input).toEqual(locate === null ? { page: wanted } : { page: 1, invoice: locate });
    },
    // Passed through on the way to the notice or to the newest page: it only keeps the message.
    failed: ({ snapshot }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
    },
    'ready.idle': ({ snapshot }) => {
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.context.locate).toBeNull();
      expect(snapshot.context.downloading).toBeNull();
    },
    'ready.downloading': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('downloadInvoice')?.input).toEqual({ pdfUrl: '/api/v1/payments/invoices/inv_1/pdf', number: 'FS-2026-000001' });
    },
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
  },
  after: {
    'page.next': ({ snapshot, previous }) => {
      const before = previous?.context;
      if (before && before.page * before.pageSize < before.total) expect(snapshot.context.wanted).toBe(before.page + 1);
    },
  },
};
