// The Payment History tab of /billing: a view of the payment-history machine (run here, with
// its own actors): every payment, newest first, 10 a page, with its card, status and invoice
// ('Download PDF <number>') and its net, tax included (with its rate) and total; a table on wide screens and a list of cards on narrow ones. A
// receipt's link (`?tab=history&invoice=<id>`) opens the page that holds its invoice, marked,
// with focus on its download button. A discount names its promotion code ("Discount (FRIEND10)",
// decision 069) under the description.
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { Badge, Button, DateText, EmptyState, Money, ResponsiveTable, Spinner, useFormatMoney, type BadgeTone } from '@components';
import { FlowContext, useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { cardExpiry, type Payment } from '@domain/subscriptions';
import { paymentHistoryMachine, type HistoryPayment } from '@machines/payment-history.machine';
import { NoticeBanner } from '@components/notice-banner';
import historyActors from './history-actors';

const messages = defineMessages({
  caption: { id: 'paymentHistory.caption', defaultMessage: 'Payments and invoices, newest first' },
  none: { id: 'billing.payments.none', defaultMessage: 'No Payment History' },
  noneText: { id: 'billing.payments.noneText', defaultMessage: 'Your payments will appear here once your first one is made.' },
  date: { id: 'paymentHistory.date', defaultMessage: 'Date' },
  description: { id: 'paymentHistory.description', defaultMessage: 'Description' },
  net: { id: 'paymentHistory.net', defaultMessage: 'Net' },
  tax: { id: 'paymentHistory.tax', defaultMessage: 'Tax included' },
  total: { id: 'paymentHistory.total', defaultMessage: 'Total' },
  card: { id: 'billing.payments.card', defaultMessage: 'Card' },
  expiry: { id: 'billing.payments.expiry', defaultMessage: 'Expires' },
  status: { id: 'paymentHistory.status', defaultMessage: 'Status' },
  invoice: { id: 'paymentHistory.invoice', defaultMessage: 'Invoice' },
  paid: { id: 'paymentHistory.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'paymentHistory.status.failed', defaultMessage: 'Failed' },
  refunded: { id: 'paymentHistory.status.refunded', defaultMessage: 'Refunded' },
  trialStarted: { id: 'paymentHistory.status.trialStarted', defaultMessage: 'Free trial started' },
  previous: { id: 'paymentHistory.previous', defaultMessage: 'Newer payments' },
  next: { id: 'paymentHistory.next', defaultMessage: 'Older payments' },
  noInvoice: { id: 'paymentHistory.noInvoice', defaultMessage: 'No invoice' },
});
const download = defineMessage<{ number: string }>({ id: 'paymentHistory.download', defaultMessage: 'Download PDF {number}' });
const downloading = defineMessage<{ number: string }>({ id: 'paymentHistory.downloading', defaultMessage: 'Downloading {number}…' });
const taxWithRate = defineMessage<{ amount: string; rate: string }>({ id: 'paymentHistory.taxWithRate', defaultMessage: '{amount} ({rate})' });
const pageOf = defineMessage<{ page: number; pages: number }>({ id: 'paymentHistory.pageOf', defaultMessage: 'Page {page} of {pages}' });

const trialDescription = defineMessage<{ plan: string }>({ id: 'paymentHistory.trialDescription', defaultMessage: 'Free trial of {plan}' });
const planDescription = defineMessage<{ plan: string; interval: string }>({
  id: 'paymentHistory.planDescription',
  defaultMessage: '{plan} plan, {interval, select, year {per year} other {per month}}',
});

const discountText = defineMessage<{ code: string; amount: string }>({
  id: 'paymentHistory.discount',
  defaultMessage: '{code, select, none {Discount} other {Discount ({code})}}: {amount}',
});

/** The discounts taken off the payment: a promotion code's (with its code) or the retention offer's. */
const discountLines = ({ invoice }: HistoryPayment) => invoice?.lines.filter((line) => line.kind === 'discount') ?? [];

const STATUS_TONES: Record<Payment['status'] | 'trialStarted', BadgeTone> = { paid: 'success', failed: 'danger', refunded: 'neutral', trialStarted: 'info' };

/** The trial line of a trial's 0.00 invoice: the row reads as the trial it is (decisions "Trial start"), not "Paid". */
const trialLine = ({ invoice }: HistoryPayment) => invoice?.lines.find((line) => line.kind === 'trial') ?? null;

/** A plan period's line that names its interval (docs/decisions/066): the row says "per year" or "per month". */
const planLine = ({ invoice }: HistoryPayment) => invoice?.lines.find((line) => line.kind === 'plan' && line.interval) ?? null;

/** The row's status: a trial's start is not a payment. */
const statusOf = (row: HistoryPayment): Payment['status'] | 'trialStarted' => (row.payment.status === 'paid' && trialLine(row) ? 'trialStarted' : row.payment.status);

/** The tab's panel: the payment-history machine gets its actors here, not from the route. */
export function PaymentHistoryPanel() {
  return (
    <FlowContext.Provider value={historyActors}>
      <PaymentHistory />
    </FlowContext.Provider>
  );
}

function PaymentHistory() {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const invoice = new URLSearchParams(useSearch()).get('invoice');
  const [snapshot, send] = useFlow(paymentHistoryMachine, { invoice });
  const { items, page, pageSize, total, downloading: busyNumber, marked, notice, scrollToTop } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  const markedButton = useRef<HTMLButtonElement>(null);
  const loading = snapshot.hasTag('loading');
  useEffect(() => {
    if (loading || !markedButton.current) return;
    markedButton.current.scrollIntoView({ block: 'center' });
    markedButton.current.focus({ preventScroll: true });
  }, [loading, marked]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const busy = snapshot.hasTag('busy');
  const columns = [
    { id: 'date', header: intl.formatMessage(messages.date), cell: (row: HistoryPayment) => <DateText value={row.payment.created} /> },
    {
      id: 'description',
      header: intl.formatMessage(messages.description),
      cell: (row: HistoryPayment) => {
        const trial = trialLine(row);
        const period = planLine(row);
        const text = trial
          ? intl.formatMessage(trialDescription, { plan: trial.plan_name })
          : period
            ? intl.formatMessage(planDescription, { plan: period.plan_name, interval: period.interval ?? 'month' })
            : (row.payment.description ?? '—');
        const discounts = discountLines(row);
        if (discounts.length === 0) return text;
        return (
          <>
            {text}
            {discounts.map((line, index) => (
              <span key={index} className="payment-history__discount">
                {intl.formatMessage(discountText, { code: line.code ?? 'none', amount: formatMoney(line.amount, row.invoice?.currency ?? row.payment.currency) })}
              </span>
            ))}
          </>
        );
      },
    },
    {
      id: 'net',
      header: intl.formatMessage(messages.net),
      align: 'end' as const,
      cell: ({ invoice }: HistoryPayment) => (invoice ? <Money amount={invoice.net} currency={invoice.currency} /> : '—'),
    },
    {
      id: 'tax',
      header: intl.formatMessage(messages.tax),
      align: 'end' as const,
      cell: ({ invoice }: HistoryPayment) =>
        !invoice ? (
          '—'
        ) : invoice.tax_rate === null ? (
          <Money amount={invoice.tax} currency={invoice.currency} />
        ) : (
          intl.formatMessage(taxWithRate, {
            amount: formatMoney(invoice.tax, invoice.currency),
            rate: intl.formatNumber(invoice.tax_rate / 100, { style: 'percent', maximumFractionDigits: 2 }),
          })
        ),
    },
    {
      id: 'total',
      header: intl.formatMessage(messages.total),
      align: 'end' as const,
      cell: ({ payment, invoice }: HistoryPayment) =>
        invoice ? <Money amount={invoice.total} currency={invoice.currency} /> : <Money amount={payment.amount} currency={payment.currency} />,
    },
    {
      id: 'card',
      header: intl.formatMessage(messages.card),
      cell: ({ payment }: HistoryPayment) => (payment.card ? `${payment.card.brand.toUpperCase()} •••• ${payment.cardlast4 ?? ''}` : '—'),
    },
    {
      id: 'expiry',
      header: intl.formatMessage(messages.expiry),
      cell: ({ payment }: HistoryPayment) => (payment.card ? cardExpiry(payment.card) : '—'),
    },
    {
      id: 'status',
      header: intl.formatMessage(messages.status),
      cell: (row: HistoryPayment) => <Badge tone={STATUS_TONES[statusOf(row)]}>{intl.formatMessage(messages[statusOf(row)])}</Badge>,
    },
    {
      id: 'invoice',
      header: intl.formatMessage(messages.invoice),
      cell: (row: HistoryPayment) =>
        row.invoice ? (
          <Button
            ref={row.invoice.id === marked ? markedButton : undefined}
            variant="link"
            disabled={busy}
            busy={busyNumber === row.invoice.number}
            onClick={() => row.invoice && send({ type: 'invoice.download', pdfUrl: row.invoice.pdf_url, number: row.invoice.number })}
          >
            {intl.formatMessage(busyNumber === row.invoice.number ? downloading : download, { number: row.invoice.number })}
          </Button>
        ) : (
          intl.formatMessage(messages.noInvoice)
        ),
    },
  ];
  return (
    <div className="stack">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} reserveSpace={false} />
      {loading ? (
        <Spinner size="lg" />
      ) : items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.none)}>
          <p>{intl.formatMessage(messages.noneText)}</p>
        </EmptyState>
      ) : (
        <>
          <ResponsiveTable
            caption={intl.formatMessage(messages.caption)}
            hideCaption
            columns={columns}
            rows={items}
            rowKey={(row) => row.payment.id}
            isCurrent={(row) => marked !== null && row.invoice?.id === marked}
          />
          {pages > 1 ? (
            <nav className="billing-actions" aria-label={intl.formatMessage(pageOf, { page, pages })}>
              <Button variant="secondary" disabled={busy || page <= 1} onClick={() => send({ type: 'page.previous' })}>
                {intl.formatMessage(messages.previous)}
              </Button>
              <span>{intl.formatMessage(pageOf, { page, pages })}</span>
              <Button variant="secondary" disabled={busy || page * pageSize >= total} onClick={() => send({ type: 'page.next' })}>
                {intl.formatMessage(messages.next)}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
