// The mail outbox's backlog as an operator reads it (docs/decisions/054): read at scrape time,
// one aggregate over the unsent rows (the pending index's rows), whatever the instance.
import { isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { MAX_ATTEMPTS } from './delivery';

export interface OutboxBacklog {
  /** Unsent messages still to be tried. */
  pending: number;
  /** Seconds since the oldest of them was queued; 0 when none is. */
  oldestSeconds: number;
  /** Unsent messages given up after MAX_ATTEMPTS (their last_error says why). */
  abandoned: number;
}

export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const retrying = sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`;
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${retrying}))::int`,
      // The database's clock, as created_at's: the instances' clocks do not enter.
      oldestSeconds: sql<number | null>`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${retrying}))::float8`,
      abandoned: sql<number>`(count(*) filter (where not (${retrying})))::int`,
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, row?.oldestSeconds ?? 0), abandoned: row?.abandoned ?? 0 };
}
