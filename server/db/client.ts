// Opens the database: embedded PGlite in DATA_DIR/pglite by default, a PostgreSQL server
// (node-postgres pool) when DATABASE_URL is set; runs the committed migrations either way,
// within an explicit time limit and with a clear error when the server cannot be reached.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ConfigError, type Config } from '@server/config';
import { lockDataFolder } from './data-dir-lock';
import { countPgliteCalls } from './pool-use';
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

/**
 * How long opening (a cold PGlite's initdb, or waiting for another instance's migrations)
 * may take before start-up gives up with a clear error. Opening runs before any Fastify
 * plugin, so Fastify's 10 s plugin timeout never applies to it.
 */
export const DATABASE_OPEN_TIMEOUT_MS = 120_000;
/** A PostgreSQL server that does not answer a connection attempt within this is reported. */
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;
/** Held while migrating, so instances starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_ID = 7_250_311_001;

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  onConnectionError: ConnectionErrorListener = () => {},
): Promise<DatabaseHandle> {
  const opening = config.databaseUrl !== null ? openPostgres(config.databaseUrl, onConnectionError) : openPglite(path.join(config.dataDir, 'pglite'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The database did not open within ${DATABASE_OPEN_TIMEOUT_MS / 1000} s.`)),
      DATABASE_OPEN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([opening, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where DATABASE_URL points, without its password, for start-up errors. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function openPostgres(url: string, onConnectionError: ConnectionErrorListener): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  // An idle client's error is emitted on the pool; unheard, it would crash the process. The
  // pool drops that client and the next query opens a new connection.
  pool.on('error', onConnectionError);
  let lock: import('pg').PoolClient;
  try {
    lock = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new ConfigError(`DATABASE_URL: cannot connect to PostgreSQL at ${describeDatabaseUrl(url)} (${(error as Error).message}).`);
  }
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    lock.release();
    return { db: db as unknown as Database, close: () => pool.end() };
  } catch (error) {
    lock.release(true);
    await pool.end();
    throw error;
  }
}

/**
 * The embedded database serves one laptop's worth of data: PostgreSQL's default 128 MB of
 * shared buffers would sit in WebAssembly memory that is never returned; 16 MB keeps the
 * server's footprint small (the files are still cached by the operating system).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * V8 compiles PGlite's 9 MB of WebAssembly lazily with its baseline compiler, then recompiles
 * the hot functions with its optimising one in the background, by default several at once.
 * Postgres has some very large functions (the parser, the executor's interpreter): each such
 * job takes tens of MB of compiler memory in a worker thread's malloc arena, and that memory
 * stays with the process once freed (measured: 85 to 120 MB of thread arenas after opening
 * the database, 45 to 60 MB with one job at a time). One job at a time: the same optimised
 * code in the end, reached a little later. A process-wide setting, read when a module is
 * compiled; the other WebAssembly in the server (undici's HTTP parser) is small.
 *
 * `PGLITE_LIFTOFF_ONLY=1` goes further: the baseline code only, no optimising compiler at all
 * (decision 043 measured the idle RSS with and without it).
 */
const WASM_COMPILE_FLAGS = process.env.PGLITE_LIFTOFF_ONLY === '1' ? '--wasm-num-compilation-tasks=1 --liftoff-only' : '--wasm-num-compilation-tasks=1';

/** A fresh data directory is made by a short-lived child process (see pglite-initdb.ts). */
function initdbInChildProcess(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(script, [dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite initdb exited with code ${code}`))));
  });
}

/** The embedded database: one process owns the data directory (data-dir-lock.ts). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  setFlagsFromString(WASM_COMPILE_FLAGS);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataFolder(dataDir);
  try {
    await mkdir(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initdbInChildProcess(dataDir);
    const client = await openPgliteFiles(PGlite, dataDir);
    countPgliteCalls(client);
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder });
      return {
        db: db as unknown as Database,
        close: async () => {
          await client.close();
          unlock();
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    unlock();
    throw error;
  }
}

/** PGlite on existing files; a damaged folder fails here (often as a bare "Aborted()"), said plainly. */
async function openPgliteFiles(pglite: typeof import('@electric-sql/pglite').PGlite, dataDir: string): Promise<import('@electric-sql/pglite').PGlite> {
  try {
    return await pglite.create(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  } catch (error) {
    throw new ConfigError(
      `the database folder ${dataDir} cannot be opened (${(error as Error).message.split(/\.\s/)[0]}): it is damaged or is not a FitStream database. ` +
        'Restore it from a backup, or move it away to start with an empty database.',
    );
  }
}
