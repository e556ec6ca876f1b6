// Issue 27's benchmarks, in Debian's Chromium over loopback, each against a baseline measured in
// the same run (alternately, medians):
// - download throughput: the product's Download on the class page (licence, signed URLs, four
//   files at a time into Cache Storage, docs/decisions/040), from the press to "Downloaded", against
//   a bare page fetching the same files four at a time into Cache Storage from a bare Fastify +
//   @fastify/static server (≥ 0.8×);
// - opening the installed app offline: /downloads in a new tab with no network until the stored
//   class is listed, against a bare page answered by its own minimal service worker until its text
//   is there (≤ 1.5×);
// - first frame of a downloaded class offline (the local session, the stored files through the
//   worker) against the same class streamed online, from opening /watch to `playing` with Play
//   pressed as soon as it is offered (≤ 1×); from the press alone too (no budget); each with its
//   stages to Play (the app's and the player's marks, the first media file).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserFlags, chromiumPath } from './lighthouse';
import { mainThreadBetween, printMainThread, traceCategories } from './main-thread';
import { subscriber } from './playback';
import { startBareServer, type RunningServer } from './server-process';
import { ratioOf, type Row } from './table';

// As a person's browser: Play must be pressed (the press is what is timed).
const flags = [...browserFlags, '--autoplay-policy=user-gesture-required'];
const desktop = { width: 1280, height: 800 };
const PREFERRED_CLASS = 'sunrise-vinyasa-flow';
/** A link's latency for the second throughput figure: loopback has none, a person's connection tens of ms. */
const LINK_LATENCY_MS = 40;

const bareDownloadPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare download</title></head><body><h1>Bare download</h1>
<script>
// The same files, four at a time, each read whole and kept in Cache Storage.
window.download = async (paths) => {
  const cache = await caches.open('bare-download');
  const queue = [...paths];
  let bytes = 0;
  const start = performance.now();
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const response = await fetch(path);
      const body = await response.blob();
      bytes += body.size;
      await cache.put(path, new Response(body, { headers: { 'content-type': response.headers.get('content-type') || '' } }));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { ms: performance.now() - start, bytes };
};
</script></body></html>`;

const bareAppPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>bare app</title></head>
<body><h1>Downloads</h1><p>Sunrise Vinyasa Flow · 720p</p><script>navigator.serviceWorker.register('/sw.js');</script></body></html>`;

const bareWorker = `self.addEventListener('install', (event) => event.waitUntil(caches.open('bare-app').then((cache) => cache.addAll(['/app'])).then(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(caches.match(new URL(event.request.url).pathname));
});`;

/**
 * Records, from the page's start, when `selector` is first in the document. No named function
 * inside: tsx's transform would wrap it in a helper the page does not have.
 */
const recordShown = (selector: string) => {
  const record = window as unknown as { shownAt?: number; parsingAt?: number };
  new MutationObserver(() => {
    // The parser's first nodes seen (at its first yield or script): when the answer began to be parsed.
    record.parsingAt ??= performance.now();
    if (record.shownAt === undefined && document.querySelector(selector)) {
      record.shownAt = performance.now();
      // For a traced run (bench/main-thread.ts): where the span ends.
      performance.mark('bench:shown');
    }
  }).observe(document, { childList: true, subtree: true });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

type Session = Awaited<ReturnType<typeof subscriber>>;

async function signedIn(browser: Browser, origin: string, session: Session, options: { shown?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: desktop });
  if (options.shown) await context.addInitScript(recordShown, options.shown);
  const page = await context.newPage();
  await page.goto('/terms');
  await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email: session.email, token: session.token });
  return { context, page };
}

/**
 * The service worker controls the page, its precache complete (nothing of its own competes with
 * what is timed). Loaded again after `ready`: a page whose navigation began just before the worker
 * activated is never claimed (tests/e2e/downloads.e2e.ts).
 */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 60_000 });
}

/** From now on, every request of the page waits `latencyMs` for its answer (Chromium's network emulation), as on a real link. */
async function emulateLatency(page: Page, latencyMs: number): Promise<void> {
  if (latencyMs === 0) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
}

/** Presses Download (the quality offered first) and answers the ms to "Downloaded", with the media files fetched. */
async function productDownload(page: Page, classId: string, latencyMs: number): Promise<{ ms: number; files: string[]; firstByteMs: number; lastFileMs: number; licenceMs: number }> {
  await page.goto(`/classes/${classId}`);
  await controlled(page);
  const panel = page.getByTestId('download-panel');
  await panel.getByRole('button', { name: 'Download', exact: true }).waitFor({ timeout: 30_000 });
  await emulateLatency(page, latencyMs);
  const files = new Set<string>();
  const listen = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) files.add(pathname);
  };
  page.on('request', listen);
  const { ms, pressedAt } = await page.evaluate(
    () =>
      new Promise<{ ms: number; pressedAt: number }>((resolve, reject) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('[data-testid=download-panel] button')].find((candidate) => candidate.textContent?.trim() === 'Download');
        if (!button) return reject(new Error('no Download button'));
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid=download-done]')) return;
          observer.disconnect();
          resolve({ ms: performance.now() - start, pressedAt: start });
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => reject(new Error('not downloaded within 120 s')), 120_000);
        button.click();
      }),
  );
  page.off('request', listen);
  // Where the time went: the licence and its signed URLs before the first media request, the files after.
  const media = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/media/'))
      .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  );
  const after = media.filter((entry) => entry.start >= pressedAt);
  // The licence call's answer: what comes after it, before the first media request, is the app's own steps.
  const licenceMs = await page.evaluate((pressed) => {
    const call = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.startTime >= pressed && new URL(entry.name).pathname === '/api/v1/downloads/licences');
    return call ? call.responseEnd - pressed : Number.NaN;
  }, pressedAt);
  const firstByteMs = after.length ? Math.min(...after.map((entry) => entry.start)) - pressedAt : Number.NaN;
  const lastFileMs = after.length ? Math.max(...after.map((entry) => entry.end)) - pressedAt : Number.NaN;
  return { ms, files: [...files], firstByteMs, lastFileMs, licenceMs };
}

/**
 * Presses the player's first choice (Play, or Resume from …) as soon as it is offered, and answers
 * the ms from the press to the video's `playing` and from the page's navigation start to it.
 */
async function clickToPlaying(page: Page): Promise<{ fromPlay: number; fromOpen: number; stages: Stages }> {
  const selector = '.player__overlay .btn--primary';
  await page.waitForFunction((play) => document.querySelector(play) !== null, selector, { timeout: 30_000, polling: 'raf' });
  const played = await page.evaluate(
    (play) =>
      new Promise<{ fromPlay: number; fromOpen: number }>((resolve, reject) => {
        const video = document.querySelector('video');
        const button = document.querySelector<HTMLButtonElement>(play);
        if (!video || !button) return reject(new Error('no video or Play button'));
        const start = performance.now();
        video.addEventListener('playing', () => resolve({ fromPlay: performance.now() - start, fromOpen: performance.now() }), { once: true });
        setTimeout(() => reject(new Error('no playing event within 30 s')), 30_000);
        button.click();
      }),
    selector,
  );
  return { ...played, stages: await playerStages(page) };
}

/** Where the time to Play went, in ms from the navigation's start (the app's and the player's marks, the first media file's request). */
type Stages = Record<(typeof stageNames)[number], number>;
const stageNames = ['DOMContentLoaded', 'app:boot', 'player:start', 'player:session', 'player:engine', 'player:manifest', 'first file asked', 'first file in', 'player:buffered'] as const;

function playerStages(page: Page): Promise<Stages> {
  return page.evaluate((names) => {
    // No named function inside: tsx's transform would wrap it in a helper the page does not have.
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => /\/(media|offline)\/.*\.(mp4|m4s)$/.test(new URL(entry.name).pathname));
    const found: Record<string, number> = {
      DOMContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      'first file asked': files.length ? Math.min(...files.map((entry) => entry.startTime)) : Number.NaN,
      'first file in': files.length ? Math.min(...files.map((entry) => entry.responseEnd)) : Number.NaN,
    };
    for (const name of names) if (!(name in found)) found[name] = performance.getEntriesByName(name, 'mark')[0]?.startTime ?? Number.NaN;
    return found;
  }, stageNames as unknown as string[]) as Promise<Stages>;
}

const stagesLine = (runs: { stages: Stages }[]) => stageNames.map((name) => `${name} ${Math.round(median(runs.map((run) => run.stages[name])))}`).join(', ');

/** Sets the stored download's resume point, so the offline player always offers "Resume from" (a press, as online). */
async function storeResumePoint(page: Page, classId: string): Promise<void> {
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fitstream-downloads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('downloads', 'readwrite');
          const store = tx.objectStore('downloads');
          const found = store.get(id);
          found.onsuccess = () => store.put({ ...(found.result as object), positionSeconds: 1 });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    classId,
  );
}

interface OpenStages {
  responseStart: number;
  response: number;
  /** The parser's first nodes seen (recordShown). */
  parsing: number;
  domReady: number;
  boot: number;
  read: number;
  drawn: boolean;
}

/**
 * Where an opening's time went, in ms from its navigation's start: the answer (by the worker),
 * the first nodes parsed, the scripts run, the app's boot starting (its entry evaluated) and its
 * read of the list from IndexedDB (the app's marks).
 */
function openStages(tab: Page): Promise<OpenStages> {
  return tab.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    // No named function inside: tsx's transform would wrap it in a helper the page does not have.
    const [boot, read] = ['app:boot', 'downloads:read'].map((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? Number.NaN);
    // Drawn by the service worker with the list (docs/decisions/050), or the app's shell.
    const drawn = document.getElementById('root')?.getAttribute('data-app-start') === 'now';
    const parsing = (window as unknown as { parsingAt?: number }).parsingAt ?? Number.NaN;
    return {
      responseStart: navigation?.responseStart ?? Number.NaN,
      response: navigation?.responseEnd ?? Number.NaN,
      parsing,
      domReady: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      boot: boot ?? Number.NaN,
      read: read ?? Number.NaN,
      drawn,
    };
  });
}

/** When the page first had what it waited for in its document, in ms from its navigation's start. */
async function shownAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, undefined, { timeout: 30_000 }).catch(async (error: Error) => {
    const shown = (await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`${page.url()} showing "${shown}": ${error.message}`);
  });
  return page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
}

export async function measureDownloads(server: RunningServer, options: { mediaDir: string; runs: number; throughputRuns: number }): Promise<Row[]> {
  const session = await subscriber(server.origin);
  const { classes } = await session.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
  const classId = classes.some((listed) => listed.id === PREFERRED_CLASS) ? PREFERRED_CLASS : classes[0]?.id;
  if (!classId) throw new Error('no class to download');
  const saved = await session.request('PUT', `/api/v1/playback/progress/${classId}`, { auth: true, json: { position_seconds: 1 } });
  if (saved.status !== 200) throw new Error(`saving the resume position answered ${saved.status}`);
  const bare = await startBareServer(
    [
      { method: 'GET', url: '/', contentType: 'text/html; charset=utf-8', body: Buffer.from(bareDownloadPage) },
      { method: 'GET', url: '/app', contentType: 'text/html; charset=utf-8', body: Buffer.from(bareAppPage) },
      { method: 'GET', url: '/sw.js', contentType: 'text/javascript; charset=utf-8', body: Buffer.from(bareWorker) },
    ],
    { staticRoot: options.mediaDir },
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
  const rows: Row[] = [];
  try {
    // 1. Throughput: a fresh profile each run, the product and the bare page alternately; on a
    // link with some latency first (every round trip counts there, the licence's too), then over
    // loopback (whose last download is kept for what follows). More runs than the other figures:
    // a download of the sample class lasts under 0.1 s, and the bare page's runs alone spread
    // from 56 to 214 ms in one run of 15 (2026-11-28), enough to move a median of 5 by a sixth.
    let kept: { context: BrowserContext; page: Page } | null = null;
    for (const latencyMs of [LINK_LATENCY_MS, 0]) {
      const ours: { ms: number; bytes: number }[] = [];
      const theirs: { ms: number; bytes: number }[] = [];
      const before: number[] = [];
      const fetching: number[] = [];
      const licensed: number[] = [];
      for (let run = 0; run < options.throughputRuns; run += 1) {
        await kept?.context.close();
        kept = await signedIn(browser, server.origin, session, { shown: '[data-testid=download-item]' });
        const product = await productDownload(kept.page, classId, latencyMs);
        const plain = await browser.newContext({ baseURL: bare.origin, viewport: desktop });
        const page = await plain.newPage();
        await page.goto('/');
        await emulateLatency(page, latencyMs);
        const paths = product.files.map((file) => file.replace(/^\/media\//, '/static/'));
        const baseline = await page.evaluate((list) => (window as unknown as { download(paths: string[]): Promise<{ ms: number; bytes: number }> }).download(list), paths);
        await plain.close();
        ours.push({ ms: product.ms, bytes: baseline.bytes });
        before.push(product.firstByteMs);
        licensed.push(product.licenceMs);
        fetching.push(product.lastFileMs - product.firstByteMs);
        theirs.push(baseline);
      }
      const mbps = (sample: { ms: number; bytes: number }) => sample.bytes / 1e6 / (sample.ms / 1000);
      const ourRate = median(ours.map(mbps));
      const theirRate = median(theirs.map(mbps));
      const megabytes = (theirs[0]?.bytes ?? 0) / 1e6;
      const link = latencyMs ? `, ${latencyMs} ms of latency` : '';
      console.log(`  download of ${classId} (${megabytes.toFixed(2)} MB${link}): ${ourRate.toFixed(1)} MB/s vs bare ${theirRate.toFixed(1)} MB/s; runs ${ours.map((s) => Math.round(s.ms)).join('/')} vs ${theirs.map((s) => Math.round(s.ms)).join('/')} ms`);
      console.log(
        `  product: ${Math.round(median(before))} ms from the press to the first media request (the class's first files, fetched while the licence is asked for; the licence answered at ${Math.round(median(licensed))} ms, runs ${licensed.map(Math.round).join('/')}), the files over ${Math.round(median(fetching))} ms (medians)`,
      );
      rows.push({
        group: 'downloads',
        figure: latencyMs ? `download throughput of a class, ${latencyMs} ms of latency (emulated)` : 'download throughput of a class (Download pressed → stored)',
        value: Number(ourRate.toFixed(2)),
        unit: 'MB/s',
        baseline: Number(theirRate.toFixed(2)),
        ratio: ratioOf(ourRate, theirRate),
        budget: { kind: 'min', limit: 0.8, of: 'ratio' },
        note: `median of ${options.throughputRuns}; ${megabytes.toFixed(2)} MB (the quality offered first)${link}; the first media request at ${Math.round(median(before))} ms, the licence answered at ${Math.round(median(licensed))} ms, files over ${Math.round(median(fetching))} ms; bare = the same files 4 at a time into Cache Storage from Fastify + @fastify/static; runs ${ours.map((s) => Math.round(s.ms)).join('/')} vs ${theirs.map((s) => Math.round(s.ms)).join('/')} ms`,
      });
    }
    if (!kept) throw new Error('no download kept');
    const offline = kept;
    await storeResumePoint(offline.page, classId);

    // 2. Opening the installed app offline: a new tab on /downloads until the stored class is listed.
    const bareApp = await browser.newContext({ baseURL: bare.origin, viewport: desktop });
    await bareApp.addInitScript(recordShown, 'h1');
    const bareFirst = await bareApp.newPage();
    await bareFirst.goto('/app');
    await controlled(bareFirst);
    await bareFirst.close();
    await offline.page.goto('/downloads');
    await offline.page.getByTestId('download-item').waitFor({ timeout: 30_000 });
    await Promise.all([offline.context.setOffline(true), bareApp.setOffline(true)]);
    const opened: number[] = [];
    const stages: OpenStages[] = [];
    const bareStages: OpenStages[] = [];
    const bareOpened: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const tab = await offline.context.newPage();
      await tab.goto('/downloads');
      opened.push(await shownAt(tab));
      // Where the time went: the navigation answered by the worker, the app's boot starting (its
      // entry evaluated), the scripts run, the list read from IndexedDB (the app's marks).
      stages.push(await openStages(tab));
      await tab.close();
      const bareTab = await bareApp.newPage();
      await bareTab.goto('/app');
      bareOpened.push(await shownAt(bareTab));
      bareStages.push(await openStages(bareTab));
      await bareTab.close();
    }
    // One more of each, traced (not counted): what the page's main thread did from the navigation's
    // start until the row was there.
    const traceOpen = async (context: BrowserContext, url: string, side: string) => {
      const tab = await context.newPage();
      await browser.startTracing(tab, { categories: traceCategories });
      await tab.goto(url);
      await shownAt(tab);
      const trace = await browser.stopTracing();
      await tab.close();
      const file = path.join(os.tmpdir(), `open-offline-${side}-${Date.now()}.trace.json`);
      await writeFile(file, trace);
      console.log(`  ${side} trace: ${file}`);
      return mainThreadBetween(trace, 'navigationStart', ['bench:shown']);
    };
    const openTraces = { product: await traceOpen(offline.context, '/downloads', 'product'), bare: await traceOpen(bareApp, '/app', 'bare') };
    await bareApp.close();
    const openMs = Math.round(median(opened));
    const bareOpenMs = Math.round(median(bareOpened));
    const responded = Math.round(median(stages.map((stage) => stage.response)));
    const domReady = Math.round(median(stages.map((stage) => stage.domReady)));
    const booted = Math.round(median(stages.map((stage) => stage.boot)));
    const read = Math.round(median(stages.map((stage) => stage.read)));
    console.log(`  open offline: ${openMs} ms vs bare ${bareOpenMs} ms; runs ${opened.map(Math.round).join('/')} vs ${bareOpened.map(Math.round).join('/')} ms`);
    printMainThread('product', openTraces.product, 'from the navigation to the class listed');
    printMainThread('bare page', openTraces.bare, 'from the navigation to its text');
    const at = (list: OpenStages[], name: 'responseStart' | 'response' | 'parsing') => `${Math.round(median(list.map((stage) => stage[name])))}`;
    console.log(`  the answer's first byte, its last, its first nodes parsed (medians, ms): product ${at(stages, 'responseStart')}, ${at(stages, 'response')}, ${at(stages, 'parsing')}; bare ${at(bareStages, 'responseStart')}, ${at(bareStages, 'response')}, ${at(bareStages, 'parsing')}`);
    const drawnRuns = stages.filter((stage) => stage.drawn).length;
    console.log(`  product: the page answered by the worker at ${responded} ms (runs ${stages.map((stage) => Math.round(stage.response)).join('/')}), drawn with the list by the worker in ${drawnRuns} of ${stages.length}, its scripts run (DOMContentLoaded) at ${domReady} ms, the app's boot begins at ${booted} ms, the class listed at ${openMs} ms (medians; the app's own read of the list, when it did it before the class was listed: ${read} ms)`);
    rows.push({
      group: 'downloads',
      figure: 'open the installed app offline (/downloads, to the class listed)',
      value: openMs,
      unit: 'ms',
      baseline: bareOpenMs,
      ratio: ratioOf(openMs, bareOpenMs),
      budget: { kind: 'max', limit: 1.5, of: 'ratio' },
      note: `median of ${options.runs} new tabs, from the navigation's start until the class's row is in the page (page answered at ${responded} ms, drawn by the worker in ${drawnRuns} of ${stages.length}, DOMContentLoaded at ${domReady} ms, boot at ${booted} ms); bare = a static page answered by a minimal service worker; runs ${opened.map(Math.round).join('/')} vs ${bareOpened.map(Math.round).join('/')} ms`,
    });

    // 3. First frame: the downloaded class offline, and the same class streamed online, each in a
    // new tab of a profile that has the app installed (its service worker and precache), Play
    // pressed as soon as it is offered.
    const streaming = await signedIn(browser, server.origin, session);
    await streaming.page.goto(`/classes/${classId}`);
    await controlled(streaming.page);
    const local: { fromPlay: number; fromOpen: number; stages: Stages }[] = [];
    const streamed: { fromPlay: number; fromOpen: number; stages: Stages }[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const tab = await offline.context.newPage();
      await tab.goto(`/watch/${classId}`);
      local.push(await clickToPlaying(tab));
      await tab.close();
      const online = await streaming.context.newPage();
      await online.goto(`/watch/${classId}`);
      streamed.push(await clickToPlaying(online));
      // Leaving the player stops its playback session (the runs never fill the plan's screens).
      await online.goto('/terms');
      await online.close();
    }
    await Promise.all([offline.context.close(), streaming.context.close()]);
    const figures = (runs: { fromPlay: number; fromOpen: number }[], key: 'fromPlay' | 'fromOpen') => runs.map((run) => Math.round(run[key]));
    // Where the time went before Play was offered, offline and online (medians, ms from the navigation's start).
    console.log(`  offline: ${stagesLine(local)}`);
    console.log(`  streamed: ${stagesLine(streamed)}`);
    for (const [key, figure, budgeted] of [
      ['fromOpen', 'first frame of a downloaded class offline (opening /watch → playing, Play pressed when offered)', true],
      ['fromPlay', 'first frame of a downloaded class offline (from the press of Play)', false],
    ] as const) {
      const value = median(figures(local, key));
      const baseline = median(figures(streamed, key));
      console.log(`  ${figure}: ${value} ms vs streamed ${baseline} ms; runs ${figures(local, key).join('/')} vs ${figures(streamed, key).join('/')} ms`);
      rows.push({
        group: 'downloads',
        figure,
        value,
        unit: 'ms',
        baseline,
        ratio: ratioOf(value, baseline),
        ...(budgeted ? { budget: { kind: 'max' as const, limit: 1, of: 'ratio' as const } } : {}),
        note: `median of ${options.runs} new tabs; baseline = the same class streamed by the same player online (installed app, new tab); runs ${figures(local, key).join('/')} vs ${figures(streamed, key).join('/')} ms${budgeted ? `; offline ${stagesLine(local)}; streamed ${stagesLine(streamed)}` : ''}`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await bare.stop();
  }
}
