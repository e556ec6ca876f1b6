// This browser's downloads database (docs/decisions/040, 038): one record per downloaded class,
// and the account they all belong to (the `owner` store's one entry). Every read and write of a
// record goes through a transaction that also reads the owner, so a record is never read for,
// nor written by, an account that does not own this browser's downloads.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DownloadRecord } from '@domain/downloads';

/** Read by the service worker too (public/sw-downloads.js): the names and the owner's key are part of its contract. */
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
