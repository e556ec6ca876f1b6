// Whether an account may play classes now, by the one rule in src/domain/subscriptions.ts
// applied to each of its subscriptions (a canceled one can still be within its paid period).
import { eq } from 'drizzle-orm';
import { givesAccess, type SubscriptionStatus } from '@domain/subscriptions';
import type { Queryable } from '@server/db/client';
import { subscriptions } from '@server/db/schema';

export async function hasClassAccess(db: Queryable, userId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return rows.some((row) => givesAccess({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.currentPeriodEnd }, now));
}
