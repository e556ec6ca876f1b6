// Subscriptions and payments as the contract (openapi.yaml) declares them, and the one place
// that decides which statuses count as current and which give access to classes. The server
// (its SQL included, through `currentStatuses`), the machines and the views all import these.
import type { components } from '@domain/api-schema';

type Schemas = components['schemas'];
export type SubscriptionStatus = Schemas['SubscriptionStatus'];
export type Card = Schemas['Card'];
export type Subscription = Schemas['Subscription'];
export type Payment = Schemas['Payment'];
/** A failed renewal still unpaid (decision 067): retries, next retry, grace end. */
export type PaymentFailure = Schemas['PaymentFailure'];

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

/** A pause (decision 065): from the end of the paid period to the day billing resumes. */
export interface PauseWindow {
  pausedFrom: Date | null;
  resumesAt: Date | null;
}

/** Whether a pause holds at `now`: no access and no charge from `pausedFrom` until `resumesAt`. */
export function isPausedAt(pause: Partial<PauseWindow>, now: Date): boolean {
  if (!pause.pausedFrom || !pause.resumesAt) return false;
  return pause.pausedFrom.getTime() <= now.getTime() && now.getTime() < pause.resumesAt.getTime();
}

/**
 * Whether a subscription lets its account watch classes at `now`: trialing and active do; a
 * canceled one does until the end of the period it paid for (cancelling never takes away
 * what was paid); a past_due one does during its grace period after a failed renewal (decision
 * 067), and not after it; incomplete and unpaid do not; nor does a pause once it has begun.
 */
export function givesAccess(
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date; graceEndsAt?: Date | null } & Partial<PauseWindow>,
  now: Date,
): boolean {
  if (isPausedAt(subscription, now)) return false;
  if (isCurrentStatus(subscription.status)) return true;
  if (subscription.status === 'past_due') return subscription.graceEndsAt != null && now.getTime() < subscription.graceEndsAt.getTime();
  return subscription.status === 'canceled' && now.getTime() < subscription.currentPeriodEnd.getTime();
}

/** The first subscription that is trialing or active, if any. */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return subscriptions.find((s) => isCurrentStatus(s.subscription_status)) ?? null;
}

/**
 * The subscription Billing shows: the current one, else one whose renewal failed and is still
 * unpaid (past_due or unpaid, decision 067), so its card can be updated.
 */
export function billedSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return currentSubscription(subscriptions) ?? subscriptions.find((s) => s.payment_failure) ?? null;
}

/** Cancellable: current and not already cancelling at period end. */
export function isCancellable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && !subscription.cancel_at_period_end;
}

/**
 * "Add a promotion code" on Billing (decision 069): a current subscription, not cancelling, with
 * no code yet (one per subscription).
 */
export function canAddPromotionCode(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && isCurrentStatus(subscription.subscription_status) && !subscription.cancel_at_period_end && !subscription.discount;
}

/** Pausable from Billing: active (not trialing), not cancelling and not paused already (decision 065). */
export function isPausable(subscription: Subscription | null): subscription is Subscription {
  return subscription !== null && subscription.subscription_status === 'active' && !subscription.cancel_at_period_end && !subscription.pause;
}

/** The months a pause may last. */
export const pauseMonthChoices = [1, 2, 3] as const;
export type PauseMonths = (typeof pauseMonthChoices)[number];

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
