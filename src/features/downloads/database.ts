// This browser's downloads database (docs/decisions/040, 038): one record per downloaded class,
// and the account they all belong to (the `owner` store's one entry). Every read and write of a
// record goes through a transaction that also reads the owner, so a record is never read for,
// nor written by, an account that does not own this browser's downloads.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DownloadRecord } from '@domain/downloads';

/** Read by the service worker too (src/sw/device.ts, through readOwnedRecords below). */
export const DATABASE = 'fitstream-downloads';
export const RECORDS = 'downloads';
export const OWNER = 'owner';
export const OWNER_KEY = 'account';

interface DownloadsSchema extends DBSchema {
  [RECORDS]: { key: string; value: DownloadRecord };
  [OWNER]: { key: string; value: string };
}

export type DownloadsDatabase = IDBPDatabase<DownloadsSchema>;

let database: Promise<DownloadsDatabase> | null = null;

export function downloadsDatabase(): Promise<DownloadsDatabase> {
  database ??= openDB<DownloadsSchema>(DATABASE, 2, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) db.createObjectStore(RECORDS, { keyPath: 'classId' });
      // Version 1 kept no owner: its records cannot be told apart from another account's, so they
      // go (with their files, at the first claim: ownership.ts).
      else void transaction.objectStore(RECORDS).clear();
      db.createObjectStore(OWNER);
    },
  });
  return database;
}

/** Newest first, as /downloads lists them. */
export const newestFirst = (a: DownloadRecord, b: DownloadRecord): number => b.savedAt.localeCompare(a.savedAt);

/**
 * Every record, newest first, while an account owns them; none while no account does (released at
 * sign-out, or half released: decision 038). For the service worker, which does not know who is
 * signed in: it never creates nor upgrades the database (that is the app's to do, above), and
 * closes it at once, so that it never holds up the app's upgrade.
 */
export async function readOwnedRecords(): Promise<DownloadRecord[]> {
  let db: DownloadsDatabase;
  try {
    db = await openDB<DownloadsSchema>(DATABASE, undefined, { upgrade: (_db, _old, _new, transaction) => transaction.abort() });
  } catch {
    // Aborted above: nothing was ever downloaded here.
    return [];
  }
  try {
    if (!db.objectStoreNames.contains(RECORDS) || !db.objectStoreNames.contains(OWNER)) return [];
    const tx = db.transaction([OWNER, RECORDS], 'readonly');
    const [owner, records] = await Promise.all([tx.objectStore(OWNER).get(OWNER_KEY), tx.objectStore(RECORDS).getAll(), tx.done]);
    return typeof owner === 'string' ? records.sort(newestFirst) : [];
  } finally {
    db.close();
  }
}
