// "Changes to Basic on <date>": a downgrade waiting for the next renewal (docs/decisions/022),
// with the action that undoes it beside it where the page offers one.
import type { ReactNode } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import type { Subscription } from '@domain/subscriptions';

const changesTo = defineMessage<{ plan: string; date: string }>({ id: 'billing.subscription.changesTo', defaultMessage: 'Changes to {plan} on {date}' });

export function ScheduledChangeNote({ subscription, action }: { subscription: Subscription; action?: ReactNode }) {
  const intl = useIntl();
  const change = subscription.scheduled_change;
  if (!change) return null;
  const text = intl.formatMessage(changesTo, { plan: change.product_name, date: intl.formatDate(change.effective_at, { dateStyle: 'long' }) });
  if (!action) {
    return (
      <p className="scheduled-change" data-testid="scheduled-change">
        {text}
      </p>
    );
  }
  return (
    <div className="scheduled-change scheduled-change--with-action" data-testid="scheduled-change">
      <p>{text}</p>
      {action}
    </div>
  );
}
