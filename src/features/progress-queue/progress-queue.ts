// The offline progress queue (decision 041): `reportProgress` is how the player saves where the
// account is in a class. Each report gets an id made here and the time it was watched; one that
// cannot be sent (offline, no answer, the request cut short) is kept in IndexedDB, and the
// progress-queue machine (machines/progress-queue.machine.ts) sends it later with `flushQueue`.
// The server applies a report id once, so a report sent twice counts once.
import type { DBSchema } from 'idb';
import type { Api } from '@api/calls';
import type { FlushOutcome } from '@machines/progress-queue.machine';
import type { Outcome } from '@domain/request-outcome';
import type { Schemas } from '@domain/contract';

export interface QueuedReport {
  /** The id the server applies once (a uuid). */
  id: string;
  /** Whose progress it is: a report is only ever sent for the account that watched. */
  account: string;
  /** And which of its profiles watched (decision 064): sent only while that profile is chosen. Absent in reports queued before profiles. */
  profile?: string;
  classId: string;
  seconds: number;
  /** When it was watched (ISO 8601). */
  watchedAt: string;
  /** The class's effort, on the report that ends it (decision 073). */
  effort?: Schemas['EffortReport'];
}

/** Where queued reports wait: IndexedDB in the browser, memory in tests and where there is none. */
export interface ProgressStore {
  put(report: QueuedReport): Promise<void>;
  /** The account's reports, oldest first. */
  of(account: string): Promise<QueuedReport[]>;
  remove(id: string): Promise<void>;
  /** Deletes every report but `account`'s (all of them with null). */
  keepOnly(account: string | null): Promise<void>;
}

interface QueueSchema extends DBSchema {
  reports: { key: string; value: QueuedReport; indexes: { account: string } };
}

/**
 * The database is opened (and idb loaded) at the first report or flush, which only a signed-in
 * account makes: a visitor's first page neither downloads idb nor opens IndexedDB.
 */
export function indexedDbProgressStore(name = 'fitstream-progress'): ProgressStore {
  let opening: ReturnType<typeof open> | null = null;
  const open = () =>
    import('idb').then(({ openDB }) =>
      openDB<QueueSchema>(name, 1, {
        upgrade(database) {
          database.createObjectStore('reports', { keyPath: 'id' }).createIndex('account', 'account');
        },
      }),
    );
  const db = () => (opening ??= open().catch((error: unknown) => {
    opening = null;
    throw error;
  }));
  return {
    put: async (report) => void (await (await db()).put('reports', report)),
    of: async (account) => byWatchedAt(await (await db()).getAllFromIndex('reports', 'account', account)),
    remove: async (id) => (await db()).delete('reports', id),
    keepOnly: async (account) => {
      const tx = (await db()).transaction('reports', 'readwrite');
      for await (const cursor of tx.store) if (cursor.value.account !== account) await cursor.delete();
      await tx.done;
    },
  };
}

export function memoryProgressStore(): ProgressStore {
  const reports = new Map<string, QueuedReport>();
  return {
    put: async (report) => void reports.set(report.id, report),
    of: async (account) => byWatchedAt([...reports.values()].filter((r) => r.account === account)),
    remove: async (id) => void reports.delete(id),
    keepOnly: async (account) => {
      for (const [id, report] of reports) if (report.account !== account) reports.delete(id);
    },
  };
}

const byWatchedAt = (reports: QueuedReport[]) => reports.sort((a, b) => a.watchedAt.localeCompare(b.watchedAt));

/** A refusal the server will repeat however often the report is sent: it is dropped (400 expired or invalid, 404 class gone). */
const refusedForGood = (outcome: Outcome<unknown>) =>
  outcome.kind === 'failed' && outcome.status >= 400 && outcome.status < 500 && ![401, 408, 429].includes(outcome.status);

export interface ProgressQueueDeps {
  api: Pick<Api, 'saveProgress'>;
  store: ProgressStore;
  /** The signed-in account (its email), or null. */
  account: () => string | null;
  /** The profile chosen on this sign-in (its id), or null. */
  profile: () => string | null;
  online: () => boolean;
  /** Asks the progress-queue machine to flush (`queue.flush`). */
  flushSoon: () => void;
  now?: () => Date;
  newId?: () => string;
}

export function progressQueue(deps: ProgressQueueDeps) {
  const { api, store, account } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());

  const send = (report: QueuedReport, keepalive?: boolean, signal?: AbortSignal) =>
    api.saveProgress({ classId: report.classId, seconds: report.seconds, reportId: report.id, watchedAt: report.watchedAt, effort: report.effort, keepalive }, signal);

  /** Sends a report of where the account is in a class, or queues it when it cannot be sent now. */
  const reportProgress: Api['saveProgress'] = async ({ classId, seconds, keepalive, effort }, signal) => {
    const who = account();
    const profile = deps.profile();
    if (!who || !profile) return { kind: 'failed', status: 401, body: null };
    const report: QueuedReport = { id: newId(), account: who, profile, classId, seconds, watchedAt: now().toISOString(), ...(effort ? { effort } : {}) };
    if (!deps.online()) {
      await store.put(report);
      return { kind: 'unreachable' };
    }
    const outcome = await send(report, keepalive, signal);
    // Cut short, the request may or may not have arrived: queued, it is sent once more and counted once.
    if (outcome.kind === 'unreachable' || outcome.kind === 'cancelled') {
      await store.put(report);
      deps.flushSoon();
    }
    return outcome;
  };

  /**
   * The `flushQueue` actor's work: the queued reports of the profile on now, oldest first, until
   * one gets no answer. Another profile's wait for it to be chosen again on this device.
   */
  async function flush(): Promise<FlushOutcome> {
    const who = account();
    const profile = deps.profile();
    if (!who || !profile) return { kind: 'sent' };
    for (const report of await store.of(who)) {
      if (report.profile !== undefined && report.profile !== profile) continue;
      const outcome = await send(report);
      if (outcome.kind === 'ok' || refusedForGood(outcome)) await store.remove(report.id);
      else return { kind: 'unreachable' };
    }
    return { kind: 'sent' };
  }

  /**
   * What this browser keeps for the account signed in (docs/decisions/038): another account's
   * reports go when one signs in, and every report when the user signs out.
   */
  const keepOnly = (who: string | null) => store.keepOnly(who);

  return { reportProgress, flush, keepOnly };
}
