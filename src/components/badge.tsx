// Subscription badges: a current status (domain/subscriptions.ts decides which) reads
// green with a check and any other red with a cross, so a trial never looks like a failure.
// `Badge` is the design system's small status label; its tone, not its colour, is the API.
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { isCurrentStatus } from '@domain/subscriptions';

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

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'accent';

export interface BadgeProps {
  tone?: BadgeTone;
  /** A decorative mark before the text (hidden from assistive technology). */
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', icon, className, children }: BadgeProps) {
  const look = `badge badge--${tone}`;
  return (
    <span className={className ? `${look} ${className}` : look}>
      {icon ? <span aria-hidden="true" className="badge__icon">{icon}</span> : null}
      {children}
    </span>
  );
}

const STATUS_MESSAGES: Record<string, MessageDescriptor> = messages;

export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const good = isCurrentStatus(status);
  const label: MessageDescriptor = STATUS_MESSAGES[status] ?? messages.unknown;
  return (
    <Badge tone={good ? 'success' : 'danger'} icon={good ? '✓' : '✕'} className={good ? 'badge--good' : 'badge--bad'}>
      {intl.formatMessage(label)}
    </Badge>
  );
}

export function CancelsBadge() {
  const intl = useIntl();
  return (
    <Badge tone="warning" icon="!" className="badge--warn">
      {intl.formatMessage(messages.cancels)}
    </Badge>
  );
}
