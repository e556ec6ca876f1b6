// The subscription tab of /billing: the current plan (trialing or active) with its badges,
// price, period and duration, 'Update payment method', and Cancel, or Resume while it is
// flagged to cancel at period end ("Access until <date>"); or 'No subscription found'.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { CancelsBadge, DateText, StatusBadge, usePlanTexts } from '../../components';
import { BillingLinks } from './billing-links';
import { ScheduledChangeNote } from './scheduled-change-note';
import { cardExpiry, isCancellable, isReactivatable, type Subscription } from '../../domain/subscriptions';

const messages = defineMessages({
  none: { id: 'billing.subscription.none', defaultMessage: 'No subscription found' },
  price: { id: 'billing.subscription.price', defaultMessage: 'Price' },
  periodStart: { id: 'billing.subscription.periodStart', defaultMessage: 'Billing period started' },
  duration: { id: 'billing.subscription.duration', defaultMessage: 'Plan duration' },
  card: { id: 'billing.subscription.card', defaultMessage: 'Payment method' },
  cancel: { id: 'billing.subscription.cancel', defaultMessage: 'Cancel subscription' },
  cancelling: { id: 'billing.subscription.cancelling', defaultMessage: 'Cancelling…' },
  resume: { id: 'billing.subscription.resume', defaultMessage: 'Resume subscription' },
  resuming: { id: 'billing.subscription.resuming', defaultMessage: 'Resuming…' },
  updatePayment: { id: 'billing.subscription.updatePayment', defaultMessage: 'Update payment method' },
  openingPortal: { id: 'billing.subscription.openingPortal', defaultMessage: 'Opening…' },
});

const trialUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.trialUntil', defaultMessage: 'Free trial until {date}' });
const accessUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.accessUntil', defaultMessage: 'Access until {date}' });

/** Which button's request is running, for its busy label. */
export type PendingAction = 'cancel' | 'reactivate' | 'portal';

export interface SubscriptionPanelProps {
  subscription: Subscription | null;
  busy: boolean;
  pending: PendingAction | null;
  onCancel: () => void;
  onReactivate: () => void;
  onUpdatePayment: () => void;
}

export function SubscriptionPanel({ subscription, busy, pending, onCancel, onReactivate, onUpdatePayment }: SubscriptionPanelProps) {
  const intl = useIntl();
  const planTexts = usePlanTexts();
  if (!subscription) return <p>{intl.formatMessage(messages.none)}</p>;
  const texts = planTexts({
    id: subscription.plan_id,
    name: subscription.product_name,
    amount: subscription.amount,
    currency: subscription.currency,
    interval: subscription.interval,
    interval_count: subscription.interval_count,
    quality: '',
    resolution: '',
    devices: [],
  });
  return (
    <section className="card stack" aria-labelledby="billing-plan-name">
      <h2 id="billing-plan-name">{subscription.product_name.toLocaleUpperCase(intl.locale)}</h2>
      <p>
        <StatusBadge status={subscription.subscription_status} /> {subscription.cancel_at_period_end ? <CancelsBadge /> : null}
      </p>
      {subscription.cancel_at_period_end ? (
        <p>{intl.formatMessage(accessUntil, { date: intl.formatDate(subscription.current_period_end, { dateStyle: 'long' }) })}</p>
      ) : null}
      {subscription.subscription_status === 'trialing' && subscription.trial_end ? (
        <p>{intl.formatMessage(trialUntil, { date: intl.formatDate(subscription.trial_end, { dateStyle: 'long' }) })}</p>
      ) : null}
      <ScheduledChangeNote subscription={subscription} />
      <dl className="billing-facts">
        <dt>{intl.formatMessage(messages.price)}</dt>
        <dd>{texts.pricePerInterval}</dd>
        <dt>{intl.formatMessage(messages.periodStart)}</dt>
        <dd>
          <DateText value={subscription.current_period_start} />
        </dd>
        <dt>{intl.formatMessage(messages.duration)}</dt>
        <dd>{texts.duration}</dd>
        {subscription.card ? (
          <>
            <dt>{intl.formatMessage(messages.card)}</dt>
            <dd>
              {subscription.card.brand.toUpperCase()} •••• {subscription.cardlast4} · {cardExpiry(subscription.card)}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="billing-actions">
        <BillingLinks canChangePlan={!subscription.cancel_at_period_end && (subscription.subscription_status === 'active' || subscription.subscription_status === 'trialing')} />
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={onUpdatePayment}>
          {intl.formatMessage(pending === 'portal' ? messages.openingPortal : messages.updatePayment)}
        </button>
        {isReactivatable(subscription) ? (
          <button type="button" className="btn" disabled={busy} onClick={onReactivate}>
            {intl.formatMessage(pending === 'reactivate' ? messages.resuming : messages.resume)}
          </button>
        ) : (
          <button type="button" className="btn btn--ghost" disabled={busy || !isCancellable(subscription)} onClick={onCancel}>
            {intl.formatMessage(pending === 'cancel' ? messages.cancelling : messages.cancel)}
          </button>
        )}
      </div>
    </section>
  );
}
