// The "current subscription" rule of domain/subscriptions.ts as SQL, so every query (and the
// one-current-per-account index) asks the database the same question the app asks in code.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { currentStatuses } from '@domain/subscriptions';

// Literals, not bound parameters (constants, never input): an index predicate cannot take
// parameters, and queries then carry the very predicate of the one-current partial index.
export const currentStatusList = sql.raw(currentStatuses.map((status) => `'${status}'`).join(', '));

/** Whether a status column holds a current status: `<column> in (<currentStatuses>)`. */
export function isCurrent(status: AnyColumn): SQL {
  return sql`${status} in (${currentStatusList})`;
}
