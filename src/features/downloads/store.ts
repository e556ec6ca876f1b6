// Where downloads live on this device (docs/decisions/040): the files in Cache Storage, one cache
// per class under its local URLs (`/offline/<class>/…`, answered by the service worker,
// src/sw/offline.ts), and a small IndexedDB record per download (./database.ts), read and
// written only for the account that owns them (docs/decisions/038, ./ownership.ts).
import { unsignedPath } from '@domain/media-urls';
import { downloadParts, localChaptersUrl, localMaster, localMasterUrl, type DownloadFiles, type DownloadPart, type DownloadRecord } from '@domain/downloads';
import { SUPPORTED_LOCALES } from '@domain/locales';
import { downloadsDatabase, newestFirst, OWNER, OWNER_KEY, RECORDS } from './database';
import { cacheName, storageAvailable } from './offline-caches';
import { forgetEarlyDownloads } from './early-list';

/** Several files at once: one connection's latency does not idle the download. */
const PARALLEL = 4;
const PROGRESS_MS = 50;

/** What `read` finds in the records, when `account` owns them; else `empty` (another account's are never read). */
async function ownedRead<T>(account: string | null, empty: T, read: (records: { get(key: string): Promise<DownloadRecord | undefined>; getAll(): Promise<DownloadRecord[]> }) => Promise<T>): Promise<T> {
  if (!storageAvailable() || account === null) return empty;
  const tx = (await downloadsDatabase()).transaction([OWNER, RECORDS], 'readonly');
  const [owner, found] = await Promise.all([tx.objectStore(OWNER).get(OWNER_KEY), read(tx.objectStore(RECORDS))]);
  return owner === account ? found : empty;
}

export async function readRecord(account: string | null, classId: string): Promise<DownloadRecord | null> {
  return ownedRead(account, null, async (records) => (await records.get(classId)) ?? null);
}

/**
 * The stored master playlist and its (one) rendition's playlist, read straight from the class's
 * cache (no round trip through the worker): the player answers them from memory (docs/decisions/046).
 */
export async function readFirstPlaylists(classId: string): Promise<{ url: string; body: string }[]> {
  // caches.match with a cache name, not caches.open: a class never downloaded gets no empty cache.
  const stored = (url: string) => caches.match(url, { cacheName: cacheName(classId) });
  const masterUrl = localMasterUrl(classId);
  const master = await (await stored(masterUrl))?.text();
  if (master === undefined) return [];
  const rendition = master.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!rendition) return [{ url: masterUrl, body: master }];
  const renditionUrl = new URL(rendition.trim(), new URL(masterUrl, 'http://local')).pathname;
  const body = await (await stored(renditionUrl))?.text();
  return body === undefined ? [{ url: masterUrl, body: master }] : [{ url: masterUrl, body: master }, { url: renditionUrl, body }];
}

/** The chapters tracks stored with a class (a download made before they were part of one has none). */
export async function readChapterTracks(classId: string): Promise<{ language: string; url: string }[]> {
  const found = await Promise.all(
    SUPPORTED_LOCALES.map(async (language) => {
      const url = localChaptersUrl(classId, language);
      return (await caches.match(url, { cacheName: cacheName(classId) })) ? { language, url } : null;
    }),
  );
  return found.filter((track) => track !== null);
}

export async function listRecords(account: string | null): Promise<DownloadRecord[]> {
  const all = await ownedRead(account, [], (records) => records.getAll());
  return all.sort(newestFirst);
}

/** Keeps `record` for `account`; refused (and nothing written) once another account, or none, owns the downloads. */
export async function writeRecord(account: string | null, record: DownloadRecord): Promise<void> {
  forgetEarlyDownloads();
  const tx = (await downloadsDatabase()).transaction([OWNER, RECORDS], 'readwrite');
  if (account === null || (await tx.objectStore(OWNER).get(OWNER_KEY)) !== account) {
    tx.abort();
    throw new Error('download: this browser\'s downloads belong to another account now');
  }
  await Promise.all([tx.objectStore(RECORDS).put(record), tx.done]);
}

/** Deletes a class's files and record from this device. */
export async function deleteStored(classId: string): Promise<void> {
  if (!storageAvailable()) return;
  forgetEarlyDownloads();
  await caches.delete(cacheName(classId));
  await (await downloadsDatabase()).delete(RECORDS, classId);
}

/** The local paths a class's cache holds: one listing, not a lookup per file (a class has hundreds). */
async function storedPaths(cache: Cache): Promise<Set<string>> {
  return new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
}

/** The local paths stored for a class, without creating its cache (read while its licence is asked for). */
export async function storedFiles(classId: string): Promise<Set<string>> {
  if (!storageAvailable() || !(await caches.has(cacheName(classId)))) return new Set();
  return storedPaths(await caches.open(cacheName(classId)));
}

/** Bytes of the files not yet stored (what a resumed download still needs), given what is stored. */
export function missingBytes(classId: string, files: DownloadFiles, stored: Set<string>): number {
  return downloadParts(classId, files)
    .filter((part) => !stored.has(part.local))
    .reduce((sum, part) => sum + part.bytes, 0);
}

export interface FetchProgress {
  bytesDone: number;
  bytesTotal: number;
}

/** A file's path whatever grant opens it (a head start's and a licence's URLs of one file differ in their grant only). */
const pathOf = (url: string): string => unsignedPath(new URL(url, 'http://local').pathname);

/**
 * A class's first files, fetched while its licence is asked for (the panel's head start,
 * docs/decisions/051): answers in memory, stored by `fetchDownload` only once the licence is
 * issued; `abort` drops what is not taken.
 */
export interface FetchedAhead {
  responses: Map<string, Promise<Response>>;
  abort(): void;
}

export function fetchAhead(urls: readonly string[]): FetchedAhead {
  const controller = new AbortController();
  const responses = new Map(
    urls.map((url) => {
      const response = fetch(url, { signal: controller.signal, credentials: 'same-origin' });
      response.catch(() => {});
      return [pathOf(url), response] as const;
    }),
  );
  return { responses, abort: () => controller.abort() };
}

/** The file's answer fetched ahead: null when it was not, or did not come whole (it is fetched with the licence's URL then). */
async function takeAhead(ahead: Promise<Response>): Promise<Response | null> {
  const response = await ahead.catch(() => null);
  return response?.ok && response.body ? response : null;
}

/** Fetches one file (or takes it fetched ahead) and stores it once `writable` gives the class's cache (after the record's first write). */
async function storePart(writable: Promise<Cache>, part: DownloadPart, signal: AbortSignal, counted: (bytes: number) => void, ahead?: FetchedAhead): Promise<void> {
  const path = pathOf(part.url);
  const early = ahead?.responses.get(path);
  ahead?.responses.delete(path);
  // A file not fetched ahead is asked for at once, in this task (not after a render the progress scheduled).
  const response = (early && (await takeAhead(early))) ?? (await fetch(part.url, { signal, credentials: 'same-origin' }));
  if (!response.ok || !response.body) throw new Error(`download: ${response.status} for ${part.local}`);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  // The body goes into the cache as it arrives (the page never gathers a file's bytes), counted on its way.
  const counting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      counted(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
  await (await writable).put(part.local, new Response(response.body.pipeThrough(counting), { headers: { 'content-type': type } }));
}

/**
 * Stores every file of `files` not stored yet (and the master playlist, rewritten to the local
 * URLs), reporting progress; the record's `done` list grows as files land, so a reload resumes.
 */
export async function fetchDownload(
  account: string | null,
  record: DownloadRecord,
  files: DownloadFiles,
  signal: AbortSignal,
  progress: (progress: FetchProgress) => void,
  ahead: { stored?: Set<string>; recorded?: Promise<void>; fetched?: FetchedAhead } = {},
): Promise<DownloadRecord> {
  // What was fetched ahead and not taken is dropped when the download ends or is cancelled.
  const { fetched } = ahead;
  signal.addEventListener('abort', () => fetched?.abort(), { once: true });
  try {
    return await storeAll(account, record, files, signal, progress, ahead);
  } finally {
    fetched?.abort();
  }
}

async function storeAll(
  account: string | null,
  record: DownloadRecord,
  files: DownloadFiles,
  signal: AbortSignal,
  progress: (progress: FetchProgress) => void,
  ahead: { stored?: Set<string>; recorded?: Promise<void>; fetched?: FetchedAhead },
): Promise<DownloadRecord> {
  const { classId } = record;
  // Opened while the first files are fetched: nothing is written to it before one is in.
  const opening = caches.open(cacheName(classId));
  const parts = downloadParts(classId, files);
  // What is stored: read while the licence was asked for (`ahead.stored`), or now.
  const stored = ahead.stored ?? (await storedPaths(await opening));
  // The record's first write (`ahead.recorded`) lands before any file: a reload finds the files' record.
  const recorded = ahead.recorded ?? Promise.resolve();
  const writable = Promise.all([opening, recorded]).then(([cache]) => cache);
  const done = new Set(parts.filter((part) => stored.has(part.local)).map((part) => part.local));
  let bytesDone = parts.filter((part) => done.has(part.local)).reduce((sum, part) => sum + part.bytes, 0);
  const bytesTotal = files.total_bytes;
  let current: DownloadRecord = { ...record, done: [...done], fileCount: parts.length + 1, bytes: bytesTotal };
  progress({ bytesDone, bytesTotal });
  // The record follows the files without holding the next fetch back: one write at a time, of
  // the newest state (a resume reads what the cache holds, not this list). The master playlist
  // and the record's first write go alongside the first files, not before them.
  const master = writable.then((cache) => cache.put(localMasterUrl(classId), new Response(localMaster(classId, files.master_playlist), { headers: { 'content-type': 'application/vnd.apple.mpegurl' } })));
  let saving: Promise<void> = recorded.then(() => writeRecord(account, current));
  let queued = false;
  const save = () => {
    if (queued) return;
    queued = true;
    saving = saving.then(() => {
      queued = false;
      return writeRecord(account, current);
    });
  };
  // Progress at most every PROGRESS_MS: a bar's steps, not a render per chunk.
  let reported = performance.now();
  // The files fetched ahead are stored as they come, beside the others fetched PARALLEL at a time.
  const missing = parts.filter((part) => !done.has(part.local));
  const fetchedAhead = missing.filter((part) => ahead.fetched?.responses.has(pathOf(part.url)));
  const queue = missing.filter((part) => !fetchedAhead.includes(part));
  const counted = (bytes: number) => {
    bytesDone = Math.min(bytesTotal, bytesDone + bytes);
    const now = performance.now();
    if (now - reported < PROGRESS_MS) return;
    reported = now;
    progress({ bytesDone, bytesTotal });
  };
  const store = async (part: DownloadPart) => {
    await storePart(writable, part, signal, counted, ahead.fetched);
    done.add(part.local);
    current = { ...current, done: [...done] };
    save();
  };
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await store(part);
  };
  await Promise.all([master, ...fetchedAhead.map(store), ...Array.from({ length: PARALLEL }, worker)]);
  // The complete record is the newest state: a write still queued writes it (no second write
  // after it), and one under way is followed by it.
  current = { ...current, complete: true, savedAt: new Date().toISOString() };
  save();
  await saving;
  progress({ bytesDone: bytesTotal, bytesTotal });
  return current;
}

/** Storage used and free for this site, as the browser says (null where it does not). */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}
