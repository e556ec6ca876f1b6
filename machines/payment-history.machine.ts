// The Payment History tab of /billing (docs/decisions/022): every payment, newest first, 10 a
// page, each with its invoice; 'Download PDF' fetches the invoice's PDF (or opens Stripe's) and
// saves it. Opened from a receipt's link (`?tab=history&invoice=<id>`), it shows the page that
// holds that invoice and marks it; an invoice the account does not have is said, and the newest
// page shown instead.
import { assign, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { serverFailureNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type HistoryPayment = Schemas['HistoryPayment'];
export interface HistoryPageInput {
  page: number;
  /** Answer the page that holds this invoice instead. */
  invoice?: string;
}
export interface PaymentHistoryInput {
  /** The invoice a receipt's link names. */
  invoice?: string | null;
}
export type LoadHistoryOutput = Outcome<{ items: HistoryPayment[]; page: number; pageSize: number; total: number }>;
export interface DownloadInvoiceInput {
  pdfUrl: string;
  number: string;
}
export type DownloadInvoiceOutput = Outcome<{ saved: true }>;

export interface PaymentHistoryContext extends NoticeContext {
  items: HistoryPayment[];
  page: number;
  pageSize: number;
  total: number;
  /** The page asked for (shown once it loads). */
  wanted: number;
  /** The invoice to find (a receipt's link), until the first page loads. */
  locate: string | null;
  /** The invoice the receipt's link named, once found: the view marks its row. */
  marked: string | null;
  downloading: string | null;
}

export type PaymentHistoryEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'invoice.download'; pdfUrl: string; number: string }
  | { type: 'notice.dismiss' };

const readyActions = {
  'page.next': { guard: 'hasNext', target: '#payment-history.loading', actions: 'wantNext' },
  'page.previous': { guard: 'hasPrevious', target: '#payment-history.loading', actions: 'wantPrevious' },
  'invoice.download': { target: '#payment-history.ready.downloading', actions: 'markDownloading' },
} as const;

export const paymentHistoryMachine = setup({
  types: {
    context: {} as PaymentHistoryContext,
    input: {} as PaymentHistoryInput,
    events: {} as PaymentHistoryEvent,
  },
  actors: {
    loadHistory: fromPromise<LoadHistoryOutput, HistoryPageInput>(async () => ({ kind: 'unreachable' })),
    downloadInvoice: fromPromise<DownloadInvoiceOutput, DownloadInvoiceInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takePage: assign((_, output: LoadHistoryOutput) =>
      output.kind === 'ok'
        ? { items: output.data.items, page: output.data.page, pageSize: output.data.pageSize, total: output.data.total, wanted: output.data.page }
        : {},
    ),
    markFound: assign(({ context }) => ({ marked: context.locate ?? context.marked, locate: null })),
    stopLocating: assign({ locate: null }),
    keepPage: assign({ wanted: ({ context }) => context.page }),
    wantNext: assign({ wanted: ({ context }) => context.page + 1 }),
    wantPrevious: assign({ wanted: ({ context }) => context.page - 1 }),
    markDownloading: assign({ downloading: ({ event }) => (event.type === 'invoice.download' ? event.number : null) }),
    doneDownloading: assign({ downloading: null }),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    hasNext: ({ context }) => context.page * context.pageSize < context.total,
    hasPrevious: ({ context }) => context.page > 1,
    isLocating: ({ context }) => context.locate !== null,
    hasNotice: ({ context }) => context.notice !== null,
  },
  delays: { noticeDuration: 3000 },
}).createMachine({
  id: 'payment-history',
  context: ({ input }) => ({
    items: [],
    page: 1,
    pageSize: 10,
    total: 0,
    wanted: 1,
    locate: input?.invoice ?? null,
    marked: null,
    downloading: null,
    notice: null,
    scrollToTop: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => (context.locate === null ? { page: context.wanted } : { page: 1, invoice: context.locate }),
        ...afterRequest({
          ok: { target: 'ready', actions: [{ type: 'takePage', params: outcomeOf }, 'markFound'] },
          quiet: { target: 'ready', actions: ['keepPage', 'stopLocating'] },
          // Not this account's invoice: say so (the notice waits in context) and show the newest page.
          failed: { target: 'failed', actions: showFailure },
        }),
      },
    },
    failed: {
      always: [
        { guard: 'isLocating', target: 'loading', actions: 'stopLocating' },
        { target: 'ready.showingNotice', actions: 'keepPage' },
      ],
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasNotice', target: 'showingNotice' }, on: readyActions },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'downloadInvoice',
            input: ({ event }) => (event.type === 'invoice.download' ? { pdfUrl: event.pdfUrl, number: event.number } : { pdfUrl: '', number: '' }),
            ...afterRequest({
              ok: { target: 'idle', actions: 'doneDownloading' },
              quiet: { target: 'idle', actions: 'doneDownloading' },
              failed: { target: 'showingNotice', actions: ['doneDownloading', showFailure] },
            }),
          },
        },
        showingNotice: showingNotice('noticeDuration', 'idle', readyActions),
      },
    },
  },
});

export type PaymentHistoryMachine = typeof paymentHistoryMachine;
