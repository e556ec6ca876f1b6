// The subscription tab of /billing, read at a glance: the plan and its status, the price, the
// one date that matters next (trial end, renewal, or last day of access), the facts, the card,
// and the actions: Cancel (asks first) or, while it cancels at period end, Resume as the main
// action. Pause (decision 065) beside them, and while paused "Paused until <date>" with "Resume
// now" as the main action. Without a current subscription: an empty state leading to /pricing.
// A promotion code (decision 069): the one it has and what it still takes off, or, while it can
// take one, "Add a promotion code".
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, CancelsBadge, Card, DateText, EmptyState, KeyValueList, StatusBadge, buttonClass, useFormatMoney, usePlanTexts, useSubscriptionDiscountText } from '@components';
import { routes } from '@domain/routes';
import { canAddPromotionCode, isCurrentStatus, isPausable, isReactivatable, type Subscription } from '@domain/subscriptions';
import { BillingLinks } from './billing-links';
import { PaymentFailureNote } from './payment-failure-note';
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
  pause: { id: 'billing.subscription.pause', defaultMessage: 'Pause' },
  pausing: { id: 'billing.subscription.pausing', defaultMessage: 'Pausing…' },
  resumeNow: { id: 'billing.subscription.resumeNow', defaultMessage: 'Resume now' },
  resumingNow: { id: 'billing.subscription.resumingNow', defaultMessage: 'Resuming…' },
});
const pausedUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.pausedUntil', defaultMessage: 'Paused until {date}' });
const playsUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.playsUntil', defaultMessage: 'Classes play until {date}, then the pause begins' });

const trialThenCharge = defineMessage<{ date: string; amount: string }>({
  id: 'billing.subscription.trialThenCharge',
  defaultMessage: 'Free trial until {date}, then {amount} (your first payment)',
});
const nextChargeOff = defineMessage<{ percent: number }>({ id: 'billing.subscription.nextChargeOff', defaultMessage: '{percent} % off your next month' });
const codeDiscount = defineMessage<{ code: string; text: string }>({ id: 'billing.subscription.promotionCode', defaultMessage: 'Promotion code {code}: {text}' });
const accessUntil = defineMessage<{ date: string }>({ id: 'billing.subscription.accessUntil', defaultMessage: 'Access until {date}' });
const renewsOn = defineMessage<{ date: string }>({ id: 'billing.subscription.renewsOn', defaultMessage: 'Renews on {date}' });

/** Which button's request is running, for its busy label. */
export type PendingAction = 'cancel' | 'reactivate' | 'undo' | 'portal' | 'pause' | 'resumePause';

export interface SubscriptionPanelProps {
  subscription: Subscription | null;
  busy: boolean;
  pending: PendingAction | null;
  onCancel: () => void;
  onReactivate: () => void;
  onUndoChange: () => void;
  onUpdatePayment: () => void;
  onPause: () => void;
  onResumePause: () => void;
  /** "Add a promotion code", shown while the subscription can take one. */
  promotionCodeForm?: ReactNode;
}

/** The one date a subscriber needs next, said once. */
function useNextDate(subscription: Subscription): string {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const format = (value: string) => intl.formatDate(value, { dateStyle: 'long' });
  if (subscription.pause) return intl.formatMessage(pausedUntil, { date: format(subscription.pause.resumes_at) });
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

function CurrentSubscription({ subscription, busy, pending, onCancel, onReactivate, onUndoChange, onUpdatePayment, onPause, onResumePause, promotionCodeForm }: SubscriptionPanelProps & { subscription: Subscription }) {
  const intl = useIntl();
  const discountText = useSubscriptionDiscountText();
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
        {subscription.payment_failure ? <PaymentFailureNote failure={subscription.payment_failure} /> : <p className="billing-plan__next">{nextDate}</p>}
        {/* The cancel flow's retention offer, until the renewal takes it (decision 068). */}
        {subscription.next_charge_percent_off ? (
          <p className="billing-plan__note" data-testid="next-charge-discount">
            {intl.formatMessage(nextChargeOff, { percent: subscription.next_charge_percent_off })}
          </p>
        ) : null}
        {/* A live region: a code applied here is announced as it appears. */}
        <div aria-live="polite" data-testid="promotion-discount">
          {subscription.discount && subscription.discount.charges_left !== 0 ? (
            <p className="billing-plan__note">{intl.formatMessage(codeDiscount, { code: subscription.discount.code, text: discountText(subscription.discount) })}</p>
          ) : null}
        </div>
        {subscription.pause && new Date(subscription.pause.paused_from).getTime() > Date.now() ? (
          <p className="billing-plan__note">{intl.formatMessage(playsUntil, { date: intl.formatDate(subscription.pause.paused_from, { dateStyle: 'long' }) })}</p>
        ) : null}
        <ScheduledChangeNote
          subscription={subscription}
          action={
            <Button variant="secondary" disabled={busy} busy={pending === 'undo'} onClick={onUndoChange}>
              {intl.formatMessage(pending === 'undo' ? messages.undoing : messages.undo)}
            </Button>
          }
        />
        {canAddPromotionCode(subscription) ? promotionCodeForm : null}
        <KeyValueList
          items={[
            { id: 'duration', label: intl.formatMessage(messages.duration), value: texts.duration },
            { id: 'periodStart', label: intl.formatMessage(messages.periodStart), value: <DateText value={subscription.current_period_start} /> },
          ]}
        />
        <div className="billing-actions">
          <BillingLinks canChangePlan={!subscription.cancel_at_period_end && !subscription.pause && isCurrentStatus(subscription.subscription_status)} />
          {subscription.pause ? (
            <Button variant="primary" disabled={busy} busy={pending === 'resumePause'} onClick={onResumePause}>
              {intl.formatMessage(pending === 'resumePause' ? messages.resumingNow : messages.resumeNow)}
            </Button>
          ) : isPausable(subscription) ? (
            <Button variant="secondary" disabled={busy} busy={pending === 'pause'} onClick={onPause}>
              {intl.formatMessage(pending === 'pause' ? messages.pausing : messages.pause)}
            </Button>
          ) : null}
          {/* One button that changes role, so focus stays on it from Cancel to Resume and back. */}
          {isCurrentStatus(subscription.subscription_status) ? (
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
          ) : null}
        </div>
      </Card>
      <PaymentMethodCard subscription={subscription} busy={busy} opening={pending === 'portal'} onUpdatePayment={onUpdatePayment} />
    </div>
  );
}
