// Moves sandbox subscriptions past the end of their period when they are read, since no
// provider sends renewal events: a flagged one ends (canceled), any other renews and is charged.
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isCurrent } from '../../db/current-status';
import { plans, subscriptions } from '../../db/schema';
import { paymentDescription, recordPayment } from '../apply-checkout';
import { sandboxProviderName } from './ids';

/** The period after `start` for a plan's interval (calendar months and years, UTC). */
export function addInterval(start: Date, interval: string, count: number): Date {
  const next = new Date(start.getTime());
  if (interval === 'day') next.setUTCDate(next.getUTCDate() + count);
  else if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7 * count);
  else if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}

/** More renewals than this in one read means a clock problem, not a customer. */
const maxRenewals = 240;

export async function settleSandboxPeriods(db: Database, userId: string, now: Date = new Date()): Promise<void> {
  const due = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, sandboxProviderName),
        isCurrent(subscriptions.status),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  for (const { subscription, plan } of due) {
    await db.transaction(async (tx) => {
      if (subscription.cancelAtPeriodEnd) {
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: now })
          .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, subscription.status)));
        return;
      }
      const card =
        subscription.cardBrand && subscription.cardLast4 && subscription.cardExpMonth && subscription.cardExpYear
          ? {
              brand: subscription.cardBrand,
              last4: subscription.cardLast4,
              expMonth: subscription.cardExpMonth,
              expYear: subscription.cardExpYear,
            }
          : null;
      let start = subscription.currentPeriodEnd;
      let end = addInterval(start, plan.interval, plan.intervalCount);
      for (let renewal = 0; ; renewal += 1) {
        // The invoice id names the period, so a concurrent read cannot charge it twice.
        await recordPayment(tx, {
          providerInvoiceId: `in_sandbox_${subscription.id}_${start.getTime()}`,
          userId,
          subscriptionId: subscription.id,
          amount: plan.amount,
          currency: plan.currency,
          status: 'paid',
          description: paymentDescription(plan.amount, plan.name),
          card,
          createdAt: start,
        });
        if (end > now || renewal >= maxRenewals) break;
        start = end;
        end = addInterval(start, plan.interval, plan.intervalCount);
      }
      await tx
        .update(subscriptions)
        .set({ status: 'active', currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
    });
  }
}
