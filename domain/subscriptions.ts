// Subscriptions and payments as the contract (openapi.yaml) declares them, and the one place
// that decides which statuses count as current and which give access to classes. The server
// (its SQL included, through `currentStatuses`), the machines and the views all import these.
import type { components } from '@domain/api-schema';

type Schemas = components['schemas'];
export type SubscriptionStatus = Schemas['SubscriptionStatus'];
export type Card = Schemas['Card'];
export type Subscription = Schemas['Subscription'];
export type Payment = Schemas['Payment'];

/** Every status, as the payment provider reports them (the contract's `SubscriptionStatus`). */
export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'incomplete',
  'unpaid',
  'canceled',
] as const satisfies readonly SubscriptionStatus[];

/** Trialing and active both count as a current subscription: shown green, cancellable. */
export const currentStatuses = ['trialing', 'active'] as const satisfies readonly SubscriptionStatus[];

export interface Billing {
  subscriptions: Subscription[];
  payments: Payment[];
}

export function isCurrentStatus(status: string): status is (typeof currentStatuses)[number] {
  return (currentStatuses as readonly string[]).includes(status);
}

/**
 * Whether a subscription lets its account watch classes at `now`: trialing and active do; a
 * canceled one does until the end of the period it paid for (cancelling never takes away
 * what was paid); past_due, incomplete and unpaid do not.
 */
export function givesAccess(
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date },
  now: Date,
): boolean {
  if (isCurrentStatus(subscription.status)) return true;
  return subscription.status === 'canceled' && now.getTime() < subscription.currentPeriodEnd.getTime();
}

/** The first subscription that is trialing or active, if any. */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return subscriptions.find((s) => isCurrentStatus(s.subscription_status)) ?? null;
}

/** Cancellable: current and not already cancelling at period end. */
export function isCancellable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && !subscription.cancel_at_period_end;
}

/** Reactivatable: current and flagged to cancel at period end (until then, it can still renew). */
export function isReactivatable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && subscription.cancel_at_period_end;
}

/** Card expiry as MM/YYYY. */
export function cardExpiry(card: Card): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/** A card's identity for telling whether it changed (brand, last 4, expiry); null without one. */
export function cardKey(subscription: Pick<Subscription, 'card' | 'cardlast4'> | null): string | null {
  if (!subscription?.card) return null;
  return `${subscription.card.brand}:${subscription.cardlast4 ?? ''}:${cardExpiry(subscription.card)}`;
}
