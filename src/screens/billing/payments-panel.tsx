// The payment history tab of /billing: date, amount, card brand and last 4, expiry, status.
import { defineMessages, useIntl } from 'react-intl';
import { DateText, Money } from '../../components';
import { cardExpiry, type Payment } from '../../domain/subscriptions';

const messages = defineMessages({
  none: { id: 'billing.payments.none', defaultMessage: 'No Payment History' },
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

export function PaymentsPanel({ payments }: { payments: readonly Payment[] }) {
  const intl = useIntl();
  if (payments.length === 0) return <p>{intl.formatMessage(messages.none)}</p>;
  return (
    <table className="plan-table">
      <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(messages.date)}</th>
          <th scope="col">{intl.formatMessage(messages.amount)}</th>
          <th scope="col">{intl.formatMessage(messages.card)}</th>
          <th scope="col">{intl.formatMessage(messages.expiry)}</th>
          <th scope="col">{intl.formatMessage(messages.status)}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td>
              <DateText value={payment.created} />
            </td>
            <td>
              <Money amount={payment.amount} currency={payment.currency} />
            </td>
            <td>{payment.card ? `${payment.card.brand.toUpperCase()} •••• ${payment.cardlast4 ?? ''}` : '—'}</td>
            <td>{payment.card ? cardExpiry(payment.card) : '—'}</td>
            <td>{intl.formatMessage(messages[payment.status])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
