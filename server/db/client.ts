// Opens the database: embedded PGlite in DATA_DIR/pglite by default, a PostgreSQL server
// (node-postgres pool) when DATABASE_URL is set; runs the committed migrations either way.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import * as schema from './schema';

/** A drizzle database over either driver; transactions work the same on both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The `tx` of `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: repository functions that can run inside or outside a transaction take this. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where a connection that fails while idle (server restart, failover) is reported. */
export type ConnectionErrorListener = (error: Error) => void;

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  onConnectionError: ConnectionErrorListener = () => {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl !== null) return openPostgres(config.databaseUrl, onConnectionError);
  return openPglite(path.join(config.dataDir, 'pglite'));
}

async function openPostgres(url: string, onConnectionError: ConnectionErrorListener): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's error is emitted on the pool; unheard, it would crash the process. The
  // pool drops that client and the next query opens a new connection.
  pool.on('error', onConnectionError);
  try {
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** The embedded database: one process owns the data directory. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
