// The "current subscription" rule of src/domain/subscriptions.ts as SQL, so every query (and the
// one-current-per-account index) asks the database the same question the app asks in code.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { currentStatuses } from '../../src/domain/subscriptions';

// Inlined literals, not bound parameters: the statuses are constants, and PostgreSQL can only
// match a query to the partial index when it sees the index's own predicate.
export const currentStatusList = sql.raw(currentStatuses.map((status) => `'${status}'`).join(', '));

/** `<status> in ('trialing', 'active')` for a status column. */
export function isCurrent(status: AnyColumn): SQL {
  return sql`${status} in (${currentStatusList})`;
}
