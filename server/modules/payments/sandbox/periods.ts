// Moves sandbox subscriptions past the end of their period when they are read, since no
// provider sends renewal events: a flagged one ends (canceled), any other renews and is charged
// (for the plan a downgrade scheduled, docs/decisions/022), or is declined when the test clock
// said so (past_due). A trial 2 days from its end gets its reminder email once.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { settleDownloads } from '@server/modules/downloads';
import { plans, subscriptions, users } from '@server/db/schema';
import { queueMail } from '@server/modules/mail';
import { paymentDescription, recordPayment } from '@server/modules/payments/apply-checkout';
import type { CardFacts, PlanRow } from '@server/modules/payments/provider';
import type { SubscriptionRow } from '@server/modules/payments/subscription-repository';
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

/** How long before a trial ends its reminder is sent. */
export const trialReminderMs = 2 * 86_400_000;

/** More renewals than this in one read means a clock problem, not a customer. */
const maxRenewals = 240;

function subscriptionCard(subscription: SubscriptionRow): CardFacts | null {
  return subscription.cardBrand && subscription.cardLast4 && subscription.cardExpMonth && subscription.cardExpYear
    ? {
        brand: subscription.cardBrand,
        last4: subscription.cardLast4,
        expMonth: subscription.cardExpMonth,
        expYear: subscription.cardExpYear,
      }
    : null;
}

async function accountMail(tx: Queryable, userId: string) {
  const [user] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

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
      const user = marked.length > 0 ? await accountMail(tx, userId) : null;
      if (user) {
        await queueMail(tx, { userId, to: user.email, language: user.language, template: 'trialEnding', params: { endsAt: trialEnd.toISOString() } });
      }
    });
  }
}

/** A renewal the test clock declined: the payment fails and the subscription is past_due. */
async function declineRenewal(
  tx: Queryable,
  subscription: SubscriptionRow,
  plan: PlanRow,
  now: Date,
  billingLink: string,
): Promise<void> {
  const start = subscription.currentPeriodEnd;
  await recordPayment(tx, {
    providerInvoiceId: `in_sandbox_${subscription.id}_${start.getTime()}`,
    userId: subscription.userId,
    subscriptionId: subscription.id,
    amount: plan.amount,
    currency: plan.currency,
    status: 'failed',
    description: paymentDescription(plan.amount, plan.name),
    card: subscriptionCard(subscription),
    createdAt: start,
  });
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', sandboxFailNextRenewal: false, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  const user = await accountMail(tx, subscription.userId);
  if (user) {
    await queueMail(tx, { userId: subscription.userId, to: user.email, language: user.language, template: 'paymentFailed', params: { billingLink } });
  }
}

export async function settleSandboxPeriods(
  db: Database,
  userId: string,
  now: Date = new Date(),
  billingLink = '/billing',
): Promise<void> {
  await sendTrialReminders(db, userId, now);
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
      // A downgrade scheduled for this renewal takes effect now.
      const [scheduled] = subscription.scheduledPlanId
        ? await tx.select().from(plans).where(eq(plans.id, subscription.scheduledPlanId))
        : [];
      const plan = scheduled ?? currentPlan;
      if (subscription.sandboxFailNextRenewal) {
        await declineRenewal(tx, { ...subscription, planId: plan.id }, plan, now, billingLink);
        return;
      }
      const card = subscriptionCard(subscription);
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
          lines: [
            { kind: 'plan', planName: plan.name, amount: plan.amount, periodStart: start.toISOString(), periodEnd: end.toISOString() },
          ],
        });
        if (end > now || renewal >= maxRenewals) break;
        start = end;
        end = addInterval(start, plan.interval, plan.intervalCount);
      }
      await tx
        .update(subscriptions)
        .set({ status: 'active', planId: plan.id, scheduledPlanId: null, currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
      // A scheduled downgrade in effect now revokes the downloads beyond its limits (decision 038).
      await settleDownloads(tx, userId, now);
    });
  }
}
