// Subscriptions and payments as the server reports them (openapi.yaml), and which one is
// current: trialing and active both count (decisions.md, "Subscriptions").
import type { BillingInterval } from './plans';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'incomplete' | 'unpaid' | 'canceled';

export interface Card {
  brand: string;
  exp_month: number;
  exp_year: number;
}

export interface Subscription {
  subscription_id: string;
  subscription_status: SubscriptionStatus;
  plan_id: string;
  product_name: string;
  amount: number;
  currency: string;
  interval: BillingInterval;
  interval_count: number;
  created: string;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  card: Card | null;
  cardlast4: string | null;
}

export interface Payment {
  id: string;
  created: string;
  amount: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  description?: string;
  card: Card | null;
  cardlast4: string | null;
}

export interface Billing {
  subscriptions: Subscription[];
  payments: Payment[];
}

export function isCurrentStatus(status: SubscriptionStatus): boolean {
  return status === 'trialing' || status === 'active';
}

/** The first subscription that is trialing or active, if any. */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return subscriptions.find((s) => isCurrentStatus(s.subscription_status)) ?? null;
}

/** Cancellable: current and not already cancelling at period end. */
export function isCancellable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && !subscription.cancel_at_period_end;
}

/** Reactivatable: current and flagged to cancel at period end (decisions.md). */
export function isReactivatable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && subscription.cancel_at_period_end;
}

/** Card expiry as MM/YYYY. */
export function cardExpiry(card: Card): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}
