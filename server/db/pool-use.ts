// What the database connections are doing, for the metrics (docs/decisions/054). node-postgres
// counts its pool itself; PGlite is one connection inside the process, so its "pool" is that one
// connection, and what waits is the calls queued behind it (counted by wrapping its methods).
import type { PGlite } from '@electric-sql/pglite';

export interface PoolUse {
  /** Connections open. */
  total: number;
  /** Open connections no query holds. */
  idle: number;
  /** Queries (or transactions) waiting for a connection. */
  waiting: number;
}

/** Calls running or queued on each PGlite client `countPgliteCalls` was given. */
const pgliteCalls = new WeakMap<object, { inFlight: number }>();

/** Counts the calls on `client` from now on; PGlite runs one at a time, the others wait for it. */
export function countPgliteCalls(client: PGlite): void {
  const calls = { inFlight: 0 };
  pgliteCalls.set(client, calls);
  const counted = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      calls.inFlight += 1;
      try {
        return await call(...args);
      } finally {
        calls.inFlight -= 1;
      }
    };
  // A transaction's own queries run on its Transaction object, inside this one call.
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
}

interface NodePostgresPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function isNodePostgresPool(client: unknown): client is NodePostgresPool {
  return typeof client === 'object' && client !== null && typeof (client as Partial<NodePostgresPool>).waitingCount === 'number';
}

/** The connections of `db` (a drizzle database) now; null for a client neither driver made here (a test's own). */
export function poolUse(db: object): PoolUse | null {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (isNodePostgresPool(client)) return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  const calls = typeof client === 'object' && client !== null ? pgliteCalls.get(client) : undefined;
  if (!calls) return null;
  return { total: 1, idle: calls.inFlight === 0 ? 1 : 0, waiting: Math.max(0, calls.inFlight - 1) };
}
