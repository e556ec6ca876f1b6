// /downloads opened as the app starts (the installed app offline, typically): its list is read
// from IndexedDB while the app starts, in parallel with it, instead of after its screen has
// loaded (docs/decisions/047). The page's first load takes that read; any write to the downloads
// (src/features/downloads/store.ts) drops one not yet taken, so it is never older than the store.
// Offline, the service worker may already have drawn the list into the page (src/sw/downloads-page.ts,
// docs/decisions/050): the list it drew is kept here for the downloads machine's first render,
// which must draw the same thing for the app to take the page over without a change.
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
  drawn = null;
}

/** What the page was drawn with before the app started. */
export interface DrawnDownloads {
  downloads: DownloadRecord[];
  storage: { usage: number; quota: number } | null;
}

let drawn: DrawnDownloads | null = null;

/** Where the service worker puts the list it drew (JSON, never run: the CSP allows no inline script but its own). The worker imports this module: no DOM types in it. */
export const DRAWN_DOWNLOADS_ID = 'fitstream-drawn-downloads';

/** Remembers the list the page was drawn with (the worker's, in the browser; the template's, at build time). */
export function drawnWith(list: DrawnDownloads | null): void {
  drawn = list;
}

/** The list the page was drawn with, until the downloads machine has read its own. */
export function drawnDownloads(): DrawnDownloads | null {
  return drawn;
}

export function forgetDrawnDownloads(): void {
  drawn = null;
}

/** The list the worker wrote into `document` beside the page it drew, or null (none, or unreadable). */
export function readDrawnDownloads(document: { getElementById(id: string): { textContent: string | null } | null }): DrawnDownloads | null {
  const text = document.getElementById(DRAWN_DOWNLOADS_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DrawnDownloads>;
    return Array.isArray(value.downloads) ? { downloads: value.downloads, storage: value.storage ?? null } : null;
  } catch {
    return null;
  }
}
