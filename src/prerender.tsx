// Build time only (scripts/prerender.ts loads it through Vite's SSR): a public page as a
// signed-out visitor first sees it, in one language, before any API answer. main.tsx hydrates
// this markup with the same tree (docs/decisions/042), so it must render exactly what the
// browser's first render does: the session restored to "visitor", the catalogue loaded.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { waitFor } from 'xstate';
import { createIntl } from '@formatjs/intl';
import type { Api } from '@api/calls';
import { loadMessages, type AppLocale } from '@i18n';
import type { DownloadRecord } from '@domain/downloads';
import { routes, type RouteName } from '@domain/routes';
import { DOWNLOADS_MARKS, DOWNLOADS_SLOTS, type DownloadsTemplate } from './sw/downloads-templates';
import { createAppActors } from './app/actors';
import { drawnWith } from '@features/downloads';
import { App } from './app/app';
import { loadScreenAt } from './app/flow-screens';
import { createPersistence, memoryStorage } from './lib/persistence';
import { routeTitles } from './app/route-titles';
import type { PriceRange } from '@domain/plans';
import { drawnWithPriceRange } from './lib/drawn-price-range';

/** Every call stays pending: the page shows what it shows before any answer arrives. */
const pendingApi = new Proxy({}, { get: () => () => new Promise(() => undefined) }) as Api;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title: "<page> · FitStream". */
  title: string;
}

/**
 * The page at `pathname` in `language`, as main.tsx's first render in a browser draws it (for a
 * visitor, or for a signed-in account whose membership is not known yet with `signedIn`).
 * Null when a part of the page keeps suspending (it is then left to the app shell). `priceRange`:
 * the range a priced page (the landing) quotes.
 */
/** A signed-in page's profile: the owner's, so every signed-in page draws (the navbar draws no profile until hydrated). */
const TEMPLATE_PROFILE = { id: 'template', name: 'template', image: null, language: 'en', owner: true, locked: false } as const;

export async function renderPage(pathname: string, language: AppLocale, { signedIn = false, priceRange = null }: { signedIn?: boolean; priceRange?: PriceRange | null } = {}): Promise<RenderedPage | null> {
  // A priced page's template: drawn with a range, whose amounts the server replaces (docs/decisions/063).
  drawnWithPriceRange(priceRange);
  const persistence = createPersistence({ local: memoryStorage(), session: memoryStorage() }, () => '00000000-0000-4000-8000-000000000000');
  persistence.writeLanguage(language);
  if (signedIn) persistence.writeSession({ user: { email: 'template@fitstream.invalid', token: 'template', profile: TEMPLATE_PROFILE }, remember: true });
  const actors = createAppActors({ api: pendingApi, persistence });
  actors.start();
  await waitFor(actors.session, (snapshot) => !snapshot.matches('restoring'));
  // The screen drawn at once (the route draws a spinner while its screen loads, src/app/router.tsx).
  const [messages] = await Promise.all([loadMessages(language), loadScreenAt(pathname)]);
  const errors: unknown[] = [];
  const render = async () =>
    readAll(
      (
        await prerender(
          <StrictMode>
            <App actors={actors} ssrPath={pathname} />
          </StrictMode>,
          // React outlines a boundary whose markup passes this size (12,800 bytes by default) as a
          // hidden template and an inline script to reveal it, which the CSP blocks: the Spanish
          // sign-up form, its country list longer than in English, was left to the app shell.
          { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
        )
      ).prelude,
    );
  // The first render loads the lazy screens; a boundary that resolved late would come as a
  // hidden template and an inline script to reveal it (which the CSP blocks). A render that
  // finds every screen loaded gives plain markup.
  const streaming = (markup: string) => markup.includes('<script') || markup.includes('<template');
  let html = await render();
  for (let attempt = 0; attempt < 4 && streaming(html); attempt += 1) html = await render();
  // A screen that cannot render without a browser would be drawn by the client instead: a flash.
  if (errors.length > 0) throw new Error(`prerender ${pathname} (${language}): ${String(errors[0])}`, { cause: errors[0] });
  actors.stop();
  if (streaming(html)) return null;
  const name = (Object.keys(routes) as RouteName[]).find((route) => routes[route].path === pathname);
  const intl = createIntl({ locale: language, defaultLocale: 'en', messages, onError: () => undefined });
  const page = name ? intl.formatMessage(routeTitles[name]) : null;
  return { html, title: page ? `${page} · FitStream` : 'FitStream' };
}

/** What the worker fills in, and where (src/sw/downloads-templates.ts): read with this module by the build. */
export { DOWNLOADS_MARKS, DOWNLOADS_SLOTS };
export type { DownloadsTemplate };

const SAMPLE_BYTES = 987_654_321;
const SAMPLE_EXPIRY = '2099-06-15T12:00:00.000Z';
const SAMPLE_STORAGE = { usage: 111_111_111, quota: 333_333_333 };

function sample(classId: string, complete: boolean, expiresAt: string): DownloadRecord {
  const { title, quality } = DOWNLOADS_SLOTS;
  return { classId, title: { en: title, es: title }, quality, bytes: SAMPLE_BYTES, licenceId: classId, expiresAt, done: [], fileCount: 1, complete, positionSeconds: 0, durationSeconds: 60, savedAt: SAMPLE_EXPIRY };
}

/** Replaces every `text` in `html` with `slot`, and fails the build when there is none. */
function slotted(html: string, text: string, slot: string, where: string): string {
  if (!html.includes(text)) throw new Error(`prerender /downloads: "${text}" not found in ${where}`);
  return html.split(text).join(slot);
}

/**
 * /downloads in `language` with one download of each kind and a storage line, drawn by the app
 * itself (as renderPage), then cut: the rows and the storage line become templates whose
 * formatted values (size, date, MB) are slots, formatted again by the worker with the same Intl.
 */
export async function renderDownloadsTemplate(language: AppLocale): Promise<DownloadsTemplate> {
  drawnWith({ downloads: [sample('fsslotplayable', true, SAMPLE_EXPIRY), sample('fsslotincomplete', false, SAMPLE_EXPIRY), sample('fsslotexpired', true, '2000-01-01T00:00:00.000Z')], storage: SAMPLE_STORAGE });
  let page: RenderedPage | null;
  try {
    page = await renderPage(routes.downloads.path, language, { signedIn: true });
  } finally {
    drawnWith(null);
  }
  if (!page) throw new Error(`prerender /downloads (${language}) did not settle`);
  const megabytes = (bytes: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(SAMPLE_EXPIRY));
  const list = /(<ul class="downloads__list"[^>]*>)([\s\S]*?)(<\/ul>)/.exec(page.html);
  const storage = /<p data-testid="downloads-storage"[^>]*>[\s\S]*?<\/p>/.exec(page.html);
  if (!list || !storage) throw new Error(`prerender /downloads (${language}): no list or storage line`);
  const rows = list[2]!.match(/<li\b[\s\S]*?<\/li>/g) ?? [];
  if (rows.length !== 3) throw new Error(`prerender /downloads (${language}): ${rows.length} rows drawn, 3 expected`);
  const row = (html: string, id: string, withDate: boolean) => {
    const filled = slotted(slotted(html, id, DOWNLOADS_SLOTS.id, id), megabytes(SAMPLE_BYTES), DOWNLOADS_SLOTS.size, id);
    return withDate ? slotted(filled, date, DOWNLOADS_SLOTS.date, id) : filled;
  };
  // React hints the samples' posters to the browser ahead of the page (<link rel=preload>): the
  // rows' own images load them, so the hints for posters that do not exist go.
  const root = page.html
    .replace(/<link rel="preload" as="image" href="\/offline\/fsslot[a-z]+\/poster\.jpg"\/>/g, '')
    .replace(storage[0], DOWNLOADS_MARKS.storage)
    .replace(list[0], `${list[1]}${DOWNLOADS_MARKS.rows}${list[3]}`);
  if (root.includes('fsslot')) throw new Error(`prerender /downloads (${language}): a sample's id outside its row`);
  const storageLine = slotted(slotted(storage[0], megabytes(SAMPLE_STORAGE.usage), DOWNLOADS_SLOTS.used, 'storage'), megabytes(SAMPLE_STORAGE.quota - SAMPLE_STORAGE.usage), DOWNLOADS_SLOTS.free, 'storage');
  return {
    title: page.title,
    root,
    storage: storageLine,
    rows: { playable: row(rows[0]!, 'fsslotplayable', true), incomplete: row(rows[1]!, 'fsslotincomplete', false), expired: row(rows[2]!, 'fsslotexpired', false) },
  };
}
