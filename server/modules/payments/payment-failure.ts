// A failed renewal as stored and as answered (decision 067): the contract's PaymentFailure from
// a subscription's row, the account's unpaid renewal for the signed-in shell's banner, and the
// provider-reported attempts (Stripe's webhooks) written idempotently: an attempt is applied
// once however often, and in whatever order, its events arrive.
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { subscriptions } from '@server/db/schema';
import { queueAccountMail } from '@server/modules/mail';
import { reportedFailure, settledDunning, unpaidStatuses, type Dunning } from './dunning';
import type { SubscriptionRow } from './subscription-repository';

export type PaymentFailureBody = components['schemas']['PaymentFailure'];

export function paymentFailureBody(row: SubscriptionRow, now: Date): PaymentFailureBody | null {
  if (!(unpaidStatuses as readonly string[]).includes(row.status) || !row.paymentFailedAt || !row.graceEndsAt) return null;
  return {
    failed_at: row.paymentFailedAt.toISOString(),
    retries: row.paymentRetries,
    next_retry_at: row.nextPaymentAttemptAt?.toISOString() ?? null,
    grace_ends_at: row.graceEndsAt.toISOString(),
    in_grace: row.status === 'past_due' && now.getTime() < row.graceEndsAt.getTime(),
  };
}

/** The account's newest subscription's failed renewal, if it has one. */
export async function accountPaymentFailure(db: Queryable, userId: string, now: Date): Promise<PaymentFailureBody | null> {
  const [latest] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)).limit(1);
  return latest ? paymentFailureBody(latest, now) : null;
}

/**
 * A failed attempt the provider reports (attempt 1 is the renewal itself). Written only when it
 * is newer than what is stored, and then emailed: a replayed or late event changes nothing.
 */
export async function recordReportedFailure(
  tx: Queryable,
  subscriptionId: string,
  report: { failedAt: Date; attempt: number; nextPaymentAttemptAt: Date | null; status: 'past_due' | 'unpaid' },
  billingLink: string,
): Promise<void> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!row) return;
  const previous = row.paymentFailedAt ? { paymentFailedAt: row.paymentFailedAt } : null;
  const dunning: Dunning = reportedFailure(previous, report);
  if (previous && dunning.paymentRetries <= row.paymentRetries) return;
  await tx.update(subscriptions).set({ ...dunning, updatedAt: new Date() }).where(eq(subscriptions.id, subscriptionId));
  await mailPaymentFailure(tx, row.userId, dunning, billingLink);
}

/** The "payment failed" email: the next try and until when classes play, with the link to update the card. */
export async function mailPaymentFailure(tx: Queryable, userId: string, dunning: Dunning, billingLink: string): Promise<void> {
  const params = { billingLink, graceEndsAt: dunning.graceEndsAt.toISOString(), nextRetryAt: dunning.nextPaymentAttemptAt?.toISOString() ?? null };
  await queueAccountMail(tx, userId, { template: 'paymentFailed', params });
}

/** The provider reports the subscription paid up: no failure, retry or grace is left. */
export async function settleReportedFailure(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set(settledDunning)
    .where(and(eq(subscriptions.id, subscriptionId), notInArray(subscriptions.status, [...unpaidStatuses])));
}
