// What the build gives the service worker to draw /downloads offline (docs/decisions/050): the
// app's own /downloads, drawn in each language by src/prerender.tsx and cut into templates whose
// slots the worker fills (./downloads-page.ts), with the scripts and hashes the page needs.
// Built by scripts/prerender.ts, handed to the worker's build as a module (vite.config.ts).

/** What the worker fills in a drawn /downloads: each a plain token. */
export const DOWNLOADS_SLOTS = { id: 'FSSLOT_ID', title: 'FSSLOT_TITLE', quality: 'FSSLOT_QUALITY', size: 'FSSLOT_SIZE', date: 'FSSLOT_DATE', used: 'FSSLOT_USED', free: 'FSSLOT_FREE' } as const;
/** Where the storage line and the rows go in the template's #root. */
export const DOWNLOADS_MARKS = { storage: '<!--fs:storage-->', rows: '<!--fs:rows-->' } as const;

export type DownloadsSlot = keyof typeof DOWNLOADS_SLOTS;

/** /downloads as the app's first render draws it offline with a list, cut into the parts the worker fills. */
export interface DownloadsTemplate {
  title: string;
  /** #root's markup, with DOWNLOADS_MARKS where the storage line and the rows go. */
  root: string;
  /** The storage line, with the used and free slots. */
  storage: string;
  /** A row per kind of download: playable (licence valid until the date slot), not finished, licence expired. */
  rows: { playable: string; incomplete: string; expired: string };
}

/** Everything the worker needs to draw /downloads offline, in every language. */
export interface DownloadsPages {
  pages: Partial<Record<string, DownloadsTemplate>>;
  slots: typeof DOWNLOADS_SLOTS;
  marks: typeof DOWNLOADS_MARKS;
  /** First in <head>: holds the presses made before the app is up (scripts/prerender.ts). */
  holdScript: string;
  holdScriptHash: string;
  /** The render-blocking check of the session and language (scripts/prerender.ts). */
  script: string;
  scriptHash: string;
  /** The hashes of the templates' style attributes (a poster's colour). */
  styleHashes: string[];
  /** The shell's stylesheet, to put in the page (null: it stays a link). */
  stylesheet: { href: string; hash: string } | null;
}
