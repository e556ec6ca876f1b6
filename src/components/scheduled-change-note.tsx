// "Changes to Basic on <date>": a downgrade waiting for the next renewal (docs/decisions/022),
// with the action that undoes it beside it where the page offers one.
import type { ReactNode } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import type { Subscription } from '@domain/subscriptions';

// The interval is named when the change moves between monthly and yearly (docs/decisions/066).
const changesTo = defineMessage<{ plan: string; date: string; interval: string }>({
  id: 'billing.subscription.changesTo',
  defaultMessage: 'Changes to {plan}{interval, select, year {, billed yearly,} month {, billed monthly,} other {}} on {date}',
});

export function ScheduledChangeNote({ subscription, action }: { subscription: Subscription; action?: ReactNode }) {
  const intl = useIntl();
  const change = subscription.scheduled_change;
  if (!change) return null;
  const interval = change.interval === subscription.interval ? 'same' : change.interval;
  const text = intl.formatMessage(changesTo, { plan: change.product_name, interval, date: intl.formatDate(change.effective_at, { dateStyle: 'long' }) });
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
