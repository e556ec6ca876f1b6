// Change notifications from the database (decisions 018, 045): triggers (migrations 0013, 0017,
// 0029) NOTIFY when a session ends, a cached table changes or an account's progress or kept
// answers do; each instance LISTENs on one connection of its own (PostgreSQL) or on the
// embedded database itself (PGlite, in-process). A notification arrives only after its
// transaction commits. While the connection is down notifications are lost, so readers are told
// when it comes back (`onReconnect`) and catch up; they also poll on their own, since a
// half-dead connection may look alive.
import type { Database } from './client';

export const SESSION_ENDED_CHANNEL = 'fitstream_session_ended';
export const TABLE_CHANGED_CHANNEL = 'fitstream_table_changed';
/** An account's progress changed: the payload is its id, or empty for every account's. */
export const PROGRESS_CHANGED_CHANNEL = 'fitstream_progress_changed';
/** Something an account's kept answers show changed (migration 0029): its id, or empty for every account's. */
export const ACCOUNT_CHANGED_CHANNEL = 'fitstream_account_changed';
const CHANNELS = [SESSION_ENDED_CHANNEL, TABLE_CHANGED_CHANNEL, PROGRESS_CHANGED_CHANNEL, ACCOUNT_CHANGED_CHANNEL] as const;
export type Channel = (typeof CHANNELS)[number];

export type NotificationListener = (payload: string) => void;

export interface ChangeFeed {
  on(channel: Channel, listener: NotificationListener): void;
  /** Called each time the feed is listening again after losing its connection. */
  onReconnect(listener: () => void): void;
  /**
   * Whether notifications can arrive now: on PostgreSQL, the LISTEN connection is up (false
   * from its loss until it is back); on PGlite, which delivers them in-process, the feed and
   * the embedded database are both still open. False once closed.
   */
  listening(): boolean;
  close(): Promise<void>;
}

interface PgliteLike {
  readonly closed?: boolean;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

interface PoolLike {
  options: Record<string, unknown>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

class Feed implements ChangeFeed {
  private readonly listeners = new Map<string, NotificationListener[]>();
  private readonly reconnectListeners: (() => void)[] = [];

  on(channel: Channel, listener: NotificationListener): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  dispatch(channel: string, payload: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener(payload);
  }

  reconnected(): void {
    for (const listener of this.reconnectListeners) listener();
  }

  listening: () => boolean = () => false;

  close: () => Promise<void> = async () => {};
}

/** Starts listening on the database `db` was opened on; `onError` hears a lost connection. */
export async function openChangeFeed(db: Database, onError: (error: Error) => void = () => {}): Promise<ChangeFeed> {
  const client = (db as unknown as { $client: unknown }).$client;
  const feed = new Feed();
  if (client && typeof (client as PgliteLike).listen === 'function') {
    const pglite = client as PgliteLike;
    const stops = await Promise.all(CHANNELS.map((channel) => pglite.listen(channel, (payload) => feed.dispatch(channel, payload))));
    let closed = false;
    feed.listening = () => !closed && pglite.closed !== true;
    feed.close = async () => {
      closed = true;
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    };
    return feed;
  }
  if (!client || typeof (client as PoolLike).options !== 'object') throw new Error('change feed: unknown database client');
  const { default: pg } = await import('pg');
  const options = (client as PoolLike).options;
  let closed = false;
  let current: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const listener = new pg.Client({ ...(options as import('pg').ClientConfig) });
    listener.on('notification', (message) => feed.dispatch(message.channel, message.payload ?? ''));
    const lost = (error?: Error) => {
      if (current !== listener) return;
      current = null;
      listener.removeAllListeners('notification');
      void listener.end().catch(() => undefined);
      if (closed) return;
      onError(error ?? new Error('the notification connection ended'));
      schedule();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    try {
      await listener.connect();
      for (const channel of CHANNELS) await listener.query(`LISTEN ${channel}`);
    } catch (error) {
      await listener.end().catch(() => undefined);
      throw error;
    }
    current = listener;
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().then(
        () => {
          delay = RECONNECT_MIN_MS;
          feed.reconnected();
        },
        (error: Error) => {
          onError(error);
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          if (!closed) schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  feed.listening = () => current !== null;
  feed.close = async () => {
    closed = true;
    clearTimeout(retry);
    const listener = current;
    current = null;
    await listener?.end().catch(() => undefined);
  };
  return feed;
}
