// The cancel flow's rules (decision 068), pure and in one place: which offer a reason brings, and
// whether the account and the subscription may have it. The service applies the answers.
import { isCurrentStatus } from '@domain/subscriptions';
import type { CancelReason, RetentionOffer } from '@domain/cancel-reasons';
import { pauseDecision, type PastPause, type PausableSubscription } from './pause-rules';

/** Whether the subscription can be cancelled (and so be offered something instead). */
export function isCancellable(subscription: Pick<PausableSubscription, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return isCurrentStatus(subscription.status) && !subscription.cancelAtPeriodEnd;
}

/**
 * The offer shown for `reason`, or null: one retention offer per account, ever; a pause only when
 * the pause rules would allow one (a month is always a valid length); 50 % off only while a
 * renewal charge is ahead (not paused, nothing unpaid).
 */
export function offerFor(
  reason: CancelReason,
  subscription: PausableSubscription,
  context: { offerAccepted: boolean; pauses: readonly PastPause[] },
): RetentionOffer | null {
  if (context.offerAccepted || !isCancellable(subscription)) return null;
  if (reason === 'unused') return 'refusal' in pauseDecision(subscription, 1, context.pauses) ? null : 'pause';
  if (reason === 'too_expensive') return halfOffAllowed(subscription) ? 'half_off' : null;
  return null;
}

/** 50 % off the next month: a current subscription that will renew with a charge. */
export function halfOffAllowed(subscription: PausableSubscription): boolean {
  return isCancellable(subscription) && subscription.status !== 'past_due' && subscription.status !== 'unpaid' && subscription.pausedFrom === null;
}

/** The next charge with the one-time discount taken off (whole minor units, rounded down in the subscriber's favour). */
export function discountedAmount(amount: number, percentOff: number | null): number {
  if (percentOff === null) return amount;
  return Math.floor((amount * (100 - percentOff)) / 100);
}
