// The sandbox carrying out the failed-renewal rules of ../dunning.ts (decision 067): a declined
// renewal opens the period's invoice unpaid (past_due, grace period, first retry scheduled); each
// retry whose time the clock has reached charges the stored card again, in order; a retry that
// fails is emailed, the last one leaves the subscription unpaid; one that succeeds (or the card
// update's immediate retry) pays the invoice and restores the subscription.
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { payments, plans, subscriptions } from '@server/db/schema';

import { paymentDescription, recordPayment } from '@server/modules/payments/apply-checkout';
import { mailPaymentFailure } from '@server/modules/payments/payment-failure';
import { firstFailure, retryDue, retryFailed, settledDunning, unpaidStatuses, type Dunning } from '@server/modules/payments/dunning';
import { intervalOfBilled } from '@server/modules/payments/billed-plan';
import { chargeFor } from '@server/modules/payments/charges';
import { heldDiscount, useDiscountedCharge } from '@server/modules/payments/promotion-codes';
import type { CardFacts, PlanRow } from '@server/modules/payments/provider';
import { subscriptionPlan, type SubscriptionRow } from '@server/modules/payments/subscription-repository';
import { cardFailsRenewals } from './card';
import { sandboxProviderName } from './ids';

export function subscriptionCard(subscription: SubscriptionRow): CardFacts | null {
  return subscription.cardBrand && subscription.cardLast4 && subscription.cardExpMonth && subscription.cardExpYear
    ? { brand: subscription.cardBrand, last4: subscription.cardLast4, expMonth: subscription.cardExpMonth, expYear: subscription.cardExpYear }
    : null;
}

/** The period's invoice: named by its start, so the renewal and every retry record one payment. */
function invoiceId(subscription: SubscriptionRow, periodStart: Date): string {
  return `in_sandbox_${subscription.id}_${periodStart.getTime()}`;
}

function dunningOf(subscription: SubscriptionRow): Dunning | null {
  if (!subscription.paymentFailedAt || !subscription.graceEndsAt) return null;
  if (subscription.status !== 'past_due' && subscription.status !== 'unpaid') return null;
  return {
    status: subscription.status,
    paymentFailedAt: subscription.paymentFailedAt,
    paymentRetries: subscription.paymentRetries,
    nextPaymentAttemptAt: subscription.nextPaymentAttemptAt,
    graceEndsAt: subscription.graceEndsAt,
  };
}

/**
 * A renewal at the end of `subscription`'s period declined: the new period starts with its
 * invoice unpaid, the subscription is past_due with its grace period and first retry.
 */
export async function failRenewal(
  tx: Queryable,
  subscription: SubscriptionRow,
  plan: PlanRow,
  period: { start: Date; end: Date },
  now: Date,
  billingLink: string,
): Promise<void> {
  const { start, end } = period;
  // The invoice asks for what the charge costs with the code and the retention offer; a retry that pays it counts the code's charge.
  const charge = chargeFor(plan, period, { promotion: await heldDiscount(tx, subscription.id), retentionPercentOff: subscription.nextChargePercentOff });
  await recordPayment(tx, {
    providerInvoiceId: invoiceId(subscription, start),
    userId: subscription.userId,
    subscriptionId: subscription.id,
    amount: charge.amount,
    currency: plan.currency,
    status: 'failed',
    description: paymentDescription(charge.amount, plan.name),
    card: subscriptionCard(subscription),
    createdAt: start,
    lines: charge.lines,
  });
  // Billing time: the failure happened at the renewal, however late the period is read.
  const dunning = firstFailure(start);
  await tx
    .update(subscriptions)
    // A pause that ended with this renewal is over (decision 065).
    .set({ ...dunning, planId: plan.id, billingInterval: intervalOfBilled(plan), scheduledPlanId: null, scheduledBillingInterval: null, currentPeriodStart: start, currentPeriodEnd: end, pausedFrom: null, resumesAt: null, sandboxFailNextRenewal: false, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await mailPaymentFailure(tx, subscription.userId, dunning, billingLink);
}

/** The invoice paid at `paidAt`: the subscription is active again, its grace and retries gone. */
async function payInvoice(tx: Queryable, subscription: SubscriptionRow, plan: PlanRow, paidAt: Date, now: Date): Promise<void> {
  // The failed renewal's own invoice (the test clock may have moved the period's dates since).
  const [unpaid] = await tx
    .select({ providerInvoiceId: payments.providerInvoiceId })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.status, 'failed')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  // The same charge the renewal asked for: with the code and the retention offer still due.
  const charge = chargeFor(
    plan,
    { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
    { promotion: await heldDiscount(tx, subscription.id), retentionPercentOff: subscription.nextChargePercentOff },
  );
  await recordPayment(tx, {
    providerInvoiceId: unpaid?.providerInvoiceId ?? invoiceId(subscription, subscription.currentPeriodStart),
    userId: subscription.userId,
    subscriptionId: subscription.id,
    amount: charge.amount,
    currency: plan.currency,
    status: 'paid',
    description: paymentDescription(charge.amount, plan.name),
    card: subscriptionCard(subscription),
    createdAt: paidAt,
    lines: charge.lines,
  });
  if (charge.promotionUsed) await useDiscountedCharge(tx, charge.promotionUsed.redemptionId);
  await tx.update(subscriptions).set({ status: 'active', ...settledDunning, nextChargePercentOff: null, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
}

/**
 * Claims the subscription's dunning as read (no other read has moved it since), so two reads at
 * once carry out each retry once.
 */
async function claim(tx: Queryable, subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ updatedAt: now })
    .where(
      and(
        eq(subscriptions.id, subscription.id),
        eq(subscriptions.status, subscription.status),
        eq(subscriptions.paymentRetries, subscription.paymentRetries),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Carries out, in order, every retry due by `now` on the account's sandbox subscriptions. */
export async function settleSandboxRetries(db: Database, userId: string, now: Date, billingLink: string): Promise<void> {
  const due = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, sandboxProviderName),
        eq(subscriptions.status, 'past_due'),
        isNotNull(subscriptions.nextPaymentAttemptAt),
        lte(subscriptions.nextPaymentAttemptAt, now),
      ),
    );
  for (const { subscription, plan } of due) {
    await db.transaction(async (tx) => {
      let dunning = dunningOf(subscription);
      if (!dunning || !(await claim(tx, subscription, now))) return;
      const fails = cardFailsRenewals({ last4: subscription.cardLast4 });
      while (dunning.nextPaymentAttemptAt && retryDue(dunning, now)) {
        if (!fails) {
          await payInvoice(tx, subscription, subscriptionPlan(subscription, plan), dunning.nextPaymentAttemptAt, now);
          return;
        }
        dunning = retryFailed(dunning);
        await mailPaymentFailure(tx, subscription.userId, dunning, billingLink);
      }
      await tx.update(subscriptions).set({ ...dunning, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
    });
  }
}

/**
 * A new card on a subscription whose renewal is unpaid: the invoice is tried at once with it.
 * Answers whether it was paid (a card that fails changes nothing: the schedule goes on).
 */
export async function retryWithNewCard(tx: Queryable, subscriptionId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.status, [...unpaidStatuses]), isNotNull(subscriptions.paymentFailedAt)));
  if (!row || cardFailsRenewals({ last4: row.subscription.cardLast4 })) return false;
  await payInvoice(tx, row.subscription, subscriptionPlan(row.subscription, row.plan), now, now);
  return true;
}
