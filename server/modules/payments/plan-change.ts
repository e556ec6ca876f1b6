// Plan changes (docs/decisions/022): an upgrade (a dearer plan) takes effect at once with
// proration, a downgrade at the next renewal (undoable until then), and during the trial any
// change takes effect at once without a charge. Proration is Stripe's arithmetic, to the
// second: credit = old amount × unused seconds / period seconds, charge = new amount ×
// remaining seconds / period seconds, each rounded to the minor unit; one invoice, two lines.
// Monthly and yearly prices are plans of their own here (docs/decisions/066): a dearer total per
// year is an upgrade, and the new price's charge runs to the same period end at its own rate.
import { eq } from 'drizzle-orm';
import { amountPerYear } from '@domain/plans';
import type { Queryable } from '@server/db/client';
import { plans, subscriptions, type InvoiceLine } from '@server/db/schema';
import { queueAccountMail } from '@server/modules/mail';
import { settleDownloads } from '@server/modules/downloads';
import { lockUser, recordPayment } from './apply-checkout';
import { intervalOfBilled } from './billed-plan';
import { addInterval } from './sandbox/periods';
import type { PlanRow } from './provider';
import type { SubscriptionRow } from './subscription-repository';

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'trial';

export interface Proration {
  credit: number;
  charge: number;
  /** charge − credit: what is charged now. */
  amountDue: number;
  remainingSeconds: number;
  periodSeconds: number;
}

const seconds = (from: Date, to: Date): number => Math.max(1, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * Stripe's proration to the second, each side rounded to the minor unit. `newPeriodEnd`: where
 * one period of the new price would end from the same start, when it bills another interval
 * (monthly ↔ yearly): its charge is then at its own rate. Never below zero (decision 066).
 */
export function prorate(oldAmount: number, newAmount: number, periodStart: Date, periodEnd: Date, now: Date, newPeriodEnd: Date = periodEnd): Proration {
  const periodSeconds = seconds(periodStart, periodEnd);
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, Math.floor((periodEnd.getTime() - now.getTime()) / 1000)));
  const credit = Math.round((oldAmount * remainingSeconds) / periodSeconds);
  const charge = Math.round((newAmount * remainingSeconds) / seconds(periodStart, newPeriodEnd));
  return { credit, charge, amountDue: Math.max(0, charge - credit), remainingSeconds, periodSeconds };
}

export interface PlanChangePlan {
  kind: PlanChangeKind;
  from: PlanRow;
  to: PlanRow;
  /** When the new plan applies: now, or the next renewal for a downgrade. */
  effectiveAt: Date;
  amountDue: number;
  currency: string;
  /** The invoice lines charged now (empty when nothing is charged). */
  lines: InvoiceLine[];
}

export type PlanChangeRefusal = 'unchanged' | 'not_allowed' | 'cancelling' | 'paused';

/** What changing `subscription` from `from` to `to` at `now` does, or why it cannot. */
export function planChange(
  subscription: SubscriptionRow,
  from: PlanRow,
  to: PlanRow,
  now: Date,
): PlanChangePlan | { refusal: PlanChangeRefusal } {
  const toInterval = intervalOfBilled(to);
  if (to.id === from.id && toInterval === intervalOfBilled(from)) return { refusal: 'unchanged' };
  if (subscription.status !== 'trialing' && subscription.status !== 'active') return { refusal: 'not_allowed' };
  if (subscription.currentPeriodEnd <= now) return { refusal: 'not_allowed' };
  if (to.currency !== from.currency || from.intervalCount !== 1 || to.intervalCount !== 1) return { refusal: 'not_allowed' };
  if (subscription.cancelAtPeriodEnd) return { refusal: 'cancelling' };
  // A pause asked for or under way (decision 065) ends first with "Resume now".
  if (subscription.pausedFrom !== null) return { refusal: 'paused' };
  const base = { from, to, currency: to.currency };
  if (subscription.status === 'trialing') {
    return { ...base, kind: 'trial', effectiveAt: now, amountDue: 0, lines: [] };
  }
  if (amountPerYear(to.amount, toInterval) <= amountPerYear(from.amount, intervalOfBilled(from))) {
    return { ...base, kind: 'downgrade', effectiveAt: subscription.currentPeriodEnd, amountDue: 0, lines: [] };
  }
  const start = subscription.currentPeriodStart;
  const newPeriodEnd = toInterval === intervalOfBilled(from) ? subscription.currentPeriodEnd : addInterval(start, toInterval, 1);
  const proration = prorate(from.amount, to.amount, start, subscription.currentPeriodEnd, now, newPeriodEnd);
  const period = { periodStart: now.toISOString(), periodEnd: subscription.currentPeriodEnd.toISOString() };
  return {
    ...base,
    kind: 'upgrade',
    effectiveAt: now,
    amountDue: proration.amountDue,
    lines: [
      { kind: 'proration_credit', planName: from.name, interval: intervalOfBilled(from), amount: -proration.credit, ...period },
      { kind: 'proration_charge', planName: to.name, interval: toInterval, amount: proration.charge, ...period },
    ],
  };
}

async function notifyPlanChanged(tx: Queryable, userId: string, plan: PlanRow, effectiveAt: Date): Promise<void> {
  const interval = intervalOfBilled(plan);
  await queueAccountMail(tx, userId, { template: 'planChanged', params: { plan: plan.name, effectiveAt: effectiveAt.toISOString(), interval } });
}

/** Tells the account its scheduled downgrade is undone: the inbox's "Your plan changes to …" no longer holds. */
export async function notifyPlanChangeUndone(tx: Queryable, userId: string, planId: string): Promise<void> {
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
  if (plan) await queueAccountMail(tx, userId, { template: 'planChangeUndone', params: { plan: plan.name } });
}

/**
 * Applies a plan change in the database (the sandbox's whole change; Stripe mode's local view
 * until its webhooks confirm): the plan now, or scheduled for the renewal; an upgrade's
 * proration recorded as a paid payment with its two-line invoice when `charge` says so.
 */
export async function applyPlanChange(
  tx: Queryable,
  subscription: SubscriptionRow,
  change: PlanChangePlan,
  options: { now: Date; chargeId: string | null },
): Promise<void> {
  await lockUser(tx, subscription.userId);
  if (change.kind === 'downgrade') {
    await tx
      .update(subscriptions)
      .set({ scheduledPlanId: change.to.id, scheduledBillingInterval: intervalOfBilled(change.to), updatedAt: options.now })
      .where(eq(subscriptions.id, subscription.id));
  } else {
    await tx
      .update(subscriptions)
      .set({ planId: change.to.id, billingInterval: intervalOfBilled(change.to), scheduledPlanId: null, scheduledBillingInterval: null, updatedAt: options.now })
      .where(eq(subscriptions.id, subscription.id));
  }
  // A plan in effect now with fewer download devices or a lower cap revokes downloads at the change.
  await settleDownloads(tx, subscription.userId, options.now);
  if (change.kind === 'upgrade' && options.chargeId !== null) {
    const card =
      subscription.cardBrand && subscription.cardLast4 && subscription.cardExpMonth && subscription.cardExpYear
        ? { brand: subscription.cardBrand, last4: subscription.cardLast4, expMonth: subscription.cardExpMonth, expYear: subscription.cardExpYear }
        : null;
    await recordPayment(tx, {
      providerInvoiceId: options.chargeId,
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amount: change.amountDue,
      currency: change.currency,
      status: 'paid',
      description: `${change.from.name} → ${change.to.name}`,
      card,
      createdAt: options.now,
      lines: change.lines,
    });
  }
  await notifyPlanChanged(tx, subscription.userId, change.to, change.effectiveAt);
}

/** Undoes a scheduled downgrade; answers whether there was one. */
export async function undoScheduledChange(tx: Queryable, subscription: SubscriptionRow, now: Date): Promise<boolean> {
  if (subscription.scheduledPlanId === null) return false;
  await tx.update(subscriptions).set({ scheduledPlanId: null, scheduledBillingInterval: null, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
  return true;
}
