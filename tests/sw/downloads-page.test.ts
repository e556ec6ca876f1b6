// The service worker's offline /downloads (src/sw/downloads-page.ts, docs/decisions/050): the app's
// own /downloads drawn at build time as templates (src/prerender.tsx), filled by the worker from
// this device's records, in English and Spanish; titles and ids escaped; the page's data for the
// app's first render beside it; online or with nothing stored, the shell unchanged. Which records
// are read (only while an account owns them) is the app's database module's (readOwnedRecords),
// walked in the browser by tests/e2e/downloads.e2e.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadRecord } from '@domain/downloads';
import { downloadsHoldScript, downloadsPagesOf, downloadsPaintScript, inlinableStylesheet, scriptHash } from '../../scripts/prerender';
import { renderDownloadsTemplate } from '../../src/prerender';
import { downloadsPage, drawDownloadsPage, type Device } from '../../src/sw/downloads-page';
import { DOWNLOADS_MARKS, DOWNLOADS_SLOTS, type DownloadsPages, type DownloadsTemplate } from '../../src/sw/downloads-templates';

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

/**
 * A device offline in English holding `records` (as the database module gives them: newest first),
 * with the build's stylesheet in its precache; `reads` counts the reads of the records.
 */
function fakeDevice(records: DownloadRecord[], over: Partial<Device> = {}) {
  const reads = { downloads: 0 };
  const device: Device = {
    offline: () => true,
    languages: () => ['en'],
    downloads: async () => {
      reads.downloads += 1;
      return records;
    },
    storage: async () => null,
    storedLanguage: async () => null,
    precachedText: async (url) => (url === STYLESHEET ? CSS : null),
    ...over,
  };
  return { device, reads };
}

describe('the worker draws /downloads offline from the build-time templates', () => {
  const templates: Record<string, DownloadsTemplate> = {};
  let pages: DownloadsPages;
  beforeAll(async () => {
    templates.en = await renderDownloadsTemplate('en');
    templates.es = await renderDownloadsTemplate('es');
    pages = downloadsPagesOf(templates, { href: STYLESHEET, hash: scriptHash(CSS) });
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
        const downloads = [record(), record({ classId: 'core-blast', title: { en: 'Core Blast', es: 'Abdominales' }, complete: false }), record({ classId: 'old-one', title: { en: 'Old One', es: 'Antigua' }, expiresAt: '2026-11-01T00:00:00.000Z' })];
    const html = drawDownloadsPage(SHELL, pages, { downloads, storage: { usage: 20_000_000, quota: 120_000_000 } }, 'en', NOW)!;
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
        const html = drawDownloadsPage(SHELL, pages, { downloads: [record()], storage: null }, 'es', NOW)!;
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
        const title = `<img src=x onerror=alert(1)> & "Tom's" FSSLOT_QUALITY $& $'`;
    const downloads = [record({ classId: 'a b/"c', title: { en: title, es: title }, quality: '<b>720p</b>' })];
    const html = drawDownloadsPage(SHELL, pages, { downloads, storage: null }, 'en', NOW)!;
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
        expect(drawDownloadsPage(SHELL, pages, { downloads: [], storage: null }, 'en', NOW)).toBeNull();
    expect(drawDownloadsPage(SHELL, pages, { downloads: [record()], storage: null }, 'fr', NOW)).toBeNull();
  });

  // The shell as the server sent it, with the document headers the worker keeps or drops.
  const shell = () =>
    new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-security-policy': POLICY, 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1' } });

  it('answers offline with the page drawn in the stored language, its before-paint script allowed by hash', async () => {
    const { device, reads } = fakeDevice([record(), record({ savedAt: '2026-11-01T00:00:00.000Z', classId: 'older' })], {
      languages: () => ['en-GB'],
      storage: async () => ({ usage: 1_000_000, quota: 2_000_000 }),
      storedLanguage: async () => 'es',
    });
    const worker = downloadsPage(pages, device);
    const answer = (await worker.respond(shell()))!;
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
    // In the database module's order: newest first, as the app lists them.
    expect(html.indexOf('/watch/sunrise-vinyasa-flow')).toBeLessThan(html.indexOf('/watch/older'));
    expect(reads.downloads).toBe(1);
  });

  it('reads the device once per navigation, from the start of its handling', async () => {
    const { device, reads } = fakeDevice([record()]);
    const worker = downloadsPage(pages, device);
    const request = new Request('http://localhost/downloads');
    worker.prepare(request);
    expect(reads.downloads).toBe(1);
    expect(await (await worker.respond(shell(), request))!.text()).toContain('data-testid="download-item"');
    expect(reads.downloads).toBe(1);
  });

  it('without a stored language, speaks the browser’s first language it knows', async () => {
    const worker = downloadsPage(pages, fakeDevice([record()], { languages: () => ['fr-FR', 'es-MX', 'en'] }).device);
    expect(await (await worker.respond(shell()))!.text()).toContain('<html lang="es"');
  });

  it('leaves the shell as it is online, with nothing downloaded (or nothing owned), or without templates', async () => {
    const online = downloadsPage(pages, fakeDevice([record()], { offline: () => false }).device);
    const answer = (await online.respond(shell()))!;
    expect(await answer.text()).toBe(SHELL);
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const nothing = downloadsPage(pages, fakeDevice([]).device);
    expect(await (await nothing.respond(shell()))!.text()).toBe(SHELL);
    const untemplated = downloadsPage(null, fakeDevice([record()]).device);
    expect(await (await untemplated.respond(shell()))!.text()).toBe(SHELL);
    const failing = downloadsPage(pages, fakeDevice([], { downloads: () => Promise.reject(new Error('blocked')) }).device);
    expect(await (await failing.respond(shell()))!.text()).toBe(SHELL);
  });

  it('keeps the stylesheet linked when Cache Storage does not have it, or the policy has no style-src to allow it by', async () => {
    const missing = downloadsPage(pages, fakeDevice([record()], { precachedText: async () => null }).device);
    const answer = (await missing.respond(shell()))!;
    const html = await answer.text();
    expect(html).toContain('data-testid="download-item"');
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`);
    expect(html).not.toContain('<style>');
    expect(answer.headers.get('content-security-policy')).not.toContain(scriptHash(CSS));
    const strict = downloadsPage(pages, fakeDevice([record()]).device);
    const withoutStyleSrc = new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-security-policy': "default-src 'self';script-src 'self'" } });
    expect(await (await strict.respond(withoutStyleSrc))!.text()).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`);
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
