// The sandbox's hosted checkout: the open checkout a page shows, its expiry, and paying it,
// which becomes a subscription through the same `applyCompletedCheckout` as Stripe's.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { checkoutSessions, plans, subscriptions, users } from '@server/db/schema';
import { applyCompletedCheckout, paymentDescription, UnwantedSubscription } from '@server/modules/payments/apply-checkout';
import type { CardFacts, CheckoutRow, PlanRow, UserRow } from '@server/modules/payments/provider';
import { billedPlan, billingCycleOf, intervalOfBilled } from '@server/modules/payments/billed-plan';
import { chargeFor, type Charge } from '@server/modules/payments/charges';
import { newDiscount, promotionCodeById, type PromotionCodeRow } from '@server/modules/payments/promotion-codes';
import { sandboxId, sandboxProviderName } from './ids';
import { addInterval } from './periods';

export function sandboxCheckoutPath(checkoutId: string): string {
  return `/sandbox/checkout/${encodeURIComponent(checkoutId)}`;
}

export interface SandboxCheckout {
  checkout: CheckoutRow;
  plan: PlanRow;
  user: UserRow;
  /** Days of free trial this payment would start: 0 when the account had its trial. */
  trialDays: number;
  /** The promotion code typed on /pricing (decision 069); null when none or used up since. */
  promotion: PromotionCodeRow | null;
}

/** An open (or completed) sandbox checkout with what its page shows; null when unknown. */
export async function loadSandboxCheckout(db: Database, checkoutId: string): Promise<SandboxCheckout | null> {
  const [row] = await db
    .select({ checkout: checkoutSessions, plan: plans, user: users })
    .from(checkoutSessions)
    .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
    .innerJoin(users, eq(users.id, checkoutSessions.userId))
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.provider, sandboxProviderName)));
  if (!row) return null;
  const trialDays = row.user.trialUsedAt === null ? row.checkout.trialDays : 0;
  const code = row.checkout.promotionCodeId ? await promotionCodeById(db, row.checkout.promotionCodeId) : null;
  // Taken by someone else since /pricing: the checkout goes on at full price, as it would at a provider.
  const promotion = code && (code.maxRedemptions === null || code.timesRedeemed < code.maxRedemptions) ? code : null;
  // The plan as the checkout bills it: monthly or yearly (docs/decisions/066).
  return { ...row, plan: billedPlan(row.plan, billingCycleOf(row.checkout.billingInterval)), trialDays, promotion };
}

/** How long a sandbox checkout stays payable, like a hosted checkout's expiry. */
export const sandboxCheckoutLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Expires an open checkout that is no longer payable: a day old, or the account meanwhile
 * holds a current subscription. Answers whether the checkout is expired.
 */
export async function expireIfStale(db: Database, loaded: SandboxCheckout, now: Date = new Date()): Promise<boolean> {
  if (loaded.checkout.status !== 'open') return loaded.checkout.status === 'expired';
  const tooOld = now.getTime() - loaded.checkout.createdAt.getTime() > sandboxCheckoutLifetimeMs;
  const [current] = tooOld
    ? [{ id: '' }]
    : await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, loaded.user.id), isCurrent(subscriptions.status)));
  if (!current) return false;
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, loaded.checkout.id), eq(checkoutSessions.status, 'open')));
  return true;
}

export type SandboxCompletion =
  | { kind: 'completed'; subscriptionId: string }
  | { kind: 'unavailable' };

/** The checkout's first charge with its code (a charge without trial), as renewals charge. */
export function firstCharge(loaded: SandboxCheckout, period: { start: Date; end: Date }): Charge {
  const promotion = loaded.promotion ? newDiscount(loaded.promotion, intervalOfBilled(loaded.plan)) : null;
  return chargeFor(loaded.plan, period, { promotion, retentionPercentOff: null });
}

/** Pays an open sandbox checkout with an approved card. */
export async function completeSandboxCheckout(
  db: Database,
  loaded: SandboxCheckout,
  card: CardFacts,
  now: Date = new Date(),
): Promise<SandboxCompletion> {
  const { checkout, plan, user, trialDays } = loaded;
  const subscriptionId = sandboxId('sub');
  const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : null;
  const periodEnd = trialEnd ?? addInterval(now, plan.interval, plan.intervalCount);
  // A trial's €0 start uses none of the code; a first charge without one takes it off (decision 069).
  const charge = trialEnd ? null : firstCharge(loaded, { start: now, end: periodEnd });
  const amount = charge ? charge.amount : 0;
  try {
    const id = await applyCompletedCheckout(db, {
      checkoutSessionId: checkout.id,
      provider: sandboxProviderName,
      customerId: null,
      subscription: {
        id: subscriptionId,
        userId: user.id,
        planId: plan.id,
        billingInterval: intervalOfBilled(plan),
        status: trialEnd ? 'trialing' : 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        trialEnd,
        card,
      },
      payment: {
        providerInvoiceId: sandboxId('in'),
        userId: user.id,
        subscriptionId,
        amount,
        currency: plan.currency,
        status: 'paid',
        description: paymentDescription(amount, plan.name),
        card,
        createdAt: now,
        ...(charge ? { lines: charge.lines } : {}),
      },
    });
    return { kind: 'completed', subscriptionId: id };
  } catch (error) {
    if (error instanceof UnwantedSubscription) return { kind: 'unavailable' };
    throw error;
  }
}
