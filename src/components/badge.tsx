// Subscription badges: a current status (src/domain/subscriptions.ts decides which) reads
// green with a check and any other red with a cross, so a trial never looks like a failure.
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { isCurrentStatus } from '../domain/subscriptions';

const messages = defineMessages({
  trialing: { id: 'status.trialing', defaultMessage: 'Free trial' },
  active: { id: 'status.active', defaultMessage: 'Active' },
  past_due: { id: 'status.pastDue', defaultMessage: 'Past due' },
  incomplete: { id: 'status.incomplete', defaultMessage: 'Incomplete' },
  unpaid: { id: 'status.unpaid', defaultMessage: 'Unpaid' },
  canceled: { id: 'status.canceled', defaultMessage: 'Canceled' },
  unknown: { id: 'status.unknown', defaultMessage: 'Unknown' },
  cancels: { id: 'status.cancelsAtPeriodEnd', defaultMessage: 'Cancels At Period End' },
});

const STATUS_MESSAGES: Record<string, MessageDescriptor> = messages;

export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const good = isCurrentStatus(status);
  const label: MessageDescriptor = STATUS_MESSAGES[status] ?? messages.unknown;
  return (
    <span className={`badge ${good ? 'badge--good' : 'badge--bad'}`}>
      <span aria-hidden="true" className="badge__icon">{good ? '✓' : '✕'}</span>
      {intl.formatMessage(label)}
    </span>
  );
}

export function CancelsBadge() {
  const intl = useIntl();
  return <span className="badge badge--warn">{intl.formatMessage(messages.cancels)}</span>;
}
