// The sessions that ended, kept in memory, so a signed-in request costs no database round trip
// (decision 018). An access token is a signed JWT that names its session; the request is let
// through when its session is not on this list AND the list is known to be current:
// - a session ended on this instance is added before the function that ended it returns
//   (server/modules/auth/sessions.ts `onSessionsEnded`);
// - one ended anywhere else (another instance, psql, another lane's code) arrives by the
//   database notification its trigger sends on commit (typically milliseconds);
// - whatever the notifications, every `syncIntervalMs` the list reads the sessions revoked
//   since its last read (with a minute of overlap, so a transaction that revoked before the
//   last read but committed after it is still seen);
// - the list counts as current only while its last successful read started at most
//   2 × `syncIntervalMs` ago. Otherwise (database unreachable, timer starved) requests ask the
//   database as before, one primary-key lookup each, until a read succeeds again.
// So an ended session's access token stops working at once on the instance that ended it and
// at most 2 × syncIntervalMs (10 s by default) after the commit on every other instance.
// Entries are dropped once no access token of theirs can still be valid (token lifetime + 2 min).
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { SESSION_ENDED_CHANNEL, type ChangeFeed } from '@server/db/notifications';
import { isSessionActive, onSessionsEnded } from './sessions';

export interface SessionRevocationOptions {
  /** How often the list reads recent revocations from the database. */
  syncIntervalMs: number;
  /** The access-token lifetime: how long an ended session must be remembered. */
  accessTokenTtlSeconds: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export const DEFAULT_REVOCATION_SYNC_MS = 5_000;
/** How far back each read looks beyond the previous one (in the database's clock). */
const OVERLAP_SECONDS = 60;
/** Kept beyond the token lifetime, for clock differences between the database and this host. */
const KEEP_MARGIN_MS = 120_000;

export class SessionRevocations {
  /** Session id → when this instance learned it ended (its clock). */
  private readonly ended = new Map<string, number>();
  private lastReadStartedAt = Number.NEGATIVE_INFINITY;
  /** The database's clock at the start of the last successful read. */
  private readSince: string | null = null;
  private reading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly stopListening: () => void;
  private readonly now: () => number;
  /** Called with each read's failure (logged by the auth plugin). */
  onReadError: (error: unknown) => void = () => {};
  /** Test hook: called whenever sessions are added to the list. */
  onAdded: (sessionIds: readonly string[]) => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly options: SessionRevocationOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.stopListening = onSessionsEnded(db, (ids) => this.add(ids));
  }

  /** Listens to the database's notifications and catches up when they resume. */
  listen(feed: ChangeFeed): void {
    feed.on(SESSION_ENDED_CHANNEL, (sessionId) => this.add([sessionId]));
    feed.onReconnect(() => void this.read().catch(() => undefined));
  }

  /** The first read (everything that could still matter), then one every `syncIntervalMs`. */
  async start(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.read().catch(() => undefined), this.options.syncIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopListening();
  }

  add(sessionIds: readonly string[]): void {
    const at = this.now();
    for (const id of sessionIds) this.ended.set(id, at);
    this.onAdded(sessionIds);
  }

  /** Whether the list may be trusted without asking the database. */
  get current(): boolean {
    return this.now() - this.lastReadStartedAt <= 2 * this.options.syncIntervalMs;
  }

  get size(): number {
    return this.ended.size;
  }

  /**
   * Whether the session is still open, from memory alone: `undefined` when the list is not
   * current, so only the database can tell (`isOpen`).
   */
  isOpenNow(sessionId: string): boolean | undefined {
    if (this.ended.has(sessionId)) return false;
    return this.current ? true : undefined;
  }

  /** Whether the access token's session is still open: from memory when current, else one lookup. */
  async isOpen(sessionId: string, userId: string): Promise<boolean> {
    const known = this.isOpenNow(sessionId);
    if (known !== undefined) return known;
    const open = await isSessionActive(this.db, sessionId, userId);
    if (!open) this.add([sessionId]);
    return open;
  }

  /** Reads the sessions revoked since the last read; one read at a time. */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const startedAt = this.now();
    const lookBack = this.readSince === null ? this.options.accessTokenTtlSeconds + KEEP_MARGIN_MS / 1000 : OVERLAP_SECONDS;
    try {
      const since = this.readSince ?? null;
      const result = await this.db.execute<{ at: string; ids: string[] | string | null }>(sql`
        SELECT now()::text AS at, ARRAY(
          SELECT id::text FROM sessions
          WHERE revoked_at IS NOT NULL
            AND revoked_at > coalesce(${since}::timestamptz, now()) - make_interval(secs => ${lookBack})
        ) AS ids`);
      const [row] = (result as unknown as { rows: { at: string; ids: string[] | string | null }[] }).rows;
      if (!row) throw new Error('the revocation read answered no row');
      const ids = parseIds(row.ids);
      if (ids.length > 0) this.add(ids);
      this.readSince = row.at;
      this.lastReadStartedAt = Math.max(this.lastReadStartedAt, startedAt);
      this.prune();
    } catch (error) {
      this.onReadError(error);
      throw error;
    }
  }

  private prune(): void {
    const oldest = this.now() - this.options.accessTokenTtlSeconds * 1000 - KEEP_MARGIN_MS;
    for (const [id, at] of this.ended) if (at < oldest) this.ended.delete(id);
  }
}

/** A text[] arrives as an array (node-postgres, PGlite) or, from some drivers, as `{a,b}`. */
function parseIds(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}
