// The payment history tab of /billing: date, amount, card brand and last 4, expiry, status; a
// table on wide screens and a list of cards on narrow ones (ResponsiveTable).
import { defineMessages, useIntl } from 'react-intl';
import { Badge, DateText, EmptyState, Money, ResponsiveTable, type BadgeTone } from '@components';
import { cardExpiry, type Payment } from '@domain/subscriptions';

const messages = defineMessages({
  none: { id: 'billing.payments.none', defaultMessage: 'No Payment History' },
  noneText: { id: 'billing.payments.noneText', defaultMessage: 'Your payments will appear here once your first one is made.' },
  caption: { id: 'billing.payments.caption', defaultMessage: 'Payments, newest first' },
  date: { id: 'billing.payments.date', defaultMessage: 'Date' },
  amount: { id: 'billing.payments.amount', defaultMessage: 'Amount' },
  card: { id: 'billing.payments.card', defaultMessage: 'Card' },
  expiry: { id: 'billing.payments.expiry', defaultMessage: 'Expires' },
  status: { id: 'billing.payments.status', defaultMessage: 'Status' },
  paid: { id: 'billing.payments.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'billing.payments.status.failed', defaultMessage: 'Failed' },
  refunded: { id: 'billing.payments.status.refunded', defaultMessage: 'Refunded' },
});

const STATUS_TONES: Record<Payment['status'], BadgeTone> = { paid: 'success', failed: 'danger', refunded: 'neutral' };

export function PaymentsPanel({ payments }: { payments: readonly Payment[] }) {
  const intl = useIntl();
  if (payments.length === 0) {
    return (
      <EmptyState title={intl.formatMessage(messages.none)}>
        <p>{intl.formatMessage(messages.noneText)}</p>
      </EmptyState>
    );
  }
  return (
    <ResponsiveTable
      caption={intl.formatMessage(messages.caption)}
      hideCaption
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        { id: 'date', header: intl.formatMessage(messages.date), cell: (payment) => <DateText value={payment.created} /> },
        { id: 'amount', header: intl.formatMessage(messages.amount), cell: (payment) => <Money amount={payment.amount} currency={payment.currency} /> },
        {
          id: 'card',
          header: intl.formatMessage(messages.card),
          cell: (payment) => (payment.card ? `${payment.card.brand.toUpperCase()} •••• ${payment.cardlast4 ?? ''}` : '—'),
        },
        { id: 'expiry', header: intl.formatMessage(messages.expiry), cell: (payment) => (payment.card ? cardExpiry(payment.card) : '—') },
        {
          id: 'status',
          header: intl.formatMessage(messages.status),
          cell: (payment) => <Badge tone={STATUS_TONES[payment.status]}>{intl.formatMessage(messages[payment.status])}</Badge>,
        },
      ]}
    />
  );
}
