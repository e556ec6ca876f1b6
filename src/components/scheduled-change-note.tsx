// "Changes to Basic on <date>": a downgrade waiting for the next renewal (docs/decisions/022).
import { defineMessage, useIntl } from 'react-intl';
import type { Subscription } from '@domain/subscriptions';

const changesTo = defineMessage<{ plan: string; date: string }>({ id: 'billing.subscription.changesTo', defaultMessage: 'Changes to {plan} on {date}' });

export function ScheduledChangeNote({ subscription }: { subscription: Subscription }) {
  const intl = useIntl();
  const change = subscription.scheduled_change;
  if (!change) return null;
  return (
    <p className="scheduled-change" data-testid="scheduled-change">
      {intl.formatMessage(changesTo, { plan: change.product_name, date: intl.formatDate(change.effective_at, { dateStyle: 'long' }) })}
    </p>
  );
}
