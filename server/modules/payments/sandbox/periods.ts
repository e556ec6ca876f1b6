// Moves sandbox subscriptions past the end of their period when they are read, since no
// provider sends renewal events: a flagged one ends (canceled), any other renews and is charged
// (for the plan a downgrade scheduled, docs/decisions/022), or is declined when the test clock
// said so or its card fails renewals (past_due, then retried: ./retries.ts, decision 067). A
// trial 2 days from its end gets its reminder email once. A pause (./pause-periods.ts) skips the
// charges up to its resume date, where billing starts again. The retention offer's discount
// (decision 068) comes off the next renewal charge, once, after the promotion code's (decision 069).
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { settleDownloads } from '@server/modules/downloads';
import { plans, subscriptions } from '@server/db/schema';
import { queueAccountMail } from '@server/modules/mail';
import { paymentDescription, recordPayment } from '@server/modules/payments/apply-checkout';
import { intervalOfBilled } from '@server/modules/payments/billed-plan';
import { afterCharge, chargeFor } from '@server/modules/payments/charges';
import { heldDiscount, useDiscountedCharge } from '@server/modules/payments/promotion-codes';
import { scheduledPlan, subscriptionPlan } from '@server/modules/payments/subscription-repository';
import { cardFailsRenewals } from './card';
import { sandboxProviderName } from './ids';
import { beginPause, pauseBeginning, renewalStart, sendResumeReminders } from './pause-periods';
import { failRenewal, settleSandboxRetries, subscriptionCard } from './retries';

/** The period after `start` for a plan's interval (calendar months and years, UTC). */
export function addInterval(start: Date, interval: string, count: number): Date {
  const next = new Date(start.getTime());
  if (interval === 'day') next.setUTCDate(next.getUTCDate() + count);
  else if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7 * count);
  else if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}

/** How long before a trial ends its reminder is sent. */
export const trialReminderMs = 2 * 86_400_000;

/** More renewals than this in one read means a clock problem, not a customer. */
const maxRenewals = 240;

async function sendTrialReminders(db: Database, userId: string, now: Date): Promise<void> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, sandboxProviderName),
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialReminderSentAt),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + trialReminderMs)),
      ),
    );
  for (const subscription of due) {
    if (subscription.trialEnd === null || subscription.trialEnd <= now) continue;
    const trialEnd = subscription.trialEnd;
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(subscriptions)
        .set({ trialReminderSentAt: now })
        .where(and(eq(subscriptions.id, subscription.id), isNull(subscriptions.trialReminderSentAt)))
        .returning({ id: subscriptions.id });
      if (marked.length > 0) await queueAccountMail(tx, userId, { template: 'trialEnding', params: { endsAt: trialEnd.toISOString() } });
    });
  }
}

export async function settleSandboxPeriods(
  db: Database,
  userId: string,
  now: Date = new Date(),
  billingLink = '/billing',
): Promise<void> {
  await sendTrialReminders(db, userId, now);
  await sendResumeReminders(db, userId, now);
  await settleSandboxRetries(db, userId, now, billingLink);
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
  for (const { subscription, plan: currentPlan } of due) {
    await db.transaction(async (tx) => {
      if (subscription.cancelAtPeriodEnd) {
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', scheduledPlanId: null, updatedAt: now })
          .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, subscription.status)));
        return;
      }
      const pause = pauseBeginning(subscription, now);
      if (pause) {
        await beginPause(tx, subscription, pause.resumesAt, now);
        return;
      }
      // A downgrade scheduled for this renewal takes effect now.
      const [scheduled] = subscription.scheduledPlanId
        ? await tx.select().from(plans).where(eq(plans.id, subscription.scheduledPlanId))
        : [];
      // The plan as it bills from this renewal: monthly or yearly (docs/decisions/066).
      const plan = scheduled ? scheduledPlan(subscription, scheduled) : subscriptionPlan(subscription, currentPlan);
      if (subscription.sandboxFailNextRenewal || cardFailsRenewals({ last4: subscription.cardLast4 })) {
        const start = renewalStart(subscription, now);
        const period = { start, end: addInterval(start, plan.interval, plan.intervalCount) };
        await failRenewal(tx, subscription, plan, period, now, billingLink);
        return;
      }
      const card = subscriptionCard(subscription);
      let start = renewalStart(subscription, now);
      let end = addInterval(start, plan.interval, plan.intervalCount);
      let promotion = await heldDiscount(tx, subscription.id);
      for (let renewal = 0; ; renewal += 1) {
        // The code (decision 069), then the retention offer (decision 068) on the first renewal only.
        const charge = chargeFor(plan, { start, end }, { promotion, retentionPercentOff: renewal === 0 ? subscription.nextChargePercentOff : null });
        // The invoice id names the period, so a concurrent read cannot charge it twice.
        await recordPayment(tx, {
          providerInvoiceId: `in_sandbox_${subscription.id}_${start.getTime()}`,
          userId,
          subscriptionId: subscription.id,
          amount: charge.amount,
          currency: plan.currency,
          status: 'paid',
          description: paymentDescription(charge.amount, plan.name),
          card,
          createdAt: start,
          lines: charge.lines,
        });
        if (charge.promotionUsed) await useDiscountedCharge(tx, charge.promotionUsed.redemptionId);
        promotion = afterCharge(promotion, charge);
        if (end > now || renewal >= maxRenewals) break;
        start = end;
        end = addInterval(start, plan.interval, plan.intervalCount);
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'active',
          planId: plan.id,
          billingInterval: intervalOfBilled(plan),
          scheduledPlanId: null,
          scheduledBillingInterval: null,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          pausedFrom: null,
          resumesAt: null,
          nextChargePercentOff: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, subscription.id));
      // A scheduled downgrade in effect now revokes the downloads beyond its limits (decision 038).
      await settleDownloads(tx, userId, now);
    });
  }
}
