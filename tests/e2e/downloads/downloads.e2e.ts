// Downloads in Chromium against the real server (docs/decisions/038 and 040): a Standard
// subscriber downloads a class (progress in per cent and MB), goes offline, reloads, and the
// class plays from this device past 2 s with captions and its parts; /downloads lists it (axe and screenshots in
// en and es) and deleting it frees the space; a third device on Standard is refused, then allowed
// after removing another (nothing of the refused download kept); Basic never fetches above 720p;
// the class's first files are fetched while the licence is held, each once, stored only after it
// (with the data saver on, not before it); a download interrupted by a reload resumes without
// fetching again what is stored; a subscription that ended removes the downloads at the next
// online visit, with a notice saying why; on a shared computer, logging out (after a question
// saying so) deletes the downloads, and the next account finds nothing of them online or offline.
// Each test has its own browser context, so its storage (caches, IndexedDB) starts empty.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { localMasterUrl } from '@domain/downloads';
import { unsignedPath } from '@domain/media-urls';
import { accountOf } from '@domain/session-user';
import { HEAD_START_SEGMENTS } from '@server/modules/downloads/files';
import { baseUrl, checkEverywhere, clickInNavbar, DESKTOP, MOBILE, newContext, registerByApi, screenshot, signInThroughForm, storeLanguage, uniqueEmail } from '../browser';

const CLASS_ID = 'sunrise-vinyasa-flow';
/** Each step waits this long for what the page shows: the CI's machine is often loaded. */
const PATIENCE = 30_000;

async function patientContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  context.setDefaultTimeout(PATIENCE);
  return context;
}

/**
 * The app is installed and controls the page, without a reload: the worker claims the pages open
 * when it activates, and a page whose navigation was under way then asks to be claimed.
 */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: PATIENCE });
}

/** Downloads the class from its page at the quality offered first, and waits until it is stored. */
async function download(page: Page): Promise<void> {
  await page.goto(`/classes/${CLASS_ID}`);
  const panel = page.getByTestId('download-panel');
  await panel.getByRole('button', { name: 'Download', exact: true }).click().catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${page.url()}\n${await page.locator('main, body').first().innerText()}`);
  });
  await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
}

/** Another device of the same account: a new browser context signed in through the form. */
async function anotherDevice(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await patientContext(browser);
  const page = await context.newPage();
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

async function storedCaches(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys().then((keys) => keys.filter((key) => key.startsWith('fitstream-offline-'))));
}

/** The class's files stored on this device, each as its path under the class (`720p/segment-000.m4s`). */
async function storedFiles(page: Page): Promise<string[]> {
  return page.evaluate(async (classId) => {
    if (!(await caches.has(`fitstream-offline-${classId}`))) return [];
    const cache = await caches.open(`fitstream-offline-${classId}`);
    return (await cache.keys()).map((request) => new URL(request.url).pathname.replace(`/offline/${classId}/`, '')).sort();
  }, CLASS_ID);
}

/**
 * What this browser keeps of any account's downloads: the classes' caches, the records and their
 * owner (src/features/downloads/database.ts), and whether the class's master playlist is served (by the
 * worker's route to the caches; offline, a file not there fails).
 * (No named functions inside `evaluate`: the test runner's transform would wrap them in a helper the page lacks.)
 */
async function leftBehind(page: Page): Promise<{ caches: string[]; records: number; owner: unknown; served: boolean }> {
  const [records, owner, served] = await page.evaluate(async (master) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fitstream-downloads');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const found = db.objectStoreNames.contains('owner')
      ? await new Promise<[number, unknown]>((resolve) => {
          const tx = db.transaction(['downloads', 'owner']);
          const count = tx.objectStore('downloads').count();
          const who = tx.objectStore('owner').get('account');
          tx.oncomplete = () => resolve([count.result, who.result ?? null]);
        })
      : ([0, null] as [number, unknown]);
    db.close();
    return [found[0], found[1], await fetch(master).then((answer) => answer.ok, () => false)] as const;
  }, localMasterUrl(CLASS_ID));
  return { caches: await storedCaches(page), records, owner, served };
}

const nothingLeft = { caches: [], records: 0, owner: null, served: false };

/**
 * How the worker's static routes (src/sw/offline.ts) sent the resources the page fetched under
 * `prefix` from `since` (ms on the page's clock): 'network' or 'cache' straight, without the
 * worker; '' through its fetch event, or with no worker.
 */
async function routedSources(page: Page, prefix: string, since = 0): Promise<string[]> {
  return page.evaluate(
    ({ start, from }) => [
      ...new Set(
        (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerMatchedSourceType?: string })[])
          .filter((entry) => entry.startTime >= from && new URL(entry.name).pathname.startsWith(start))
          .map((entry) => entry.workerMatchedSourceType ?? 'unknown'),
      ),
    ],
    { start: prefix, from: since },
  );
}

/** A media request's file under its media, whatever grant opened it (`/media/<media>/<grant>/720p/segment-000.m4s` → `720p/segment-000.m4s`). */
const mediaFile = (pathname: string): string => unsignedPath(pathname).replace(/^\/media\/[^/]+\//, '');
/** The download's own media fetches from now on, each as its path under its media (the page's poster image is not one). */
function downloadFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media/') && request.resourceType() === 'fetch') fetched.push(mediaFile(url.pathname));
  });
  return fetched;
}

/** Holds the licence call until `release`; `asked` settles once the page has made it. */
async function holdLicence(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let ask = () => {};
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route('**/api/v1/downloads/licences', async (route) => {
    if (route.request().method() === 'POST') {
      ask();
      await released;
    }
    await route.continue();
  });
  return { asked, release: () => release() };
}

/** HTMLMediaElement.HAVE_FUTURE_DATA: the video can play from where it is. */
const HAVE_FUTURE_DATA = 3;
const isSegment = (file: string): boolean => /\/segment-\d+\.m4s$/.test(file);

/**
 * The player starts the class: the player offers Play (or Start over, when a position was kept)
 * while it loads and plays by itself where the browser allows autoplay, so Play may go away under
 * a click. Pressed if it is still offered once the page shows it (in the page, so it is the same
 * moment), then the video is playing either way.
 */
async function startsPlaying(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video.player__video');
      if (video && !video.paused) return true;
      const offered = [...document.querySelectorAll<HTMLButtonElement>('.player__overlay button')].find((button) => /^(play|start over)$/i.test(button.textContent?.trim() ?? ''));
      // What the stored video held when Play was offered (decision 046: only once it can play).
      if (offered) (window as unknown as { offeredAt?: number }).offeredAt = video?.readyState ?? 0;
      offered?.click();
      return Boolean(offered);
    },
    undefined,
    { timeout: 40_000 },
  );
  const offeredAt = await page.evaluate(() => (window as unknown as { offeredAt?: number }).offeredAt);
  if (offeredAt !== undefined) assert.ok(offeredAt >= HAVE_FUTURE_DATA, `Play was offered before the stored video could play (readyState ${offeredAt})`);
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('video.player__video')?.paused === false, undefined, { timeout: 30_000 });
}

/** Why the page does not show what a step waited for: its address, page errors and text, and a screenshot. */
async function explain(page: Page, error: unknown, problems: string[], name: string): Promise<never> {
  await page.screenshot({ path: `/tmp/${name}.png` }).catch(() => undefined);
  const text = await page.locator('body').innerText().catch(() => '(no body)');
  throw new Error(`${String(error)}\n${page.url()}\nerrors: ${problems.join(' | ') || 'none'}\n${text}`);
}

test.describe('downloads', () => {
  test('downloads a class as Standard, plays it offline after a reload with captions, lists it on /downloads, and deleting frees the space', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-standard', plan: 'standard', patience: PATIENCE });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    // Only to explain a failure: what the page logged as an error.
    const logged: string[] = [];
    page.on('console', (message) => (message.type() === 'error' ? logged.push(`console: ${message.text()}`) : undefined));
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    const panel = page.getByTestId('download-panel');
    // Standard's cap is 1080p: every quality up to it is offered, the one below the cap chosen.
    const qualities = panel.getByRole('radio');
    await qualities.first().waitFor();
    assert.deepEqual(await qualities.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)), ['360p', '720p', '1080p']);
    assert.equal(await panel.getByRole('radio', { name: '720p' }).isChecked(), true);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) fetched.push(url.pathname);
    });
    // Each media file answers a little late, so the progress is seen on the way.
    await page.route('**/media/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
    const pressedAt = await page.evaluate(() => performance.now());
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByTestId('download-progress').filter({ hasText: /Downloading: \d+% \([\d.]+ of [\d.]+ MB\)/ }).waitFor();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    assert.match(await panel.getByTestId('download-done').innerText(), /Downloaded in 720p \([\d.]+ MB\)/);
    assert.ok(fetched.some((p) => p.endsWith('/captions/es.vtt')) && fetched.some((p) => p.endsWith('/captions/en.vtt')), 'both caption tracks stored');
    assert.deepEqual(fetched.filter((p) => /\/(1080p|2160p|360p)\//.test(p)), []);
    assert.deepEqual(await storedCaches(page), [`fitstream-offline-${CLASS_ID}`]);
    // The files went straight to the network, the worker never in their way.
    assert.deepEqual(await routedSources(page, '/media/', pressedAt), ['network']);
    await page.unroute('**/media/**');

    // Offline, a reload opens the app; /downloads lists the class and it plays from this device.
    await context.setOffline(true);
    await page.goto('/downloads');
    await page.reload();
    const item = page.getByTestId('download-item');
    await item.waitFor({ timeout: 30_000 });
    assert.match(await item.innerText(), /720p · [\d.]+ MB/);
    // The app's files came straight from the precache, without starting the worker's fetch event.
    assert.deepEqual(await routedSources(page, '/assets/'), ['cache']);
    assert.match(await item.innerText(), /Licence valid until/);
    await checkEverywhere(page, 'downloads-offline');
    await item.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL((url) => url.pathname === `/watch/${CLASS_ID}`);
    // The class starts from this device: by itself where the browser lets the player autoplay
    // (its Play button then goes away as the video starts), else with Play or Start over.
    await startsPlaying(page).catch((error: unknown) => explain(page, error, [...problems, ...logged], 'dl-offline-play'));
    await page.getByRole('button', { name: /captions/i }).first().click();
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > 2, undefined, { timeout: 30_000 });
    const captions = await page.evaluate(() => {
      const video = document.querySelector('video.player__video') as HTMLVideoElement;
      return [...video.textTracks].map((track) => ({ language: track.language, mode: track.mode, cues: track.cues?.length ?? 0 }));
    });
    assert.ok(captions.some((track) => track.mode === 'showing' && track.cues > 0), `captions showing offline: ${JSON.stringify(captions)}`);
    // The class's parts came with it: marks on the seek bar and the part under way, offline.
    await page.getByTestId('chapter-marks').waitFor();
    assert.equal(await page.locator('.player__mark').count(), 2);
    await page.getByTestId('player-part').filter({ hasText: 'Warm-up (part 1 of 3)' }).waitFor();
    assert.ok(fetched.some((p) => p.endsWith('/chapters/en.vtt')) && fetched.some((p) => p.endsWith('/chapters/es.vtt')), 'both chapters tracks stored');

    // Back online: delete it on /downloads and the space is freed.
    await context.setOffline(false);
    await page.goto('/downloads');
    await item.waitFor({ timeout: 30_000 });
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    assert.deepEqual(await storedCaches(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('offline, opens /downloads with the class already drawn by the worker, in English and Spanish, and the app takes the page over unchanged', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-drawn', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    await context.setOffline(true);
    // From the first byte: layout shifts, and any row taken out of the page (a redraw).
    await context.addInitScript({
      content: `window.__drawn = { shift: 0, removed: 0 };
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__drawn.shift += entry.value; }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver((records) => { for (const record of records) for (const node of record.removedNodes) if (node.nodeType === 1 && (node.matches('[data-testid=download-item]') || node.querySelector('[data-testid=download-item]'))) window.__drawn.removed += 1; }).observe(document, { childList: true, subtree: true });`,
    });
    const words = {
      en: { title: 'Downloads · FitStream', size: /720p · [\d.]+ MB/, licence: 'Licence valid until', delete: 'Delete' },
      es: { title: 'Descargas · FitStream', size: /Calidad 720p · [\d,]+ MB/, licence: 'Licencia válida hasta el', delete: 'Eliminar' },
    };
    for (const language of ['en', 'es'] as const) {
      await storeLanguage(page, language);
      await context.addCookies([{ name: 'fitstream_language', value: language, url: baseUrl }]);
      for (const size of [MOBILE, DESKTOP]) {
        const tab = await context.newPage();
        await tab.setViewportSize(size);
        const errors: string[] = [];
        // Offline, the app's calls fail by design (net::ERR_INTERNET_DISCONNECTED); any other error counts.
        tab.on('console', (message) => (message.type() === 'error' && !message.text().includes('ERR_INTERNET_DISCONNECTED') ? errors.push(message.text()) : undefined));
        tab.on('pageerror', (error) => errors.push(error.message));
        const response = await tab.goto('/downloads');
        // The document itself holds the class, in the chosen language: drawn before any script runs.
        const html = (await response?.text()) ?? '';
        assert.match(html, /<html lang="(en|es)"/);
        assert.equal(/<html lang="(en|es)"/.exec(html)?.[1], language);
        assert.ok(html.includes(`<title>${words[language].title}</title>`), `the drawn page's title in ${language}`);
        assert.equal(html.match(/data-testid="download-item"/g)?.length, 1);
        assert.match(html, words[language].size);
        assert.ok(html.includes(words[language].licence));
        // Its scripts and its stylesheet, in the page, allowed by their hashes: the stylesheet after
        // the list, its link left disabled, never fetched; no opener policy (decision 050).
        assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self' 'sha256-[^']*' 'sha256-[^;]*;style-src 'self' 'sha256-[^']*' 'unsafe-hashes' 'sha256-/);
        assert.match(html, /<link rel="stylesheet"[^>]* disabled>[\s\S]*data-testid="download-item"[\s\S]*<style>[\s\S]*?\.navbar[\s\S]*?<\/style><\/body>/);
        assert.equal(response?.headers()['cross-origin-opener-policy'], undefined);
        assert.ok(html.includes('<script type="module" blocking="render">'), 'the session check blocks the first paint');
        // The app takes it over: hydrated, the stored poster shown, the row never redrawn, nothing moved.
        await tab.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
        const item = tab.getByTestId('download-item');
        await item.locator('[data-poster=loaded]').waitFor();
        assert.match(await item.innerText(), words[language].size);
        const drawn = await tab.evaluate(() => (window as unknown as { __drawn: { shift: number; removed: number } }).__drawn);
        assert.deepEqual(drawn, { shift: 0, removed: 0 });
        assert.deepEqual(errors, []);
        await screenshot(tab, `downloads-drawn-offline-${language}-${size.width}`);
        // As the worker drew it, before any script of the app ran (the module script left out). The
        // document here keeps /terms's policy, which has no hash for the inline stylesheet: its
        // link, the same file, is enabled instead.
        await tab.goto('/terms');
        await tab.setContent(html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/(<link rel="stylesheet"[^>]*) disabled>/, '$1>'));
        await tab.getByTestId('download-item').locator('.class-poster__image').evaluate((image: HTMLImageElement) => image.decode());
        await screenshot(tab, `downloads-drawn-offline-before-app-${language}-${size.width}`);
        await tab.close();
      }
    }
    // It is the app's page: Delete works offline, and the page says nothing is left.
    await storeLanguage(page, 'en');
    await context.addCookies([{ name: 'fitstream_language', value: 'en', url: baseUrl }]);
    await page.goto('/downloads');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    await page.getByTestId('download-item').getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    assert.deepEqual(await storedCaches(page), []);
    // Nothing downloaded: the worker answers the app's shell, which draws the empty page itself.
    const empty = await page.goto('/downloads');
    assert.ok(!((await empty?.text()) ?? '').includes('data-prerendered'));
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    await context.close();
  });

  test('offline, Delete pressed on the page the worker drew, before any of the app has run, still deletes the class', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-drawn-early-delete', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    await context.setOffline(true);
    // Pressed as soon as the row's Delete is in the document, while it is still being parsed: the
    // app's entry (a module script) runs only once parsing is done.
    await context.addInitScript({
      content: `new MutationObserver((records, observer) => {
        const button = document.querySelector('[data-testid=download-item] button[aria-label^="Delete"]');
        if (!button) return;
        observer.disconnect();
        window.__pressedWhile = document.readyState;
        button.click();
      }).observe(document, { childList: true, subtree: true });`,
    });
    const tab = await context.newPage();
    const response = await tab.goto('/downloads');
    assert.ok(((await response?.text()) ?? '').includes('data-testid="download-item"'), 'the worker drew the list');
    assert.equal(await tab.evaluate(() => (window as unknown as { __pressedWhile?: string }).__pressedWhile), 'loading');
    // The app starts, takes the press, and the class is gone from the page and from the device.
    await tab.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    assert.equal(await tab.getByTestId('download-item').count(), 0);
    assert.deepEqual(await storedCaches(tab), []);
    await context.close();
  });

  test('offline, a page drawn for a signed-in visitor is left to the app when no session is stored', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-drawn-out', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    await context.setOffline(true);
    await page.evaluate(() => localStorage.removeItem('fitstream.session'));
    const response = await page.goto('/downloads');
    assert.ok(((await response?.text()) ?? '').includes('data-testid="download-item"'), 'the worker drew the list');
    // The before-paint script hid it and the app drew the page itself: a visitor goes to sign in.
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(await page.getByTestId('download-item').count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.hidden), false);
    await context.close();
  });

  test('downloads and plays offline in a page that loaded while the app was installing, without a reload', async ({ browser, subscriber }) => {
    const { context: paying, token, email } = await subscriber({ label: 'dl-early-page', plan: 'standard', patience: PATIENCE });
    await paying.close();
    // A new browser of the same sign-in. Its worker's install (the precache) waits until the class
    // page's navigation has begun, and that page's answer waits until the worker has activated:
    // the page loads after the worker took over, and was not among the pages it claimed.
    const context = await patientContext(browser);
    const release = { install: () => {}, page: () => {} };
    const installing = new Promise<void>((resolve) => (release.install = resolve));
    const answering = new Promise<void>((resolve) => (release.page = resolve));
    let installAsked: () => void = () => {};
    const installStarted = new Promise<void>((resolve) => (installAsked = resolve));
    let pageAsked: () => void = () => {};
    const pageStarted = new Promise<void>((resolve) => (pageAsked = resolve));
    let pageFromNetwork = false;
    await context.route('**/*', async (route) => {
      const request = route.request();
      if (request.serviceWorker()) {
        installAsked();
        await installing;
      } else if (request.isNavigationRequest() && new URL(request.url()).pathname === `/classes/${CLASS_ID}`) {
        pageFromNetwork = true;
        pageAsked();
        await answering;
      }
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto('/terms');
    await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email, token });
    // A pre-rendered page starts the app, and so registers the worker, at the visitor's first move.
    await page.mouse.move(20, 20);
    await installStarted;
    const opening = page.goto(`/classes/${CLASS_ID}`);
    await pageStarted;
    release.install();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // No named function inside: tsx's transform would wrap it in a helper the worker does not have.
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration };
      while (scope.registration.active?.state !== 'activated') await new Promise((resolve) => setTimeout(resolve, 20));
    });
    release.page();
    await opening;
    await context.unroute('**/*');
    assert.equal(pageFromNetwork, true, 'the class page came from the network, not from the worker');

    // Without a reload the page comes under the worker, and what is downloaded in it plays offline.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: PATIENCE });
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Downloads' }).first().click();
    const item = page.getByTestId('download-item');
    await item.locator('[data-poster=loaded]').waitFor();
    await item.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL((url) => url.pathname === `/watch/${CLASS_ID}`);
    await startsPlaying(page);
    await context.close();
  });

  test('refuses a third device on Standard, listing the others, and downloads there after removing one', async ({ browser, subscriber }) => {
    const first = await subscriber({ label: 'dl-devices', plan: 'standard', patience: PATIENCE });
    await download(first.page);
    const { context: second, page: secondPage } = await anotherDevice(browser, first.email);
    await download(secondPage);

    const { context: third, page } = await anotherDevice(browser, first.email);
    await page.goto(`/classes/${CLASS_ID}`);
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByText(/Your plan downloads on 2 devices/).waitFor();
    // The first files fetched while the licence was asked for are not kept: nothing is stored.
    assert.deepEqual(await storedCaches(page), []);
    const removes = panel.getByRole('button', { name: 'Remove downloads from that device' });
    assert.equal(await removes.count(), 2);
    await checkEverywhere(page, 'downloads-device-limit');
    await removes.first().click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });

    // The removed device learns it at its next online visit: the files go, with the reason. Each
    // device's check at start says what it still holds; exactly one hears of a revocation.
    const checked = await Promise.all(
      [first.page, secondPage].map(async (candidate) => {
        const answer = candidate.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/downloads/check', { timeout: 30_000 });
        await candidate.reload();
        const body = (await (await answer).json()) as { licences: { status: string; reason: string | null }[] };
        return { page: candidate, revoked: body.licences.filter((licence) => licence.status === 'revoked') };
      }),
    );
    const told = checked.filter((device) => device.revoked.length > 0);
    assert.equal(told.length, 1, 'exactly one device lost its downloads');
    assert.deepEqual(told[0]!.revoked.map((licence) => licence.reason), ['removed']);
    const notice = told[0]!.page.getByTestId('downloads-removed');
    await notice.waitFor({ timeout: 30_000 });
    assert.match(await notice.innerText(), /downloads were removed from this device/);
    assert.deepEqual(await storedCaches(told[0]!.page), []);
    const kept = checked.find((device) => device.revoked.length === 0)!;
    assert.equal(await kept.page.getByTestId('downloads-removed').count(), 0);
    assert.deepEqual(await storedCaches(kept.page), [`fitstream-offline-${CLASS_ID}`]);
    await Promise.all([first.context.close(), second.close(), third.close()]);
  });

  test('offers Premium every quality up to 2160p, and the smallest downloads', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-premium', plan: 'premium', patience: PATIENCE });
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) fetched.push(url.pathname);
    });
    await page.goto(`/classes/${CLASS_ID}`);
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('radio').first().waitFor();
    assert.deepEqual(await panel.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)), ['360p', '720p', '1080p', '2160p']);
    assert.equal(await panel.getByRole('radio', { name: '1080p' }).isChecked(), true);
    await screenshot(page, 'download-premium-qualities');
    await panel.getByRole('radio', { name: '360p' }).check();
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    assert.match(await panel.getByTestId('download-done').innerText(), /Downloaded in 360p/);
    assert.ok(fetched.some((p) => p.includes('/360p/')));
    assert.deepEqual(fetched.filter((p) => /\/(720p|1080p|2160p)\//.test(p)), []);
    await context.close();
  });

  test('never fetches above 720p on Basic', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-basic', plan: 'basic', patience: PATIENCE });
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) fetched.push(url.pathname);
    });
    await page.goto(`/classes/${CLASS_ID}`);
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('radio').first().waitFor();
    assert.deepEqual(await panel.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)), ['360p', '720p']);
    await panel.getByRole('radio', { name: '720p' }).check();
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    assert.ok(fetched.some((p) => p.includes('/720p/')));
    assert.deepEqual(fetched.filter((p) => /\/(1080p|2160p)\//.test(p)), []);
    // The server refuses above the cap whatever the app asks.
    const refused = await page.evaluate(async (classId) => {
      const session = JSON.parse(localStorage.getItem('fitstream.session') ?? '{}') as { user?: { token?: string } };
      const response = await fetch('/api/v1/downloads/licences', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.user?.token ?? ''}` },
        body: JSON.stringify({ class_id: classId, rendition: '1080p' }),
      });
      return response.status;
    }, CLASS_ID);
    assert.equal(refused, 403);
    await context.close();
  });

  test('fetches the first files while the licence is asked for, stores nothing until it is issued, and fetches none of them twice', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-head-start', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    const panel = page.getByTestId('download-panel');
    const fetched = downloadFetches(page);
    const licence = await holdLicence(page);
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    // While the licence is held: the playlist (the page's language's, decision 059), captions,
    // poster, the init segment and the first segments (the opening, then the body's), and nothing stored.
    const segments = ['opening-en.m4s', ...Array.from({ length: HEAD_START_SEGMENTS - 1 }, (_, index) => `segment-00${index}.m4s`)];
    const expected = (rendition: string) => [`${rendition}/playlist-en.m3u8`, 'captions/en.m3u8', 'captions/en.vtt', 'captions/es.m3u8', 'captions/es.vtt', 'poster.jpg', `${rendition}/init.mp4`, ...segments.map((file) => `${rendition}/${file}`)];
    for (const deadline = Date.now() + PATIENCE; fetched.length < expected('').length && Date.now() < deadline; ) await page.waitForTimeout(50);
    // A moment more: nothing else is fetched before the licence is issued.
    await page.waitForTimeout(500);
    const ahead = [...fetched];
    const rendition = ahead.find((file) => file.endsWith('/init.mp4'))?.split('/')[0] ?? '(none)';
    assert.deepEqual([...ahead].sort(), expected(rendition).sort());
    assert.deepEqual(await storedCaches(page), []);
    licence.release();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    const stored = await storedFiles(page);
    for (const file of ahead) {
      assert.ok(stored.includes(file), `${file} is stored`);
      assert.equal(fetched.filter((other) => other === file).length, 1, `${file} is fetched once`);
    }
    await context.close();
  });

  test('with the data saver on, fetches nothing of the class until its licence is issued', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-saver', plan: 'standard', patience: PATIENCE });
    await page.evaluate(() => localStorage.setItem('fitstream.dataSaver', JSON.stringify('on')));
    await page.goto(`/classes/${CLASS_ID}`);
    const panel = page.getByTestId('download-panel');
    const fetched = downloadFetches(page);
    const licence = await holdLicence(page);
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await licence.asked;
    await page.waitForTimeout(500);
    assert.deepEqual([...fetched], [], 'nothing fetched while the licence is asked for');
    licence.release();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    assert.ok(fetched.some((file) => file.endsWith('/init.mp4')), 'the class is fetched once the licence is issued');
    await context.close();
  });

  test('resumes a download interrupted by a reload without fetching again the files already stored', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-resume', plan: 'standard', patience: PATIENCE });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    // The last three segments never answer on this visit: the download stops part-way.
    const held = /\/segment-00[234]\.m4s$/;
    await page.route('**/media/**', async (route) => {
      if (held.test(new URL(route.request().url()).pathname)) return;
      await route.continue();
    });
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    // Until the first two segments are stored (the page's own Cache Storage, read as they land).
    await page
      .evaluate(async (classId) => {
        const wanted = ['/segment-000.m4s', '/segment-001.m4s'];
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
          const cache = await caches.open(`fitstream-offline-${classId}`);
          const stored = (await cache.keys()).map((request) => new URL(request.url).pathname);
          if (wanted.every((end) => stored.some((p) => p.endsWith(end)))) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`the first two segments were not stored within 60 s`);
      }, CLASS_ID)
      .catch((error: unknown) => explain(page, error, problems, 'dl-resume-part'));
    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const stored = await storedFiles(page);
    assert.ok(stored.includes('720p/init.mp4') && stored.includes('720p/segment-000.m4s') && stored.includes('720p/segment-001.m4s'), `stored before the reload: ${stored.join(', ')}`);
    assert.ok(!stored.some((file) => held.test(`/${file}`)), 'the held segments are not stored');

    // After the reload the class page says how far it got, and Resume fetches only the rest.
    await panel.getByText(/Download paused at \d+%/).waitFor({ timeout: 20_000 }).catch((error: unknown) => explain(page, error, problems, 'dl-resume-paused'));
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) fetched.push(mediaFile(url.pathname));
    });
    await panel.getByRole('button', { name: 'Resume download' }).click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 }).catch((error: unknown) => explain(page, error, problems, 'dl-resume-done'));
    assert.deepEqual(fetched.filter((file) => stored.includes(file)), [], 'no stored file is fetched again');
    assert.deepEqual(fetched.filter(isSegment).sort(), ['720p/segment-002.m4s', '720p/segment-003.m4s', '720p/segment-004.m4s']);
    assert.deepEqual((await storedFiles(page)).filter(isSegment), ['720p/segment-000.m4s', '720p/segment-001.m4s', '720p/segment-002.m4s', '720p/segment-003.m4s', '720p/segment-004.m4s']);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('on a shared computer, logging out (asked first) deletes the downloads: the next account finds nothing of them, online or offline', async ({ subscriber }) => {
    const { context, page, token: first } = await subscriber({ label: 'dl-shared-a', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    assert.equal((await leftBehind(page)).served, true);

    // Log out: the question says the downloads go; staying changes nothing.
    await page.goto('/downloads');
    await page.getByTestId('download-item').waitFor();
    const logOut = page.getByRole('button', { name: 'Log out' });
    await clickInNavbar(page, logOut);
    const question = page.getByRole('alertdialog', { name: 'Log out and remove your downloads?' });
    await question.waitFor();
    assert.match(await question.innerText(), /The class you downloaded on this device will be removed from it, so that nobody else using it can watch it\./);
    await checkEverywhere(page, 'sign-out-downloads', (candidate) => candidate.getByRole('alertdialog').waitFor());
    await question.getByRole('button', { name: 'Stay logged in' }).click();
    await question.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('download-item').count(), 1);
    await clickInNavbar(page, logOut);
    await question.getByRole('button', { name: 'Log out and remove' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction((prefix) => caches.keys().then((keys) => !keys.some((key) => key.startsWith(prefix))), 'fitstream-offline-');
    assert.deepEqual(await leftBehind(page), nothingLeft);

    // Offline, the signed-out visitor is sent to sign in; the worker draws and serves nothing.
    await context.setOffline(true);
    const drawn = await page.goto('/downloads');
    assert.ok(!((await drawn?.text()) ?? '').includes('data-testid="download-item"'), 'the worker drew no download');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.deepEqual(await leftBehind(page), nothingLeft);

    // A second account, with no subscription, signs in on the same browser: nothing listed or playable, online or offline.
    await context.setOffline(false);
    const other = uniqueEmail('dl-shared-b');
    const { token: second } = await registerByApi(page, other);
    await signInThroughForm(page, other);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/downloads');
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    await page.goto(`/watch/${CLASS_ID}`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('video')].every((video) => video.paused)), true);
    // The browser's downloads are the second account's now: none.
    assert.notEqual(accountOf({ token: second }), accountOf({ token: first }));
    assert.deepEqual(await leftBehind(page), { ...nothingLeft, owner: accountOf({ token: second }) });
    await context.close();
  });

  test('another account signing in where the downloads were never released (a log-out cut short) deletes them first', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'dl-claimed-a', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    // The tab closed in the middle of logging out, and another account's session is restored next.
    const other = uniqueEmail('dl-claimed-b');
    const { token } = await registerByApi(page, other);
    await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email: other, token });
    await page.goto('/downloads');
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    await page.waitForFunction((prefix) => caches.keys().then((keys) => !keys.some((key) => key.startsWith(prefix))), 'fitstream-offline-');
    assert.deepEqual(await leftBehind(page), { ...nothingLeft, owner: accountOf({ token }) });
    await context.close();
  });

  test('removes the downloads, saying why, at the first online visit after the subscription ended', async ({ subscriber }) => {
    const { context, page, token } = await subscriber({ label: 'dl-ended', plan: 'standard', patience: PATIENCE });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    await download(page);
    assert.deepEqual(await storedCaches(page), [`fitstream-offline-${CLASS_ID}`]);

    // The subscriber cancels, and the sandbox test clock reaches the end of the period: access ends.
    const headers = { authorization: `FitStream ${token}` };
    const listed = (await (await page.request.post('/api/v1/payments/subscriptions', { headers })).json()) as { plans: { subscription_id: string }[] };
    const subscriptionId = listed.plans[0]?.subscription_id ?? '';
    assert.equal((await page.request.post('/api/v1/payments/subscription-cancel', { data: { subscription_id: subscriptionId }, headers })).status(), 200);
    assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'renew' }, headers })).status(), 200);
    const ended = (await (await page.request.post('/api/v1/payments/subscriptions', { headers })).json()) as { plans: { subscription_status: string }[] };
    assert.equal(ended.plans[0]?.subscription_status, 'canceled');

    // The next visit online: the class is removed from this device, with the reason.
    await page.reload();
    const notice = page.getByTestId('downloads-removed');
    await notice.waitFor({ timeout: 30_000 });
    assert.match(await notice.innerText(), /was removed from this device because your subscription has ended\./);
    assert.deepEqual(await storedCaches(page), []);
    await checkEverywhere(page, 'downloads-removed-ended', (candidate) => candidate.getByTestId('downloads-removed').waitFor());
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.goto('/downloads');
    await page.getByText('Nothing is downloaded on this device yet.', { exact: false }).waitFor();
    await context.close();
  });
});
