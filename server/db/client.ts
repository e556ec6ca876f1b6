// Opens the database: embedded PGlite in DATA_DIR/pglite by default, a PostgreSQL server
// (node-postgres pool) when DATABASE_URL is set; runs the committed migrations either way.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/**
 * The embedded database serves one laptop's worth of data: PostgreSQL's default 128 MB of
 * shared buffers would sit in WebAssembly memory that is never returned; 16 MB keeps the
 * server's footprint small (the files are still cached by the operating system).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/** A fresh data directory is made by a short-lived child process (see pglite-initdb.ts). */
function initdbInChildProcess(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(script, [dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite initdb exited with code ${code}`))));
  });
}

/** The embedded database: one process owns the data directory. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(dataDir, { recursive: true });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initdbInChildProcess(dataDir);
  const client = await PGlite.create(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
