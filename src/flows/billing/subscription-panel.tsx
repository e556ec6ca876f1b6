// The subscription tab of /billing, read at a glance: the plan and its status, the price, the
// one date that matters next (trial end, renewal, or last day of access), the facts, the card,
// and the actions: Cancel (asks first) or, while it cancels at period end, Resume as the main
// action. Without a current subscription: an empty state leading to /pricing.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, CancelsBadge, Card, DateText, EmptyState, KeyValueList, StatusBadge, buttonClass, useFormatMoney, usePlanTexts } from '@components';
import { routes } from '@domain/routes';
import { isCurrentStatus, isReactivatable, type Subscription } from '@domain/subscriptions';
import { BillingLinks } from './billing-links';
import { PaymentMethodCard } from './payment-method-card';
import { ScheduledChangeNote } from '@components/scheduled-change-note';

const messages = defineMessages({
  none: { id: 'billing.subscription.none', defaultMessage: 'No subscription found' },
  noneText: { id: 'billing.subscription.noneText', defaultMessage: 'Choose a plan to start watching. Every plan begins with a 7-day free trial.' },
  seePlans: { id: 'billing.subscription.seePlans', defaultMessage: 'See plans' },
  periodStart: { id: 'billing.subscription.periodStart', defaultMessage: 'Billing period started' },
  duration: { id: 'billing.subscription.duration', defaultMessage: 'Plan duration' },
  currentPlan: { id: 'billing.subscription.currentPlan', defaultMessage: 'Current plan' },
  cancel: { id: 'billing.subscription.cancel', defaultMessage: 'Cancel subscription' },
  cancelling: { id: 'billing.subscription.cancelling', defaultMessage: 'Cancelling…' },
  resume: { id: 'billing.subscription.resume', defaultMessage: 'Resume subscription' },
  resuming: { id: 'billing.subscription.resuming', defaultMessage: 'Resuming…' },
  undo: { id: 'billing.subscription.undoChange', defaultMessage: 'Undo' },
  undoing: { id: 'billing.subscription.undoingChange', defaultMessage: 'Undoing…' },
});

const trialThenCharge = defineMessage<{ date: string; amount: string }>({
  id: 'billing.subscription.trialThenCharge',
  defaultMessage: 'Free trial until {date}, then {amount} (your first payment)',
});
const accessUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.accessUntil', defaultMessage: 'Access until {date}' });
const renewsOn = defineMessage<{ date: string }>({ id: 'billing.subscription.renewsOn', defaultMessage: 'Renews on {date}' });

/** Which button's request is running, for its busy label. */
export type PendingAction = 'cancel' | 'reactivate' | 'undo' | 'portal';

export interface SubscriptionPanelProps {
  subscription: Subscription | null;
  busy: boolean;
  pending: PendingAction | null;
  onCancel: () => void;
  onReactivate: () => void;
  onUndoChange: () => void;
  onUpdatePayment: () => void;
}

/** The one date a subscriber needs next, said once. */
function useNextDate(subscription: Subscription): string {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const format = (value: string) => intl.formatDate(value, { dateStyle: 'long' });
  if (subscription.cancel_at_period_end) return intl.formatMessage(accessUntil, { date: format(subscription.current_period_end) });
  if (subscription.subscription_status === 'trialing' && subscription.trial_end) {
    return intl.formatMessage(trialThenCharge, { date: format(subscription.trial_end), amount: formatMoney(subscription.amount, subscription.currency) });
  }
  return intl.formatMessage(renewsOn, { date: format(subscription.current_period_end) });
}

export function SubscriptionPanel({ subscription, ...rest }: SubscriptionPanelProps) {
  const intl = useIntl();
  if (!subscription) {
    return (
      <EmptyState
        title={intl.formatMessage(messages.none)}
        action={
          <Link href={routes.pricing.href()} className={buttonClass()}>
            {intl.formatMessage(messages.seePlans)}
          </Link>
        }
      >
        <p>{intl.formatMessage(messages.noneText)}</p>
      </EmptyState>
    );
  }
  return <CurrentSubscription subscription={subscription} {...rest} />;
}

function CurrentSubscription({ subscription, busy, pending, onCancel, onReactivate, onUndoChange, onUpdatePayment }: SubscriptionPanelProps & { subscription: Subscription }) {
  const intl = useIntl();
  const planTexts = usePlanTexts();
  const nextDate = useNextDate(subscription);
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
  const resumable = isReactivatable(subscription);
  return (
    <div className="billing-overview">
      <Card as="section" tone="raised" className="billing-plan" aria-labelledby="billing-plan-name">
        <p className="billing-plan__eyebrow">{intl.formatMessage(messages.currentPlan)}</p>
        <div className="billing-plan__head">
          <h2 id="billing-plan-name" className="billing-plan__name">
            {subscription.product_name.toLocaleUpperCase(intl.locale)}
          </h2>
          <p className="billing-plan__badges">
            <StatusBadge status={subscription.subscription_status} />
            {subscription.cancel_at_period_end ? <CancelsBadge /> : null}
          </p>
        </div>
        <p className="billing-plan__price">{texts.pricePerInterval}</p>
        <p className="billing-plan__next">{nextDate}</p>
        <ScheduledChangeNote
          subscription={subscription}
          action={
            <Button variant="secondary" disabled={busy} busy={pending === 'undo'} onClick={onUndoChange}>
              {intl.formatMessage(pending === 'undo' ? messages.undoing : messages.undo)}
            </Button>
          }
        />
        <KeyValueList
          items={[
            { id: 'duration', label: intl.formatMessage(messages.duration), value: texts.duration },
            { id: 'periodStart', label: intl.formatMessage(messages.periodStart), value: <DateText value={subscription.current_period_start} /> },
          ]}
        />
        <div className="billing-actions">
          <BillingLinks canChangePlan={!subscription.cancel_at_period_end && isCurrentStatus(subscription.subscription_status)} />
          {/* One button that changes role, so focus stays on it from Cancel to Resume and back. */}
          <Button
            key="subscription-action"
            variant={resumable ? 'primary' : 'ghost'}
            disabled={busy}
            busy={pending === 'cancel' || pending === 'reactivate'}
            onClick={resumable ? onReactivate : onCancel}
          >
            {intl.formatMessage(
              resumable
                ? pending === 'reactivate'
                  ? messages.resuming
                  : messages.resume
                : pending === 'cancel'
                  ? messages.cancelling
                  : messages.cancel,
            )}
          </Button>
        </div>
      </Card>
      <PaymentMethodCard subscription={subscription} busy={busy} opening={pending === 'portal'} onUpdatePayment={onUpdatePayment} />
    </div>
  );
}
