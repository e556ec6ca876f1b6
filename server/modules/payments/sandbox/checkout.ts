// The sandbox's hosted checkout: the open checkout a page shows, its expiry, and paying it,
// which becomes a subscription through the same `applyCompletedCheckout` as Stripe's.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { checkoutSessions, plans, subscriptions, users } from '@server/db/schema';
import { applyCompletedCheckout, paymentDescription, UnwantedSubscription } from '@server/modules/payments/apply-checkout';
import type { CardFacts, CheckoutRow, PlanRow, UserRow } from '@server/modules/payments/provider';
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
  return { ...row, trialDays };
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
  const amount = trialEnd ? 0 : plan.amount;
  try {
    const id = await applyCompletedCheckout(db, {
      checkoutSessionId: checkout.id,
      provider: sandboxProviderName,
      customerId: null,
      subscription: {
        id: subscriptionId,
        userId: user.id,
        planId: plan.id,
        status: trialEnd ? 'trialing' : 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd ?? addInterval(now, plan.interval, plan.intervalCount),
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
      },
    });
    return { kind: 'completed', subscriptionId: id };
  } catch (error) {
    if (error instanceof UnwantedSubscription) return { kind: 'unavailable' };
    throw error;
  }
}
