// The installable app in Chromium against the real server (docs/decisions/039): the manifest is
// served and valid (icons load at their sizes, a maskable one), the service worker registers and
// controls the page, a reload with no network opens the app shell saying "You are offline" (the
// legal pages still open), a new version waiting shows "A new version is available" and Reload
// brings it in, and data saver on /account caps the player below 1080p (480p or the lowest
// rendition above 360p: 720p on the sample ladder), remembered on the device. Each state passes
// axe and is photographed in English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { designColour } from '../../../scripts/pwa-manifest';
import { checkEverywhere, newContext, signedIn } from '../browser';

const CLASS_ID = 'sunrise-vinyasa-flow';
const tokens = readFileSync(path.resolve(import.meta.dirname, '../../../src/styles/tokens.css'), 'utf8');

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker controls the page (the first visit installs it; a reload is then controlled). */
async function controlled(page: Page): Promise<string> {
  // A pre-rendered public page registers the worker when its app starts, at the visitor's first
  // move (decision 048).
  await page.mouse.move(10, 10);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

test.describe('installable app', () => {
  test('serves a valid manifest: names, standalone, the design colours and icons at their sizes, one maskable', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/terms');
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    assert.equal(href, '/manifest.webmanifest');
    const response = await page.request.get(href);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    assert.equal(response.headers()['cache-control'], 'no-cache');
    const manifest = (await response.json()) as Manifest;
    assert.equal(manifest.name, 'FitStream');
    assert.equal(manifest.short_name, 'FitStream');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.lang, 'en');
    assert.equal(manifest.theme_color, designColour(tokens, '--bg'));
    assert.equal(manifest.background_color, designColour(tokens, '--bg'));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      assert.equal(image.status(), 200, icon.src);
      assert.equal(image.headers()['content-type'], 'image/png');
      assert.equal(pngSize(await image.body()), icon.sizes, icon.src);
    }
    const sizes = manifest.icons.map((icon) => icon.sizes);
    assert.ok(sizes.includes('192x192') && sizes.includes('512x512'));
    assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512'));
    // The worker (built from src/sw with its Workbox modules in it, so it imports no script) is
    // revalidated on every update check; the CSP allows it.
    const worker = await page.request.get('/sw.js');
    assert.equal(worker.headers()['cache-control'], 'no-cache');
    assert.doesNotMatch(await worker.text(), /importScripts\(/);
    const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
    assert.match(csp, /worker-src 'self'/);
    assert.match(csp, /manifest-src 'self'/);
    await context.close();
  });

  test('registers a worker that controls the page, and offline a reload opens the app shell saying "You are offline"', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    await signedIn(page, 'pwa-offline');
    await page.goto('/home');
    assert.match(await controlled(page), /\/sw\.js$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The connection drops: the page that needs it says so at once.
    await context.setOffline(true);
    const notice = page.getByRole('heading', { level: 1, name: 'You are offline' });
    await notice.waitFor();
    // A reload with no network: the app shell from the worker, with the notice (not the browser's error page).
    await page.reload();
    await notice.waitFor();
    await page.getByRole('navigation').first().waitFor();
    assert.equal(await page.title(), 'Home · FitStream');
    await checkEverywhere(page, 'pwa-offline');
    // Another page that needs the network, opened offline, says the same.
    await page.goto('/classes');
    await notice.waitFor();
    // The legal and information pages still open.
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: /terms/i }).waitFor();
    assert.equal(await page.getByTestId('offline-notice').count(), 0);

    // Back online, the page opens by itself.
    await page.goto('/home');
    await notice.waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('shows a new-classes push as a notification that links to the classes', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'pwa-push');
    await page.goto('/home');
    assert.match(await controlled(page), /\/sw\.js$/);
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(['notifications'], { origin });
    // What a push service delivers to the worker (the server's payload, server/modules/notifications/push.ts).
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'New classes this week', body: '3 new classes are waiting for you.', url: '/classes', tag: 'new-classes-2026-W48' };
    const registrationId = await registration;
    // The worker shows it once the push event is handled. On a loaded machine a push delivered while the
    // worker is still starting can be dropped, so deliver again (same tag: one notification) up to 3 times.
    let shown: { title: string; body: string; tag: string; url: string }[] = [];
    for (let delivery = 0; delivery < 3 && shown.length === 0; delivery += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
      shown = await page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const notifications = await ready.getNotifications();
          if (notifications.length > 0) return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return [];
      });
    }
    assert.deepEqual(shown, [{ title: payload.title, body: payload.body, tag: payload.tag, url: '/classes' }]);
    await context.close();
  });

  test('shows "A new version is available" when a new worker waits, and Reload brings it in', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/terms');
    await controlled(page);
    const prompt = page.getByTestId('update-prompt');
    assert.equal(await prompt.count(), 0);
    // A new build: a worker script the page has not seen installs beside the current one and waits.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?build=2').then(() => undefined));
    await prompt.getByText('A new version is available').waitFor({ timeout: 20_000 });
    await checkEverywhere(page, 'pwa-update-available');
    const before = await page.evaluate(() => performance.timeOrigin);
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The waiting version took over (it no longer waits) and the page loaded again, controlled.
    await page.waitForFunction((was) => performance.timeOrigin !== was && document.readyState === 'complete', before, { timeout: 20_000 });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const waitingAfter = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? null);
    assert.ok(!waitingAfter?.endsWith('/sw.js?build=2'), `the new version still waits: ${waitingAfter}`);
    await context.close();
  });

  test('caps the player with data saver on (set on /account, remembered on the device) and lifts the cap from the player', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'pwa-data-saver', plan: 'standard' }); // Standard: 360p, 720p and 1080p
    const media: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) media.push(url.pathname);
    });
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Data saver' });
    await section.getByRole('radio', { name: 'On', exact: true }).check();
    await section.getByText('Video quality is limited on this device now.').waitFor();
    await checkEverywhere(page, 'pwa-account-data-saver');
    assert.equal(await page.evaluate(() => localStorage.getItem('fitstream.dataSaver')), '"on"');

    await page.goto(`/watch/${CLASS_ID}`);
    const quality = page.getByLabel(/^quality/i);
    await quality.waitFor({ timeout: 20_000 });
    const toggle = page.getByTestId('player-toggle');
    const playButton = page.locator('.player__overlay').getByRole('button', { name: /^play$/i });
    if (await playButton.isVisible()) await playButton.click().catch(() => {});
    await toggle.filter({ hasText: /^pause$/i }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > 3, undefined, { timeout: 30_000 });
    assert.equal(await page.getByRole('switch', { name: 'Data saver' }).isChecked(), true);
    // Standard's ladder is 360p, 720p and 1080p: data saver allows up to 720p (the lowest above 360p).
    const options = await quality.locator('option').allTextContents();
    assert.deepEqual(options.slice(1), ['720p', '360p']);
    assert.ok(media.some((p) => /\/(360p|720p)\//.test(p)), `segments were loaded: ${media.join(', ')}`);
    assert.deepEqual(media.filter((p) => /\/(1080p|2160p)\//.test(p)), []);
    await checkEverywhere(page, 'pwa-player-data-saver');

    // Off in the player: the plan's whole ladder again, remembered after a reload.
    await page.getByRole('switch', { name: 'Data saver' }).uncheck();
    await page.waitForFunction(() => [...document.querySelectorAll('.player__quality option')].some((o) => o.textContent === '1080p'));
    await page.reload();
    await page.getByRole('switch', { name: 'Data saver' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('switch', { name: 'Data saver' }).isChecked(), false);
    assert.equal(await page.evaluate(() => localStorage.getItem('fitstream.dataSaver')), '"off"');
    await context.close();
  });
});
