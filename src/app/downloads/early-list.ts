// /downloads opened as the app starts (the installed app offline, typically): its list is read
// from IndexedDB while the app starts, in parallel with it, instead of after its screen has
// loaded (docs/decisions/047). The page's first load takes that read; any write to the downloads
// (src/app/downloads/store.ts) drops one not yet taken, so it is never older than the store.
import type { DownloadRecord } from '@domain/downloads';

let early: Promise<DownloadRecord[]> | null = null;

/** Starts `read` (the store's list, loaded by the caller: the store imports this module). */
export function readDownloadsEarly(read: () => Promise<DownloadRecord[]>): void {
  early = read();
  // Taken later (or never, when the page redirects): a failure is the page's to report then.
  early.catch(() => {});
}

/** The list read as the app started, once; null when there is none (read it now). */
export function takeEarlyDownloads(): Promise<DownloadRecord[]> | null {
  const taken = early;
  early = null;
  return taken;
}

export function forgetEarlyDownloads(): void {
  early = null;
}
