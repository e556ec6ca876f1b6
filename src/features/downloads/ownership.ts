// This browser's downloads belong to the account signed in (docs/decisions/038, "shared
// computers"): the session claims them at each sign-in and releases them whenever nobody is signed
// in. The hint kept beside the session (persistence) says which account last claimed them, so a
// start or a sign-in of the same account opens no database; the work itself (./owner-store.ts) is
// loaded only when the owner changes. Claims and releases run one at a time, in the order asked.
import type { Persistence } from '@lib/persistence';
import { OFFLINE_CACHE_PREFIX, storageAvailable } from './offline-caches';

type OwnerHint = Pick<Persistence, 'readDownloadsOwner' | 'writeDownloadsOwner'>;

let queue: Promise<void> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  queue = queue.then(work, work);
  return queue;
}

/** Another account's downloads (or a version's that kept no owner) go; `account` owns what is left. */
export function claimDownloads(hint: OwnerHint, account: string): Promise<void> {
  return inTurn(async () => {
    if (!storageAvailable() || hint.readDownloadsOwner() === account) return;
    const { claimOwnership } = await import('./owner-store');
    await claimOwnership(account);
    hint.writeDownloadsOwner(account);
  });
}

/**
 * Deletes every download, its record and its files. The hint is dropped last, so a release cut
 * short (the tab closed) runs again at the next start; without a hint, a class's cache left by
 * an earlier version is reason enough.
 */
export function releaseDownloads(hint: OwnerHint): Promise<void> {
  return inTurn(async () => {
    if (!storageAvailable()) return;
    if (hint.readDownloadsOwner() === null && !(await caches.keys()).some((name) => name.startsWith(OFFLINE_CACHE_PREFIX))) return;
    const { releaseOwnership } = await import('./owner-store');
    await releaseOwnership();
    hint.writeDownloadsOwner(null);
  });
}

/** How many classes `account` holds on this browser: what signing out would remove. */
export async function downloadsHeld(hint: OwnerHint, account: string): Promise<number> {
  if (!storageAvailable() || hint.readDownloadsOwner() !== account) return 0;
  const { countHeld } = await import('./owner-store');
  return countHeld(account);
}
