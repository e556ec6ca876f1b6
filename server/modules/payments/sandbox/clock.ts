// The sandbox test clock (docs/decisions/023), like Stripe's test clocks: moves one account's
// current sandbox subscription in billing time, so renewals, the trial reminder, a declined
// renewal (past_due), its retries (decision 067) and the end of access after a cancel happen
// now instead of in a month.
// The subscription's dates move back by the same amount (so the rest of the product keeps
// reading the real clock) and the period settlement runs as any read would run it.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { subscriptions } from '@server/db/schema';
import type { SubscriptionRow } from '@server/modules/payments/subscription-repository';
import { isCurrentStatus } from '@domain/subscriptions';
import { sandboxProviderName } from './ids';
import { settleSandboxPeriods, trialReminderMs } from './periods';

export const clockActions = ['trial_reminder', 'end_trial', 'renew', 'fail_next_renewal', 'next_retry'] as const;
export type ClockAction = (typeof clockActions)[number];

export function isClockAction(value: unknown): value is ClockAction {
  return typeof value === 'string' && (clockActions as readonly string[]).includes(value);
}

export type ClockOutcome = 'moved' | 'no_subscription' | 'not_applicable';

function shifted(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

function shiftedOrNull(date: Date | null, ms: number): Date | null {
  return date ? shifted(date, ms) : null;
}

/** Every date of the subscription `ms` later (earlier when negative): billing time moves as a whole. */
function shiftedDates(subscription: SubscriptionRow, ms: number) {
  return {
    currentPeriodStart: shifted(subscription.currentPeriodStart, ms),
    currentPeriodEnd: shifted(subscription.currentPeriodEnd, ms),
    trialEnd: shiftedOrNull(subscription.trialEnd, ms),
    paymentFailedAt: shiftedOrNull(subscription.paymentFailedAt, ms),
    nextPaymentAttemptAt: shiftedOrNull(subscription.nextPaymentAttemptAt, ms),
    graceEndsAt: shiftedOrNull(subscription.graceEndsAt, ms),
    // A pause moves with its period (decision 065).
    pausedFrom: shiftedOrNull(subscription.pausedFrom, ms),
    resumesAt: shiftedOrNull(subscription.resumesAt, ms),
  };
}

/** A renewal left unpaid, its next retry now: moved so that the retry is due. */
async function advanceToNextRetry(db: Database, userId: string, now: Date, billingLink: string): Promise<ClockOutcome> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, sandboxProviderName), eq(subscriptions.status, 'past_due')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!subscription) return 'no_subscription';
  if (!subscription.nextPaymentAttemptAt) return 'not_applicable';
  const shift = now.getTime() - subscription.nextPaymentAttemptAt.getTime();
  await db.update(subscriptions).set({ ...shiftedDates(subscription, shift), updatedAt: now }).where(eq(subscriptions.id, subscription.id));
  await settleSandboxPeriods(db, userId, now, billingLink);
  return 'moved';
}

/** How far back the subscription's dates move for `action`; null when it does not apply. */
function shiftFor(subscription: SubscriptionRow, action: ClockAction, now: Date): number | null {
  const trialing = subscription.status === 'trialing' && subscription.trialEnd !== null;
  switch (action) {
    case 'trial_reminder':
      // One minute inside the reminder's window: the trial ends in 2 days.
      return trialing ? now.getTime() + trialReminderMs - 60_000 - subscription.currentPeriodEnd.getTime() : null;
    case 'end_trial':
      return trialing ? now.getTime() - subscription.currentPeriodEnd.getTime() : null;
    case 'renew':
      return isCurrentStatus(subscription.status)
        ? now.getTime() - subscription.currentPeriodEnd.getTime()
        : null;
    default:
      return null;
  }
}

export async function moveSandboxClock(
  db: Database,
  userId: string,
  action: ClockAction,
  options: { now?: Date; billingLink: string },
): Promise<ClockOutcome> {
  const now = options.now ?? new Date();
  await settleSandboxPeriods(db, userId, now, options.billingLink);
  if (action === 'next_retry') return advanceToNextRetry(db, userId, now, options.billingLink);
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, sandboxProviderName), isCurrent(subscriptions.status)));
  if (!subscription) return 'no_subscription';
  if (action === 'fail_next_renewal') {
    if (subscription.status !== 'active' && subscription.status !== 'trialing') return 'not_applicable';
    await db.update(subscriptions).set({ sandboxFailNextRenewal: true, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
    return 'moved';
  }
  const wanted = shiftFor(subscription, action, now);
  if (wanted === null) return 'not_applicable';
  // Already inside the reminder's window: nothing to move (the reminder is sent once).
  const shift = action === 'trial_reminder' ? Math.min(0, wanted) : wanted;
  await db
    .update(subscriptions)
    .set({ ...shiftedDates(subscription, shift), updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await settleSandboxPeriods(db, userId, now, options.billingLink);
  return 'moved';
}
