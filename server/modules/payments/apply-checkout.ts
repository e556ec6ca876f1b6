// Writes what a provider reports (a completed checkout, a subscription, an invoice) into the
// database idempotently, for every provider alike: the same facts applied twice, or in any
// order, leave one state.
import { and, eq, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { isCurrentStatus } from '@domain/subscriptions';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { checkoutSessions, payments, plans, subscriptions, users, type InvoiceLine } from '@server/db/schema';
import { settleDownloads } from '@server/modules/downloads';
import { billingCycleOf } from './billed-plan';
import { issueInvoice } from './invoices/invoices';
import { heldDiscount, promotionCodeById, redeemPromotionCode, useDiscountedCharge } from './promotion-codes';
import { settleReportedFailure } from './payment-failure';
import type { CompletedCheckout, PaymentFacts, SubscriptionFacts, SubscriptionReport } from './provider';

/** A transaction or the database itself: both run the same queries. */
export type { Queryable } from '@server/db/client';
import type { Queryable } from '@server/db/client';

/** Why an account must not have a subscription a provider reports. */
export type UnwantedReason = 'second_subscription' | 'account_deleted';

/**
 * A subscription the account must not have: nothing of it is written. A provider that charges
 * on its own (Stripe) cancels and refunds it (stripe/webhook-events.ts).
 */
export class UnwantedSubscription extends Error {
  override name = 'UnwantedSubscription';
  constructor(
    public readonly subscriptionId: string,
    public readonly reason: UnwantedReason,
    message: string,
  ) {
    super(message);
  }
}

/** The account already has another current subscription: an account has one at most. */
export class CurrentSubscriptionConflict extends UnwantedSubscription {
  override name = 'CurrentSubscriptionConflict';
  constructor(
    public readonly currentId: string,
    subscriptionId: string,
  ) {
    super(subscriptionId, 'second_subscription', 'This account already has a current subscription.');
  }
}

/** The provider reports the scheduled downgrade in effect: its plan at its interval. */
const scheduledInEffect = sql`${subscriptions.scheduledPlanId} = excluded.plan_id and coalesce(${subscriptions.scheduledBillingInterval}, ${subscriptions.billingInterval}) = excluded.billing_interval`;

/** Serializes writes for one account (both drivers honour row locks inside a transaction). */
export async function lockUser(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/**
 * Inserts or updates a subscription from the provider's facts. A canceled subscription stays
 * canceled (the provider never revives one), so a late, stale event cannot bring it back.
 */
async function upsertSubscription(
  tx: Queryable,
  facts: SubscriptionFacts,
  provider: string,
  checkoutSessionId: string | null,
): Promise<void> {
  if (isCurrentStatus(facts.status)) {
    // A deleted account stays deleted: a checkout paid after it does not bring back a subscription.
    const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, facts.userId));
    if (owner?.deletedAt) throw new UnwantedSubscription(facts.id, 'account_deleted', 'This account was deleted.');
    const [other] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, facts.userId),
          ne(subscriptions.id, facts.id),
          isCurrent(subscriptions.status),
        ),
      );
    if (other) throw new CurrentSubscriptionConflict(other.id, facts.id);
  }
  const card = facts.card;
  await tx
    .insert(subscriptions)
    .values({
      id: facts.id,
      userId: facts.userId,
      planId: facts.planId,
      billingInterval: facts.billingInterval ?? 'month',
      provider,
      checkoutSessionId,
      status: facts.status,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      currentPeriodStart: facts.currentPeriodStart,
      currentPeriodEnd: facts.currentPeriodEnd,
      trialEnd: facts.trialEnd,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpMonth: card?.expMonth ?? null,
      cardExpYear: card?.expYear ?? null,
    })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        planId: facts.planId,
        ...(facts.billingInterval ? { billingInterval: facts.billingInterval } : {}),
        status: facts.status,
        cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
        currentPeriodStart: facts.currentPeriodStart,
        currentPeriodEnd: facts.currentPeriodEnd,
        trialEnd: facts.trialEnd,
        checkoutSessionId: sql`coalesce(${subscriptions.checkoutSessionId}, excluded.checkout_session_id)`,
        // A scheduled downgrade the provider now reports in effect is no longer pending.
        // (The same plan at its scheduled interval: a change between monthly and yearly, decision 066.)
        scheduledPlanId: sql`case when ${scheduledInEffect} then null else ${subscriptions.scheduledPlanId} end`,
        scheduledBillingInterval: sql`case when ${scheduledInEffect} then null else ${subscriptions.scheduledBillingInterval} end`,
        ...(card
          ? {
              cardBrand: card.brand,
              cardLast4: card.last4,
              cardExpMonth: card.expMonth,
              cardExpYear: card.expYear,
            }
          : {}),
        ...pauseColumns(facts.pause),
        updatedAt: new Date(),
      },
      setWhere: sql`${subscriptions.status} <> 'canceled' or excluded.status = 'canceled'`,
    });
  if (facts.status === 'trialing' || facts.trialEnd !== null) {
    await tx
      .update(users)
      .set({ trialUsedAt: sql`coalesce(${users.trialUsedAt}, now())` })
      .where(eq(users.id, facts.userId));
  }
}

/**
 * A pause as the provider reports it (decision 065): cleared when it has none; when it has one,
 * it begins where the stored paid period ended, unless a pause asked for here said when already.
 */
function pauseColumns(pause: SubscriptionFacts['pause']) {
  if (pause === undefined) return {};
  if (pause === null) return { pausedFrom: null, resumesAt: null };
  return { pausedFrom: sql`coalesce(${subscriptions.pausedFrom}, ${subscriptions.currentPeriodEnd})`, resumesAt: pause.resumesAt };
}

/** How a payment is listed in the payment history. */
export function paymentDescription(amount: number, planName: string): string {
  return amount === 0 ? 'Free trial' : `${planName} plan`;
}

/**
 * Records money taken and given back at once (a subscription the account must not have, which
 * the provider cancelled and refunded): one payment per provider invoice, shown as refunded.
 */
export async function recordRefund(
  tx: Queryable,
  facts: { userId: string; providerInvoiceId: string; amount: number; currency: string; description: string; createdAt: Date },
): Promise<void> {
  await tx
    .insert(payments)
    .values({ id: `pay_${randomBytes(12).toString('hex')}`, subscriptionId: null, status: 'refunded', ...facts })
    .onConflictDoUpdate({ target: payments.providerInvoiceId, set: { status: 'refunded' } });
}

/** Records a payment once per provider invoice; a later "paid" wins over "failed", and a refund stays refunded. */
export async function recordPayment(tx: Queryable, facts: PaymentFacts): Promise<void> {
  const paymentId = await upsertPayment(tx, facts);
  if (paymentId) {
    await issueInvoice(tx, paymentId, {
      lines: facts.lines ?? (await defaultLines(tx, facts)),
      providerPdfUrl: facts.providerPdfUrl ?? null,
      providerTax: facts.tax ?? null,
    });
  }
}

async function upsertPayment(tx: Queryable, facts: PaymentFacts): Promise<string | null> {
  const card = facts.card;
  const paidNow = sql`${payments.status} = 'failed' and excluded.status = 'paid'`;
  const rows = await tx
    .insert(payments)
    .values({
      id: `pay_${randomBytes(12).toString('hex')}`,
      userId: facts.userId,
      subscriptionId: facts.subscriptionId,
      providerInvoiceId: facts.providerInvoiceId,
      amount: facts.amount,
      currency: facts.currency,
      status: facts.status,
      description: facts.description,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpMonth: card?.expMonth ?? null,
      cardExpYear: card?.expYear ?? null,
      createdAt: facts.createdAt,
    })
    .onConflictDoUpdate({
      target: payments.providerInvoiceId,
      set: {
        status: sql`case when ${payments.status} in ('paid', 'refunded') then ${payments.status} else excluded.status end`,
        subscriptionId: sql`coalesce(${payments.subscriptionId}, excluded.subscription_id)`,
        // A failed payment paid later (a retry, a new card: decision 067) shows the card that paid it.
        cardBrand: sql`case when ${paidNow} then coalesce(excluded.card_brand, ${payments.cardBrand}) else coalesce(${payments.cardBrand}, excluded.card_brand) end`,
        cardLast4: sql`case when ${paidNow} then coalesce(excluded.card_last4, ${payments.cardLast4}) else coalesce(${payments.cardLast4}, excluded.card_last4) end`,
        cardExpMonth: sql`case when ${paidNow} then coalesce(excluded.card_exp_month, ${payments.cardExpMonth}) else coalesce(${payments.cardExpMonth}, excluded.card_exp_month) end`,
        cardExpYear: sql`case when ${paidNow} then coalesce(excluded.card_exp_year, ${payments.cardExpYear}) else coalesce(${payments.cardExpYear}, excluded.card_exp_year) end`,
      },
    })
    .returning({ id: payments.id });
  return rows[0]?.id ?? null;
}

/** One line for the subscription's plan and current period (a first charge, a provider's invoice). */
async function defaultLines(tx: Queryable, facts: PaymentFacts): Promise<InvoiceLine[]> {
  const [row] = facts.subscriptionId
    ? await tx
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.id, facts.subscriptionId))
    : [];
  return [
    {
      kind: facts.amount === 0 ? 'trial' : 'plan',
      planName: row?.plan.name ?? facts.description ?? 'FitStream',
      ...(row ? { interval: billingCycleOf(row.subscription.billingInterval) } : {}),
      amount: facts.amount,
      periodStart: (row?.subscription.currentPeriodStart ?? facts.createdAt).toISOString(),
      periodEnd: (row?.subscription.currentPeriodEnd ?? facts.createdAt).toISOString(),
    },
  ];
}

/** Marks a local checkout complete; answers whether it exists here. */
async function markCheckoutComplete(tx: Queryable, checkoutSessionId: string): Promise<boolean> {
  const rows = await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: sql`coalesce(${checkoutSessions.completedAt}, now())` })
    .where(eq(checkoutSessions.id, checkoutSessionId))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

async function rememberCustomer(tx: Queryable, userId: string, customerId: string | null): Promise<void> {
  if (customerId === null) return;
  await tx
    .update(users)
    .set({ providerCustomerId: customerId })
    .where(and(eq(users.id, userId), sql`${users.providerCustomerId} is null`));
}

/**
 * The checkout's promotion code (decision 069) redeemed on the subscription it made, in the same
 * transaction: a first charge that took it off (a discount line naming it) used one charge.
 * Another redemption that took the code's last one leaves the subscription without it.
 */
async function redeemCheckoutCode(tx: Queryable, completed: CompletedCheckout): Promise<void> {
  const [checkout] = await tx
    .select({ promotionCodeId: checkoutSessions.promotionCodeId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, completed.checkoutSessionId));
  const code = checkout?.promotionCodeId ? await promotionCodeById(tx, checkout.promotionCodeId) : null;
  if (!code) return;
  const { subscription, payment } = completed;
  const interval = subscription.billingInterval ?? 'month';
  if ((await redeemPromotionCode(tx, code, { userId: subscription.userId, subscriptionId: subscription.id, interval })) !== 'redeemed') return;
  const took = payment?.status === 'paid' && (payment.lines ?? []).some((line) => line.kind === 'discount' && line.code === code.code);
  const held = took ? await heldDiscount(tx, subscription.id) : null;
  if (held) await useDiscountedCharge(tx, held.redemptionId);
}

/**
 * The one way a paid checkout becomes a subscription, used by the sandbox page, by
 * confirmation and by webhooks. Answers the subscription's id; the same checkout applied
 * again answers the same id and writes nothing new.
 */
export async function applyCompletedCheckout(db: Database, completed: CompletedCheckout): Promise<string> {
  return db.transaction((tx) => applyCompletedCheckoutIn(tx, completed));
}

/** `applyCompletedCheckout` inside a transaction the caller holds (webhooks record the event in it). */
export async function applyCompletedCheckoutIn(tx: Queryable, completed: CompletedCheckout): Promise<string> {
  const userId = completed.subscription.userId;
  await lockUser(tx, userId);
  const [already] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.checkoutSessionId, completed.checkoutSessionId));
  if (already) {
    await markCheckoutComplete(tx, completed.checkoutSessionId);
    // The provider's fresher view of the same subscription (an incomplete payment since paid).
    if (already.id === completed.subscription.id) {
      await upsertSubscription(tx, completed.subscription, completed.provider, completed.checkoutSessionId);
      if (completed.payment) await recordPayment(tx, completed.payment);
    }
    return already.id;
  }
  const local = await markCheckoutComplete(tx, completed.checkoutSessionId);
  await rememberCustomer(tx, userId, completed.customerId);
  await upsertSubscription(tx, completed.subscription, completed.provider, local ? completed.checkoutSessionId : null);
  if (completed.payment) await recordPayment(tx, completed.payment);
  if (local) await redeemCheckoutCode(tx, completed);
  return completed.subscription.id;
}

/**
 * Stores a subscription the provider reports outside a checkout (a renewal, a cancellation, a
 * new card), with its customer and paid invoice, inside the caller's transaction.
 */
export async function applySubscriptionReport(tx: Queryable, provider: string, report: SubscriptionReport): Promise<void> {
  await lockUser(tx, report.subscription.userId);
  await rememberCustomer(tx, report.subscription.userId, report.customerId);
  await upsertSubscription(tx, report.subscription, provider, null);
  // Paid up again (or ended): a failed renewal's retries and grace are over (decision 067).
  await settleReportedFailure(tx, report.subscription.id);
  if (report.payment) await recordPayment(tx, report.payment);
  // A plan the provider now reports in effect (or access that ended) applies to downloads at once.
  await settleDownloads(tx, report.subscription.userId, new Date());
}
