// Reads plans, subscriptions and payments, and shapes them as the contract's Plan,
// Subscription and Payment (openapi.yaml). An account's subscriptions are read only after the
// provider has brought them up to date (`accountSubscriptions`), so no route can forget to.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '@api/schema';
import { isCurrentStatus, type SubscriptionStatus } from '@domain/subscriptions';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { payments, plans, subscriptions } from '@server/db/schema';
import type { PaymentProvider, PlanRow } from './provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type Schemas = components['schemas'];
/** The bodies are the contract's own types (generated from openapi.yaml), never copies. */
export type CardBody = Schemas['Card'];
export type PlanBody = Schemas['Plan'];
export type SubscriptionBody = Schemas['Subscription'];
export type PaymentBody = Schemas['Payment'];
type Interval = PlanBody['interval'];

function card(row: {
  cardBrand: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
}): CardBody | null {
  if (row.cardBrand === null || row.cardExpMonth === null || row.cardExpYear === null) return null;
  return { brand: row.cardBrand, exp_month: row.cardExpMonth, exp_year: row.cardExpYear };
}

export function planBody(plan: PlanRow): PlanBody {
  return {
    id: plan.id,
    position: plan.position,
    name: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval as Interval,
    interval_count: plan.intervalCount,
    quality: plan.quality,
    resolution: plan.resolution,
    resolutionFull: plan.resolutionFull,
    simultaneousScreens: plan.simultaneousScreens,
    downloads: plan.downloads,
    devices: plan.devices,
    popular: plan.popular,
  };
}

/** `scheduled`: the plan a downgrade scheduled for the renewal (docs/decisions/022). */
export function subscriptionBody(row: SubscriptionRow, plan: PlanRow, scheduled: PlanRow | null = null): SubscriptionBody {
  return {
    subscription_id: row.id,
    subscription_status: row.status as SubscriptionStatus,
    plan_id: plan.id,
    product_name: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval as Interval,
    interval_count: plan.intervalCount,
    created: row.createdAt.toISOString(),
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    trial_end: row.trialEnd ? row.trialEnd.toISOString() : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    card: card(row),
    cardlast4: row.cardLast4,
    scheduled_change:
      scheduled && row.scheduledPlanId === scheduled.id
        ? { plan_id: scheduled.id, product_name: scheduled.name, effective_at: row.currentPeriodEnd.toISOString() }
        : null,
  };
}

export function paymentBody(row: PaymentRow): PaymentBody {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentBody['status'],
    ...(row.description === null ? {} : { description: row.description }),
    card: card(row),
    cardlast4: row.cardLast4,
  };
}

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

/** One of the account's subscriptions with its plan; null when unknown or someone else's. */
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
  return row ?? null;
}

/** The account's subscriptions, the current one first, then newest first. */
async function listSubscriptionBodies(db: Database, userId: string): Promise<SubscriptionBody[]> {
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
  return [...current, ...others].map((row) =>
    subscriptionBody(row.subscription, row.plan, byId.get(row.subscription.scheduledPlanId ?? '') ?? null),
  );
}

async function listPaymentBodies(db: Database, userId: string): Promise<PaymentBody[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(paymentBody);
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
    async billing(userId: string): Promise<{ subscriptions: SubscriptionBody[]; payments: PaymentBody[] }> {
      await provider.syncAccount(userId);
      const [subscriptionBodies, paymentBodies] = await Promise.all([
        listSubscriptionBodies(db, userId),
        listPaymentBodies(db, userId),
      ]);
      return { subscriptions: subscriptionBodies, payments: paymentBodies };
    },
  };
}
