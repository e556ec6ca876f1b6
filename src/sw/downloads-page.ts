// /downloads drawn by the service worker offline (docs/decisions/050): the app shell it answers
// /downloads with is given the page's markup with this device's downloads already in it, from the
// build's templates (./downloads-templates.ts), each row's slots filled from the records. The app
// then hydrates that markup and its downloads machine starts with the same list (written beside it
// as JSON, src/features/downloads/early-list.ts), so nothing is redrawn. Online, with nothing to list,
// or on any failure, the shell goes out as it came.
import { DRAWN_DOWNLOADS_ID, type DrawnDownloads } from '@features/downloads/early-list';
import { licenceExpired, type DownloadRecord } from '@domain/downloads';
import { chooseLocale } from '@domain/locales';
import { routes } from '@domain/routes';
import { withManifestOf } from '@domain/web-app-manifest';
import type { DownloadsPages, DownloadsSlot } from './downloads-templates';

export type StorageUse = NonNullable<DrawnDownloads['storage']>;

/** What a drawn page needs from this device: the worker's (./device.ts), or a test's. */
export interface Device {
  offline(): boolean;
  /** The browser's languages, in its order of preference. */
  languages(): readonly string[];
  /** The records while an account owns them, newest first. */
  downloads(): Promise<DownloadRecord[]>;
  storage(): Promise<StorageUse | null>;
  /** The language chosen in the app (the cookie it writes beside its storage), if any. */
  storedLanguage(): Promise<string | null>;
  /** A precached file's text, or null. */
  precachedText(url: string): Promise<string | null>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
export const escapeHtml = (text: string): string => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const megabytes = (language: string, bytes: number): string => new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000);

/** Fills every slot of `template` in one pass (a value is never read again for slots). */
function fillSlots(template: string, slots: DownloadsPages['slots'], values: Partial<Record<DownloadsSlot, string>>): string {
  const byToken = new Map<string, string>();
  for (const [name, value] of Object.entries(values) as [DownloadsSlot, string][]) byToken.set(slots[name], value);
  return template.replace(new RegExp([...byToken.keys()].join('|'), 'g'), (token) => byToken.get(token) ?? token);
}

/**
 * The shell's HTML with /downloads drawn in `language` from `list`, or null when there is nothing
 * to draw (no template for the language, no download, a shell without an empty #root).
 */
export function drawDownloadsPage(shell: string, pages: DownloadsPages | null, list: DrawnDownloads, language: string, now: number): string | null {
  const page = pages?.pages[language];
  const root = '<div id="root"></div>';
  if (!pages || !page || list.downloads.length === 0 || !shell.includes(root)) return null;
  const { slots } = pages;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const rows = list.downloads.map((record) => {
    const kind = !record.complete ? 'incomplete' : licenceExpired(record, new Date(now)) ? 'expired' : 'playable';
    const values: Partial<Record<DownloadsSlot, string>> = {
      id: escapeHtml(encodeURIComponent(record.classId)),
      title: escapeHtml((language === 'es' ? record.title?.es : record.title?.en) ?? ''),
      quality: escapeHtml(record.quality),
      size: escapeHtml(megabytes(language, record.bytes)),
    };
    if (kind === 'playable') values.date = escapeHtml(date.format(new Date(record.expiresAt)));
    return fillSlots(page.rows[kind], slots, values);
  });
  const storage = list.storage
    ? fillSlots(page.storage, slots, { used: escapeHtml(megabytes(language, list.storage.usage)), free: escapeHtml(megabytes(language, Math.max(0, list.storage.quota - list.storage.usage))) })
    : '';
  const markup = page.root.replace(pages.marks.storage, () => storage).replace(pages.marks.rows, () => rows.join(''));
  // JSON in a script element: `<` escaped, so no text in it can close the element.
  const data = JSON.stringify({ downloads: list.downloads, storage: list.storage } satisfies DrawnDownloads).replace(/</g, '\\u003c');
  // The presses held from the start; the session and language checked once the document is
  // parsed, before anything is drawn (scripts/prerender.ts).
  const hold = pages.holdScript ? `<script>${pages.holdScript}</script>` : '';
  return withManifestOf(shell, language)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('<head>', () => `<head>\n    ${hold}<script type="module" blocking="render">${pages.script}</script>`)
    .replace(root, () => `<div id="root" data-prerendered="${routes.downloads.path}" data-app-start="now">${markup}</div><script type="application/json" id="${DRAWN_DOWNLOADS_ID}">${data}</script>`);
}

/**
 * The page with the shell's stylesheet in a <style> at the end of its body and its <link>
 * disabled, or null when the page has no such link or body. Linked, the stylesheet was asked of
 * this worker once the page was parsed up to it, and Chromium's parser, having yielded as it
 * entered <body>, parsed the list only after it came from Cache Storage and a first, empty frame
 * was drawn; in the head, its text was parsed before the list (decision 050). After the list
 * nothing is drawn without it: the first frame waits for the render-blocking module script.
 */
export function withStylesheetInline(html: string, stylesheet: { href: string }, css: string): string | null {
  const link = new RegExp(`<link rel="stylesheet"[^>]* href="${stylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
  if (!link.test(html) || !html.includes('</body>')) return null;
  // The link stays, disabled (never fetched), so that the app's loader, which adds a chunk's
  // stylesheet unless a link to it is in the page, does not load it a second time.
  return html.replace(link, (tag) => tag.replace(/>$/, ' disabled>')).replace('</body>', () => `<style>${css}</style></body>`);
}

const quoted = (hash: string): string => ` '${hash}'`;

/**
 * The shell's policy with the before-paint scripts allowed by their hashes (as the server does for
 * its pre-rendered pages), and the templates' style attributes (a poster's colour) by theirs.
 */
function withPageHashes(policy: string, pages: DownloadsPages, stylesheetInline: boolean): string {
  return policy
    .replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${sources}${pages.holdScriptHash ? quoted(pages.holdScriptHash) : ''}${quoted(pages.scriptHash)}`)
    .replace(/style-src ([^;]*)/, (_, sources: string) => {
      const styles = pages.styleHashes;
      return `style-src ${sources}${stylesheetInline && pages.stylesheet ? quoted(pages.stylesheet.hash) : ''}${styles.length ? ` 'unsafe-hashes'${styles.map(quoted).join('')}` : ''}`;
    });
}

type DeviceReading = [DownloadRecord[], StorageUse | null, string | null, string | null];

/** What the worker answers a /downloads navigation with: `prepare` as its handling starts, `respond` with the precached shell. */
export interface DownloadsPage {
  prepare(request: Request): void;
  respond(shell: Response | undefined, request?: Request): Promise<Response | undefined>;
}

export function downloadsPage(pages: DownloadsPages | null, device: Device): DownloadsPage {
  // The stylesheet's text, read from the precache once for the worker's life (its name is hashed:
  // the same bytes until a new worker, with new templates, comes).
  let stylesheetText: Promise<string | null> | null = null;
  const readStylesheet = (): Promise<string | null> => {
    if (!pages?.stylesheet) return Promise.resolve(null);
    stylesheetText ??= device.precachedText(pages.stylesheet.href).then(
      (text) => {
        if (text === null) stylesheetText = null;
        return text;
      },
      () => {
        stylesheetText = null;
        return null;
      },
    );
    return stylesheetText;
  };
  /** What a drawn page needs from this device, read once per navigation. */
  const readDevice = (): Promise<DeviceReading> => Promise.all([device.downloads(), device.storage(), device.storedLanguage(), readStylesheet()]);
  // Started as the navigation's handling starts, in parallel with the precache lookup.
  const started = new WeakMap<Request, Promise<DeviceReading>>();

  return {
    prepare(request) {
      if (!device.offline()) return;
      const reading = readDevice();
      reading.catch(() => {});
      started.set(request, reading);
    },
    async respond(shell, request) {
      if (!shell?.ok || !device.offline()) return shell;
      try {
        const reading = (request && started.get(request)) ?? readDevice();
        const [text, [downloads, storage, stored, css]] = await Promise.all([shell.clone().text(), reading]);
        const language = chooseLocale([stored, ...device.languages()]);
        let html = drawDownloadsPage(text, pages, { downloads, storage }, language, Date.now());
        if (html === null || !pages) return shell;
        const headers = new Headers(shell.headers);
        const policy = headers.get('content-security-policy');
        // Inline only where the policy can allow it by its hash (a style-src of its own).
        const inline = pages.stylesheet && css !== null && (!policy || /(^|;)\s*style-src /.test(policy)) ? withStylesheetInline(html, pages.stylesheet, css) : null;
        if (policy) headers.set('content-security-policy', withPageHashes(policy, pages, inline !== null));
        if (inline !== null) html = inline;
        headers.delete('content-length');
        // No Cross-Origin-Opener-Policy on this page, offline only (decision 050): with it Chromium
        // gives each new window a browsing context group and a process of its own, about 35 ms of
        // every offline launch; the pages the server sends keep it.
        headers.delete('cross-origin-opener-policy');
        headers.set('content-language', language);
        return new Response(html, { status: 200, statusText: 'OK', headers });
      } catch {
        return shell;
      }
    },
  };
}
