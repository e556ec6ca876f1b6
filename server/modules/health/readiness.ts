// Whether this instance should be sent traffic (GET /readyz, decision 055): the database answers
// and has every migration this code knows, the change feed is listening (on PostgreSQL its LISTEN
// connection is up; on PGlite, in-process, the feed and the embedded database are open),
// MEDIA_DIR can be read, and the server is not shutting down. Cheap under any number of
// callers: concurrent checks share one check in flight, and a database query that has not come
// back is never joined by another (a database that stops answering holds one connection, not
// one per check).
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import type { ChangeFeed } from '@server/db/notifications';

/** What can be not ready, as `not_ready` names it. */
export type NotReadyPart = 'shutting_down' | 'database' | 'migrations' | 'listener' | 'media_dir';

export interface ReadinessSources {
  db: Database;
  feed: Pick<ChangeFeed, 'listening'>;
  mediaDir: string;
  /** The committed migrations (server/db/migrations): their journal says which must be applied. */
  migrationsFolder: string;
  /** Set once shutdown has begun. */
  shuttingDown: () => boolean;
  /** How long the database may take to answer before it counts as down. */
  databaseTimeoutMs?: number;
}

export interface Readiness {
  /** What is not ready now: empty when ready. */
  check(): Promise<NotReadyPart[]>;
}

export const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** The newest migration's time in the journal; drizzle records it as `created_at` once applied. */
async function newestMigration(migrationsFolder: string): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

type DatabaseState = 'ok' | 'database' | 'migrations';

export function createReadiness(sources: ReadinessSources): Readiness {
  const timeoutMs = sources.databaseTimeoutMs ?? DATABASE_CHECK_TIMEOUT_MS;
  const wanted = newestMigration(sources.migrationsFolder);
  // Not an unhandled rejection before the first check: a missing journal is reported by it.
  wanted.catch(() => undefined);
  let query: Promise<DatabaseState> | null = null;
  let inFlight: Promise<NotReadyPart[]> | null = null;

  /** One query says both whether the database answers and whether it is migrated. */
  function askDatabase(): Promise<DatabaseState> {
    query ??= (async (): Promise<DatabaseState> => {
      try {
        const result = await sources.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
        const [row] = (result as unknown as { rows: { newest: string | number | null }[] }).rows;
        const newest = Number(row?.newest ?? 0);
        return newest >= (await wanted) ? 'ok' : 'migrations';
      } catch {
        return 'database';
      }
    })().finally(() => {
      query = null;
    });
    const pending = query;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DatabaseState>((resolve) => {
      timer = setTimeout(() => resolve('database'), timeoutMs);
      timer.unref();
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }

  async function mediaDirReadable(): Promise<boolean> {
    try {
      if (!(await stat(sources.mediaDir)).isDirectory()) return false;
      await access(sources.mediaDir, constants.R_OK | constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Run by `check` only, once it has seen the server is not shutting down. */
  async function checkOnce(): Promise<NotReadyPart[]> {
    const [database, media] = await Promise.all([askDatabase(), mediaDirReadable()]);
    const notReady: NotReadyPart[] = [];
    if (database !== 'ok') notReady.push(database);
    if (!sources.feed.listening()) notReady.push('listener');
    if (!media) notReady.push('media_dir');
    // Shutdown may have begun while the check ran.
    return sources.shuttingDown() ? ['shutting_down'] : notReady;
  }

  return {
    check() {
      if (sources.shuttingDown()) return Promise.resolve(['shutting_down']);
      inFlight ??= checkOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
