// Whether an account may play classes now, by the one rule in domain/subscriptions.ts
// applied to each of its subscriptions (a canceled one can still be within its paid period),
// and when that may next change on its own (a period or trial ending).
import { eq } from 'drizzle-orm';
import { givesAccess, type SubscriptionStatus } from '@domain/subscriptions';
import type { Queryable } from '@server/db/client';
import { subscriptions } from '@server/db/schema';

export async function hasClassAccess(db: Queryable, userId: string, now = new Date()): Promise<boolean> {
  return (await classAccess(db, userId, now)).canPlay;
}

/**
 * Whether the account may play now, and the next instant its subscriptions change with time
 * alone (a period or trial ending: access ends, or the provider renews), Infinity when none.
 */
export async function classAccess(db: Queryable, userId: string, now = new Date()): Promise<{ canPlay: boolean; changesAt: number }> {
  const rows = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd, trialEnd: subscriptions.trialEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  let changesAt = Infinity;
  for (const row of rows) {
    for (const at of [row.currentPeriodEnd.getTime(), row.trialEnd?.getTime() ?? Infinity]) {
      if (at > now.getTime() && at < changesAt) changesAt = at;
    }
  }
  return { canPlay: rows.some((row) => givesAccess({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.currentPeriodEnd }, now)), changesAt };
}

/** The next instant the account's subscriptions change with time alone (Infinity when none). */
export async function nextSubscriptionChange(db: Queryable, userId: string, now = new Date()): Promise<number> {
  return (await classAccess(db, userId, now)).changesAt;
}
