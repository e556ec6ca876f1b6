// Reads plans, subscriptions and payments (./bodies.ts shapes them as the contract's). An
// account's subscriptions are read only after the provider has brought them up to date
// (`accountSubscriptions`), so no route can forget to.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isCurrentStatus } from '@domain/subscriptions';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { payments, plans, subscriptions } from '@server/db/schema';
import { billedPlan, billingCycleOf } from './billed-plan';
import type { PaymentProvider, PlanRow } from './provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export async function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.position));
}

/** Any plan by id (a scheduled one may have left sale); null when unknown. */
export async function findPlan(db: Database, planId: string | null): Promise<PlanRow | null> {
  if (planId === null) return null;
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan ?? null;
}

export async function findActivePlan(db: Database, planId: string): Promise<PlanRow | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.active, true)));
  return plan ?? null;
}

/** Whether the account ever had a subscription (the trial is for the first one only). */
export async function hasEverSubscribed(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows.length > 0;
}

async function findCurrentSubscription(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isCurrent(subscriptions.status)));
  return row ?? null;
}

/** A subscription's plan as it bills it (monthly or yearly, docs/decisions/066). */
export const subscriptionPlan = (subscription: SubscriptionRow, plan: PlanRow): PlanRow =>
  billedPlan(plan, billingCycleOf(subscription.billingInterval));

/** The plan a scheduled downgrade moves to, at the interval it moves to. */
export const scheduledPlan = (subscription: SubscriptionRow, plan: PlanRow): PlanRow =>
  billedPlan(plan, billingCycleOf(subscription.scheduledBillingInterval ?? subscription.billingInterval));

/** One of the account's subscriptions with its plan as billed; null when unknown or someone else's. */
async function findOwnSubscription(
  db: Database,
  userId: string,
  subscriptionId: string,
): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | null> {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  return row ? { subscription: row.subscription, plan: subscriptionPlan(row.subscription, row.plan) } : null;
}

/** One subscription with its plan and the plan a downgrade scheduled, if any. */
export interface SubscriptionWithPlans {
  subscription: SubscriptionRow;
  plan: PlanRow;
  scheduled: PlanRow | null;
}

/** The account's subscriptions, the current one first, then newest first. */
async function listSubscriptions(db: Database, userId: string): Promise<SubscriptionWithPlans[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const current = rows.filter((row) => isCurrentStatus(row.subscription.status));
  const others = rows.filter((row) => !isCurrentStatus(row.subscription.status));
  const scheduledIds = rows.flatMap((row) => (row.subscription.scheduledPlanId ? [row.subscription.scheduledPlanId] : []));
  const scheduled = scheduledIds.length > 0 ? await db.select().from(plans).where(inArray(plans.id, scheduledIds)) : [];
  const byId = new Map(scheduled.map((plan) => [plan.id, plan]));
  return [...current, ...others].map(({ subscription, plan }) => {
    const scheduledRow = byId.get(subscription.scheduledPlanId ?? '');
    return {
      subscription,
      plan: subscriptionPlan(subscription, plan),
      scheduled: scheduledRow ? scheduledPlan(subscription, scheduledRow) : null,
    };
  });
}

async function listPayments(db: Database, userId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** An account's subscriptions and payments, each read brought up to date by the provider first. */
export function accountSubscriptions(db: Database, provider: PaymentProvider) {
  return {
    async current(userId: string): Promise<SubscriptionRow | null> {
      await provider.syncAccount(userId);
      return findCurrentSubscription(db, userId);
    },
    async own(userId: string, subscriptionId: string) {
      await provider.syncAccount(userId);
      return findOwnSubscription(db, userId, subscriptionId);
    },
    /** The billing page: every subscription (the current one first) and every payment. */
    async billing(userId: string): Promise<{ subscriptions: SubscriptionWithPlans[]; payments: PaymentRow[] }> {
      await provider.syncAccount(userId);
      const [subscriptionRows, paymentRows] = await Promise.all([listSubscriptions(db, userId), listPayments(db, userId)]);
      return { subscriptions: subscriptionRows, payments: paymentRows };
    },
  };
}
