// The contract's Plan, Subscription and Payment (openapi.yaml) from their rows: how the payments
// routes answer.
import type { components } from '@domain/api-schema';
import type { SubscriptionStatus } from '@domain/subscriptions';
import { paymentFailureBody } from './payment-failure';
import { yearlyAmount } from '@domain/plans';
import { intervalOfBilled } from './billed-plan';
import type { PlanRow } from './provider';
import type { PaymentRow, SubscriptionRow } from './subscription-repository';

type Schemas = components['schemas'];
/** The bodies are the contract's own types (generated from openapi.yaml), never copies. */
export type CardBody = Schemas['Card'];
export type PlanBody = Schemas['Plan'];
export type SubscriptionBody = Schemas['Subscription'];
export type PaymentBody = Schemas['Payment'];
type Interval = PlanBody['interval'];

function card(row: {
  cardBrand: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
}): CardBody | null {
  if (row.cardBrand === null || row.cardExpMonth === null || row.cardExpYear === null) return null;
  return { brand: row.cardBrand, exp_month: row.cardExpMonth, exp_year: row.cardExpYear };
}

export function planBody(plan: PlanRow): PlanBody {
  return {
    id: plan.id,
    position: plan.position,
    name: plan.name,
    amount: plan.amount,
    // A plan billed yearly already is its yearly price.
    yearly_amount: plan.interval === 'year' ? plan.amount : yearlyAmount(plan.amount),
    currency: plan.currency,
    interval: plan.interval as Interval,
    interval_count: plan.intervalCount,
    quality: plan.quality,
    resolution: plan.resolution,
    resolutionFull: plan.resolutionFull,
    simultaneousScreens: plan.simultaneousScreens,
    downloads: plan.downloads,
    devices: plan.devices,
    popular: plan.popular,
  };
}

/** `scheduled`: the plan a downgrade scheduled for the renewal (docs/decisions/022); `discount`: its promotion code. */
export function subscriptionBody(
  row: SubscriptionRow,
  plan: PlanRow,
  scheduled: PlanRow | null = null,
  discount: SubscriptionBody['discount'] = null,
): SubscriptionBody {
  return {
    subscription_id: row.id,
    subscription_status: row.status as SubscriptionStatus,
    plan_id: plan.id,
    product_name: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval as Interval,
    interval_count: plan.intervalCount,
    created: row.createdAt.toISOString(),
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    trial_end: row.trialEnd ? row.trialEnd.toISOString() : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    card: card(row),
    cardlast4: row.cardLast4,
    scheduled_change:
      scheduled && row.scheduledPlanId === scheduled.id
        ? { plan_id: scheduled.id, product_name: scheduled.name, interval: intervalOfBilled(scheduled), effective_at: row.currentPeriodEnd.toISOString() }
        : null,
    pause: row.pausedFrom && row.resumesAt ? { paused_from: row.pausedFrom.toISOString(), resumes_at: row.resumesAt.toISOString() } : null,
    payment_failure: paymentFailureBody(row, new Date()),
    next_charge_percent_off: row.nextChargePercentOff,
    // The promotion code (decision 069): ./subscription-answers.ts reads it with the subscription.
    discount,
  };
}

export function paymentBody(row: PaymentRow): PaymentBody {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentBody['status'],
    ...(row.description === null ? {} : { description: row.description }),
    card: card(row),
    cardlast4: row.cardLast4,
  };
}

