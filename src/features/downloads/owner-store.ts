// Who this browser's downloads belong to, in their database (./database.ts): claimed by the
// account that signs in, released when none is signed in (docs/decisions/038, "shared
// computers"). Loaded only when the owner changes (./ownership.ts keeps the hint that says so).
import { downloadsDatabase, OWNER, OWNER_KEY, RECORDS } from './database';
import { OFFLINE_CACHE_PREFIX } from './offline-caches';

/** Deletes every class's files. */
async function deleteOfflineCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

/**
 * Makes `account` the owner. When another account (or none, or a version that kept no owner)
 * owned the downloads, their records go in the same transaction that names the new owner, then
 * every class's files. The same account claiming again keeps everything.
 */
export async function claimOwnership(account: string): Promise<void> {
  const db = await downloadsDatabase();
  const tx = db.transaction([OWNER, RECORDS], 'readwrite');
  if ((await tx.objectStore(OWNER).get(OWNER_KEY)) === account) return tx.done;
  await Promise.all([tx.objectStore(RECORDS).clear(), tx.objectStore(OWNER).put(account, OWNER_KEY), tx.done]);
  await deleteOfflineCaches();
}

/** No account owns this browser's downloads any more: the owner and every record go at once, then every file. */
export async function releaseOwnership(): Promise<void> {
  const db = await downloadsDatabase();
  const tx = db.transaction([OWNER, RECORDS], 'readwrite');
  await Promise.all([tx.objectStore(OWNER).clear(), tx.objectStore(RECORDS).clear(), tx.done]);
  await deleteOfflineCaches();
}

/** How many classes `account` holds here (0 when it does not own the downloads). */
export async function countHeld(account: string): Promise<number> {
  const db = await downloadsDatabase();
  const tx = db.transaction([OWNER, RECORDS], 'readonly');
  const [owner, count] = await Promise.all([tx.objectStore(OWNER).get(OWNER_KEY), tx.objectStore(RECORDS).count(), tx.done]);
  return owner === account ? count : 0;
}
