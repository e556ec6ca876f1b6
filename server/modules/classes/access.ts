// Whether an account may play classes now, by the one rule in domain/subscriptions.ts
// applied to each of its subscriptions (a canceled one can still be within its paid period),
// and when that may next change on its own (a period, trial or grace period ending, a payment retry).
import { eq } from 'drizzle-orm';
import { givesAccess, type SubscriptionStatus } from '@domain/subscriptions';
import type { Queryable } from '@server/db/client';
import { subscriptions } from '@server/db/schema';

export async function hasClassAccess(db: Queryable, userId: string, now = new Date()): Promise<boolean> {
  return (await classAccess(db, userId, now)).canPlay;
}

/**
 * Whether the account may play now, and the next instant its subscriptions change with time
 * alone (a period, trial or pause beginning or ending: access ends, or the provider renews), Infinity when none.
 */
export async function classAccess(db: Queryable, userId: string, now = new Date()): Promise<{ canPlay: boolean; changesAt: number }> {
  const rows = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      trialEnd: subscriptions.trialEnd,
      pausedFrom: subscriptions.pausedFrom,
      resumesAt: subscriptions.resumesAt,
      graceEndsAt: subscriptions.graceEndsAt,
      nextPaymentAttemptAt: subscriptions.nextPaymentAttemptAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  let changesAt = Infinity;
  for (const row of rows) {
    const moments = [row.currentPeriodEnd, row.trialEnd, row.pausedFrom, row.resumesAt, row.graceEndsAt, row.nextPaymentAttemptAt];
    for (const at of moments.map((moment) => moment?.getTime() ?? Infinity)) {
      if (at > now.getTime() && at < changesAt) changesAt = at;
    }
  }
  return { canPlay: rows.some((row) => givesAccess({ ...row, status: row.status as SubscriptionStatus }, now)), changesAt };
}

/** The next instant the account's subscriptions change with time alone (Infinity when none). */
export async function nextSubscriptionChange(db: Queryable, userId: string, now = new Date()): Promise<number> {
  return (await classAccess(db, userId, now)).changesAt;
}
