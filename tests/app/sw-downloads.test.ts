// The service worker's offline /downloads (public/sw-downloads.js, docs/decisions/050): the app's
// own /downloads drawn at build time as templates (src/prerender.tsx), filled by the worker's
// script from this device's records, in English and Spanish; titles and ids escaped; the page's
// data for the app's first render beside it; online or with nothing stored, the shell unchanged.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadRecord } from '@domain/downloads';
import { downloadsHoldScript, downloadsPaintScript, inlinableStylesheet, scriptHash, styleAttributeHashes } from '../../scripts/prerender';
import { DOWNLOADS_MARKS, DOWNLOADS_SLOTS, renderDownloadsTemplate, type DownloadsTemplate } from '../../src/prerender';

interface DownloadsPage {
  prepare(request: Request): void;
  respond(shell: Response, request?: Request): Promise<Response>;
  drawDownloadsPage(shell: string, pages: unknown, list: { downloads: DownloadRecord[]; storage: { usage: number; quota: number } | null }, language: string, now: number): string | null;
}

const STYLESHEET = '/assets/index-AbCd1234.css';
const CSS = 'body{margin:0}.navbar{color:#fff}';
const SHELL = `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>FitStream</title>\n    <script type="module" crossorigin src="/assets/index-x.js"></script>\n    <link rel="stylesheet" crossorigin href="${STYLESHEET}">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;
const POLICY = "default-src 'self';script-src 'self';style-src 'self'";
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

const record = (over: Partial<DownloadRecord> = {}): DownloadRecord => ({
  classId: 'sunrise-vinyasa-flow',
  title: { en: 'Sunrise Vinyasa Flow', es: 'Vinyasa del amanecer' },
  quality: '720p',
  bytes: 12_345_678,
  licenceId: 'l1',
  expiresAt: '2026-12-27T10:00:00.000Z',
  done: [],
  fileCount: 10,
  complete: true,
  positionSeconds: 0,
  durationSeconds: 600,
  savedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

/** The worker's script run as the worker would, in a scope with `navigator`, `indexedDB` and `cookieStore` as given. */
function loadWorker(pages: unknown, scope: Record<string, unknown>): DownloadsPage {
  const sandbox: Record<string, unknown> = { Intl, Date, JSON, Promise, Headers, Response, WeakMap, Boolean, encodeURIComponent, RegExp, String, Math, Object, ...scope };
  sandbox.self = sandbox;
  // The precache holds the build's stylesheet (the only thing the script asks of Cache Storage).
  if (!('caches' in scope)) sandbox.caches = { match: async (url: string) => (url === STYLESHEET ? new Response(CSS) : undefined) };
  sandbox.fitstreamDownloadsPages = pages;
  runInNewContext(readFileSync(path.join(import.meta.dirname, '../../public/sw-downloads.js'), 'utf8'), sandbox);
  return sandbox.fitstreamDownloadsPage as DownloadsPage;
}

/** An IndexedDB holding `records` in 'fitstream-downloads' for `owner` (or no such database). */
function fakeIndexedDb(records: DownloadRecord[] | null, owner: string | null = 'account-1') {
  const opened: string[] = [];
  return {
    opened,
    indexedDB: {
      open(name: string) {
        opened.push(name);
        const request: Record<string, unknown> & { transaction?: { abort(): void } } = {};
        queueMicrotask(() => {
          if (records === null) {
            let aborted = false;
            request.transaction = { abort: () => void (aborted = true) };
            (request.onupgradeneeded as () => void)();
            if (aborted) (request.onerror as () => void)();
            return;
          }
          const transaction: Record<string, unknown> = {};
          const stores: Record<string, { get?: () => unknown; getAll?: () => unknown }> = {
            owner: { get: () => ({ result: owner ?? undefined }) },
            downloads: { getAll: () => ({ result: records }) },
          };
          request.result = {
            objectStoreNames: { contains: (store: string) => store in stores },
            transaction: () => {
              queueMicrotask(() => (transaction.oncomplete as () => void)());
              return Object.assign(transaction, { objectStore: (store: string) => stores[store] });
            },
            close: () => undefined,
          };
          (request.onsuccess as () => void)();
        });
        return request;
      },
    },
  };
}

describe('the worker draws /downloads offline from the build-time templates', () => {
  const templates: Record<string, DownloadsTemplate> = {};
  let pages: unknown;
  beforeAll(async () => {
    templates.en = await renderDownloadsTemplate('en');
    templates.es = await renderDownloadsTemplate('es');
    const script = downloadsPaintScript();
    const holdScript = downloadsHoldScript();
    pages = {
      pages: templates,
      slots: DOWNLOADS_SLOTS,
      marks: DOWNLOADS_MARKS,
      holdScript,
      holdScriptHash: scriptHash(holdScript),
      script,
      scriptHash: scriptHash(script),
      styleHashes: styleAttributeHashes(Object.values(templates)),
      stylesheet: { href: STYLESHEET, hash: scriptHash(CSS) },
    };
  }, 60_000);

  it('cuts the app’s own screen into a row of each kind, each with its slots, and the storage line', () => {
    for (const template of Object.values(templates)) {
      expect(template.root).toContain(DOWNLOADS_MARKS.rows);
      expect(template.root).toContain(DOWNLOADS_MARKS.storage);
      expect(template.root).toContain('class="navbar"');
      for (const row of Object.values(template.rows)) for (const slot of ['id', 'title', 'quality', 'size'] as const) expect(row).toContain(DOWNLOADS_SLOTS[slot]);
      expect(template.rows.playable).toContain(DOWNLOADS_SLOTS.date);
      expect(template.storage).toContain(DOWNLOADS_SLOTS.used);
    }
  });

  it('in English: each download with its poster, title, quality, size, licence and Delete, the storage line, and the data for the app', () => {
    const worker = loadWorker(pages, {});
    const downloads = [record(), record({ classId: 'core-blast', title: { en: 'Core Blast', es: 'Abdominales' }, complete: false }), record({ classId: 'old-one', title: { en: 'Old One', es: 'Antigua' }, expiresAt: '2026-11-01T00:00:00.000Z' })];
    const html = worker.drawDownloadsPage(SHELL, pages, { downloads, storage: { usage: 20_000_000, quota: 120_000_000 } }, 'en', NOW)!;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Downloads · FitStream</title>');
    expect(html).toContain('<div id="root" data-prerendered="/downloads" data-app-start="now">');
    expect(html.match(/data-testid="download-item"/g)).toHaveLength(3);
    expect(html).toContain('<h2 class="downloads__title">Sunrise Vinyasa Flow</h2>');
    expect(html).toContain('src="/offline/sunrise-vinyasa-flow/poster.jpg"');
    expect(html).toContain('href="/watch/sunrise-vinyasa-flow"');
    expect(html).toContain('720p · 12.3 MB');
    expect(html).toContain(`Licence valid until ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-12-27T10:00:00.000Z'))}`);
    expect(html).toContain('Not finished: open the class to resume the download.');
    expect(html).toContain('The licence has expired: go online to renew it.');
    expect(html).toContain('aria-label="Delete Core Blast"');
    // Play only for the playable one.
    expect(html.match(/>Play</g)).toHaveLength(1);
    expect(html).toContain('Storage: 20.0 MB used, 100.0 MB free');
    expect(html).not.toMatch(/FSSLOT_|fsslot|fs:rows|fs:storage/);
    const data = /<script type="application\/json" id="fitstream-drawn-downloads">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ downloads, storage: { usage: 20_000_000, quota: 120_000_000 } });
    // The presses held from the first byte; the session and language checked before anything is drawn.
    expect(html).toContain(`<head>\n    <script>${downloadsHoldScript()}</script><script type="module" blocking="render">${downloadsPaintScript()}</script>`);
  });

  it('in Spanish: the Spanish titles, words, numbers and dates', () => {
    const worker = loadWorker(pages, {});
    const html = worker.drawDownloadsPage(SHELL, pages, { downloads: [record()], storage: null }, 'es', NOW)!;
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Descargas · FitStream</title>');
    expect(html).toContain('<h2 class="downloads__title">Vinyasa del amanecer</h2>');
    expect(html).toContain('Calidad 720p · 12,3 MB');
    expect(html).toContain(`Licencia válida hasta el ${new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date('2026-12-27T10:00:00.000Z'))}`);
    expect(html).toContain('aria-label="Eliminar Vinyasa del amanecer"');
    expect(html).toContain('>Reproducir<');
    // No storage estimate: no storage line.
    expect(html).not.toContain('downloads-storage');
    expect(html).not.toContain('Licence valid');
  });

  it('escapes titles, qualities and ids, and never reads a filled value as a slot or a replacement pattern', () => {
    const worker = loadWorker(pages, {});
    const title = `<img src=x onerror=alert(1)> & "Tom's" FSSLOT_QUALITY $& $'`;
    const downloads = [record({ classId: 'a b/"c', title: { en: title, es: title }, quality: '<b>720p</b>' })];
    const html = worker.drawDownloadsPage(SHELL, pages, { downloads, storage: null }, 'en', NOW)!;
    const escaped = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Tom&#x27;s&quot; FSSLOT_QUALITY $&amp; $&#x27;';
    expect(html).toContain(`<h2 class="downloads__title">${escaped}</h2>`);
    expect(html).toContain(`aria-label="Delete ${escaped}"`);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;b&gt;720p&lt;/b&gt; · 12.3 MB');
    expect(html).toContain('href="/watch/a%20b%2F%22c"');
    expect(html).toContain('src="/offline/a%20b%2F%22c/poster.jpg"');
    // The JSON cannot close its script element, and reads back as stored.
    const data = /<script type="application\/json" id="fitstream-drawn-downloads">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect((JSON.parse(data) as { downloads: DownloadRecord[] }).downloads[0]!.title.en).toBe(title);
  });

  it('draws nothing without a download or a template for the language', () => {
    const worker = loadWorker(pages, {});
    expect(worker.drawDownloadsPage(SHELL, pages, { downloads: [], storage: null }, 'en', NOW)).toBeNull();
    expect(worker.drawDownloadsPage(SHELL, pages, { downloads: [record()], storage: null }, 'fr', NOW)).toBeNull();
  });

  // The shell as the server sent it, with the document headers the worker keeps or drops.
  const shell = () =>
    new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-security-policy': POLICY, 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1' } });

  it('answers offline with the page drawn in the stored language, its before-paint script allowed by hash', async () => {
    const db = fakeIndexedDb([record({ savedAt: '2026-11-01T00:00:00.000Z', classId: 'older' }), record()]);
    const worker = loadWorker(pages, {
      navigator: { onLine: false, languages: ['en-GB'], storage: { estimate: async () => ({ usage: 1_000_000, quota: 2_000_000 }) } },
      indexedDB: db.indexedDB,
      cookieStore: { get: async (name: string) => (name === 'fitstream_language' ? { value: 'es' } : null) },
    });
    const answer = await worker.respond(shell());
    const html = await answer.text();
    expect(answer.headers.get('content-language')).toBe('es');
    // The poster's colour is a style attribute: allowed by its exact hash only.
    const colour = /class="class-poster" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(colour).toMatch(/^--poster-colour:#[0-9a-f]{6}$/);
    expect(answer.headers.get('content-security-policy')).toBe(
      `default-src 'self';script-src 'self' '${scriptHash(downloadsHoldScript())}' '${scriptHash(downloadsPaintScript())}';style-src 'self' '${scriptHash(CSS)}' 'unsafe-hashes' '${scriptHash(colour)}'`,
    );
    // The stylesheet is in the page after the list, at the end of the body, allowed by its hash;
    // its link stays in the head, disabled (never fetched).
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}" disabled>`);
    expect(html).toContain(`<style>${CSS}</style></body>`);
    expect(html.indexOf('<style>')).toBeGreaterThan(html.lastIndexOf('data-testid="download-item"'));
    // Without the opener policy (decision 050), with the shell's other headers.
    expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(answer.headers.get('origin-agent-cluster')).toBe('?1');
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('Almacenamiento: 1,0 MB usados, 1,0 MB libres');
    // Newest first, as the app lists them.
    expect(html.indexOf('/watch/sunrise-vinyasa-flow')).toBeLessThan(html.indexOf('/watch/older'));
    expect(db.opened).toEqual(['fitstream-downloads']);
  });

  it('reads the device once per navigation, from the start of its handling', async () => {
    const db = fakeIndexedDb([record()]);
    const worker = loadWorker(pages, { navigator: { onLine: false, languages: ['en'] }, indexedDB: db.indexedDB });
    const request = new Request('http://localhost/downloads');
    worker.prepare(request);
    expect(db.opened).toEqual(['fitstream-downloads']);
    expect(await (await worker.respond(shell(), request)).text()).toContain('data-testid="download-item"');
    expect(db.opened).toEqual(['fitstream-downloads']);
  });

  it('without a stored language, speaks the browser’s first language it knows', async () => {
    const worker = loadWorker(pages, { navigator: { onLine: false, languages: ['fr-FR', 'es-MX', 'en'] }, indexedDB: fakeIndexedDb([record()]).indexedDB });
    expect(await (await worker.respond(shell())).text()).toContain('<html lang="es"');
  });

  it('leaves the shell as it is online, with nothing downloaded (never creating the database), or without templates', async () => {
    const online = loadWorker(pages, { navigator: { onLine: true, languages: ['en'] }, indexedDB: fakeIndexedDb([record()]).indexedDB });
    const answer = await online.respond(shell());
    expect(await answer.text()).toBe(SHELL);
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const empty = fakeIndexedDb(null);
    const nothing = loadWorker(pages, { navigator: { onLine: false, languages: ['en'] }, indexedDB: empty.indexedDB });
    expect(await (await nothing.respond(shell())).text()).toBe(SHELL);
    const untemplated = loadWorker(undefined, { navigator: { onLine: false, languages: ['en'] }, indexedDB: fakeIndexedDb([record()]).indexedDB });
    expect(await (await untemplated.respond(shell())).text()).toBe(SHELL);
  });
  it('draws nothing while no account owns the downloads (released at sign-out, or half released: docs/decisions/038)', async () => {
    const released = loadWorker(pages, { navigator: { onLine: false, languages: ['en'] }, indexedDB: fakeIndexedDb([record()], null).indexedDB });
    expect(await (await released.respond(shell())).text()).toBe(SHELL);
  });

  it('keeps the stylesheet linked when Cache Storage does not have it, or the policy has no style-src to allow it by', async () => {
    const missing = loadWorker(pages, { navigator: { onLine: false, languages: ['en'] }, indexedDB: fakeIndexedDb([record()]).indexedDB, caches: { match: async () => undefined } });
    const answer = await missing.respond(shell());
    const html = await answer.text();
    expect(html).toContain('data-testid="download-item"');
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`);
    expect(html).not.toContain('<style>');
    expect(answer.headers.get('content-security-policy')).not.toContain(scriptHash(CSS));
    const strict = loadWorker(pages, { navigator: { onLine: false, languages: ['en'] }, indexedDB: fakeIndexedDb([record()]).indexedDB });
    const withoutStyleSrc = new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-security-policy': "default-src 'self';script-src 'self'" } });
    expect(await (await strict.respond(withoutStyleSrc)).text()).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`);
  });
});

describe('the build offers the shell’s stylesheet to the worker only when it can be moved into the page as it is', () => {
  const index = `<head><link rel="stylesheet" crossorigin href="${STYLESHEET}"></head>`;
  it('a single stylesheet under /assets/: its href and the hash of its exact text', () => {
    expect(inlinableStylesheet(index, () => CSS)).toEqual({ href: STYLESHEET, hash: scriptHash(CSS) });
  });
  it('not one with a relative url(), a </style>, a carriage return, a missing file, or more than one stylesheet', () => {
    expect(inlinableStylesheet(index, () => '.a{background:url(image.png)}')).toBeNull();
    expect(inlinableStylesheet(index, () => '.a{background:url("../image.png")}')).toBeNull();
    expect(inlinableStylesheet(index, () => '.a{background:url(/images/a.png)}.b{background:url(data:image/png;base64,AA)}')).not.toBeNull();
    expect(inlinableStylesheet(index, () => '.a{content:"</style>"}')).toBeNull();
    expect(inlinableStylesheet(index, () => '.a{color:red}\r\n')).toBeNull();
    expect(inlinableStylesheet(index, () => null)).toBeNull();
    expect(inlinableStylesheet(`${index}<link rel="stylesheet" href="/assets/b.css">`, () => CSS)).toBeNull();
  });
});
