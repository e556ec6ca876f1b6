// Saving or unsaving a class that could not be sent (offline, no answer) is kept in IndexedDB and
// sent once the connection returns, as progress is (decision 041): one change per account and
// class, the last one made; the server's save and unsave are idempotent, so a change sent twice
// is harmless. Loaded at the first change or flush, which only a signed-in account makes.
import type { DBSchema } from 'idb';
import type { Api } from '@api/calls';
import type { FavouriteChange } from '@machines/favourites.machine';
import type { Outcome } from '@domain/request-outcome';

export interface QueuedFavourite extends FavouriteChange {
  /** `account` and `classId`: the last change of a class replaces the one before. */
  key: string;
  account: string;
  /** When it was made (ISO 8601): a change made again while one was being sent is not removed with it. */
  at: string;
}

export interface FavouriteStore {
  put(change: QueuedFavourite): Promise<void>;
  /** The account's changes, oldest first. */
  of(account: string): Promise<QueuedFavourite[]>;
  /** Removes the class's change, or only if it is still this one (`at`). */
  remove(key: string, at?: string): Promise<void>;
  /** Deletes every change but `account`'s (all of them with null). */
  keepOnly(account: string | null): Promise<void>;
}

interface QueueSchema extends DBSchema {
  changes: { key: string; value: QueuedFavourite; indexes: { account: string } };
}

const byTime = (changes: QueuedFavourite[]) => changes.sort((a, b) => a.at.localeCompare(b.at));

export function indexedDbFavouriteStore(name = 'fitstream-favourites'): FavouriteStore {
  let opening: ReturnType<typeof open> | null = null;
  const open = () =>
    import('idb').then(({ openDB }) =>
      openDB<QueueSchema>(name, 1, {
        upgrade(database) {
          database.createObjectStore('changes', { keyPath: 'key' }).createIndex('account', 'account');
        },
      }),
    );
  const db = () => (opening ??= open().catch((error: unknown) => {
    opening = null;
    throw error;
  }));
  return {
    put: async (change) => void (await (await db()).put('changes', change)),
    of: async (account) => byTime(await (await db()).getAllFromIndex('changes', 'account', account)),
    remove: async (key, at) => {
      const tx = (await db()).transaction('changes', 'readwrite');
      const kept = await tx.store.get(key);
      if (kept && (at === undefined || kept.at === at)) await tx.store.delete(key);
      await tx.done;
    },
    keepOnly: async (account) => {
      const tx = (await db()).transaction('changes', 'readwrite');
      for await (const cursor of tx.store) if (cursor.value.account !== account) await cursor.delete();
      await tx.done;
    },
  };
}

export function memoryFavouriteStore(): FavouriteStore {
  const changes = new Map<string, QueuedFavourite>();
  return {
    put: async (change) => void changes.set(change.key, change),
    of: async (account) => byTime([...changes.values()].filter((c) => c.account === account)),
    remove: async (key, at) => {
      if (at === undefined || changes.get(key)?.at === at) changes.delete(key);
    },
    keepOnly: async (account) => {
      for (const [key, change] of changes) if (change.account !== account) changes.delete(key);
    },
  };
}

/** A refusal the server will repeat however often the change is sent: it is dropped (404: the class is gone). */
const refusedForGood = (outcome: Outcome<unknown>) =>
  outcome.kind === 'failed' && outcome.status >= 400 && outcome.status < 500 && ![401, 408, 429].includes(outcome.status);

export interface FavouriteQueueDeps {
  api: Pick<Api, 'setFavourite'>;
  store: FavouriteStore;
  /** The signed-in account (its email), or null. */
  account: () => string | null;
  online: () => boolean;
  now?: () => Date;
}

export function favouriteQueue(deps: FavouriteQueueDeps) {
  const { api, store, account } = deps;
  const now = deps.now ?? (() => new Date());

  /** The favourites machine's `setFavourite`: sent now, or kept on the device (`kept`) when it cannot be. */
  async function setFavourite(change: FavouriteChange, signal?: AbortSignal): Promise<Outcome<{ saved: boolean; kept?: boolean }>> {
    const who = account();
    if (!who) return { kind: 'failed', status: 401, body: null };
    const queued: QueuedFavourite = { ...change, key: `${who}\n${change.classId}`, account: who, at: now().toISOString() };
    if (deps.online()) {
      const outcome = await api.setFavourite(change, signal);
      if (outcome.kind !== 'unreachable') {
        // Sent: a change of this class kept before it is outdated now.
        if (outcome.kind === 'ok') await store.remove(queued.key);
        return outcome;
      }
    }
    await store.put(queued);
    return { kind: 'ok', data: { saved: change.saved, kept: true } };
  }

  /** Sends the account's kept changes, oldest first, until one gets no answer; what still waits. */
  async function flush(): Promise<FavouriteChange[]> {
    const who = account();
    if (!who) return [];
    for (const change of await store.of(who)) {
      const outcome = await api.setFavourite({ classId: change.classId, saved: change.saved });
      // Made again meanwhile, the newer change stays to be sent.
      if (outcome.kind === 'ok' || refusedForGood(outcome)) await store.remove(change.key, change.at);
      else break;
    }
    return waiting();
  }

  /** The account's changes kept on the device. */
  const waiting = async (): Promise<FavouriteChange[]> => {
    const who = account();
    return who ? (await store.of(who)).map(({ classId, saved }) => ({ classId, saved })) : [];
  };

  return { setFavourite, flush, waiting, keepOnly: (who: string | null) => store.keepOnly(who) };
}
