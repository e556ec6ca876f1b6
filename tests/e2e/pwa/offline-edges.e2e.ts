// The rough edges of the installable app (issue 40), in Chromium against the real server: a class
// saved or unsaved offline (in the player of a downloaded class) stays as shown, says it waits,
// survives a reload and is sent once when the connection returns; the
// subscribers' links come back when the connection does (no need to open Home), a visitor offline
// is told what is possible instead of a link that leads back to the same page, "Install app"
// shows only when the browser offers to install (a synthetic `beforeinstallprompt`), and a
// Spanish page links a Spanish manifest. Each changed screen is photographed in English and
// Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { checkEverywhere, chooseLanguage, DESKTOP, MOBILE, newContext, screenshot } from '../browser';

/** Waits until the service worker controls the page (the first visit installs it; a reload is then controlled). */
async function controlled(page: Page): Promise<void> {
  // A pre-rendered public page starts its app (which registers the worker) at the first move (decision 048).
  await page.mouse.move(10, 10);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** What the browser fires when the app may be installed, with the answer the prompt will get; counts the prompts shown. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((answer) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt?: () => Promise<void>; userChoice?: Promise<unknown> };
    const counts = window as unknown as { installPrompts?: number };
    offer.prompt = () => {
      counts.installPrompts = (counts.installPrompts ?? 0) + 1;
      return Promise.resolve();
    };
    offer.userChoice = Promise.resolve({ outcome: answer, platform: 'web' });
    window.dispatchEvent(offer);
  }, outcome);
}

const CLASS_ID = 'sunrise-vinyasa-flow';

/** Whether the account's list on the server holds the class. */
async function savedOnServer(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get('/api/v1/favourites', { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status(), 200);
  return ((await response.json()) as { classes: { id: string }[] }).classes.some((card) => card.id === CLASS_ID);
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts ?? 0);

test.describe('the installable app, rough edges', () => {
  test('saves and unsaves a class offline: shown at once, kept through a reload, sent once when back online', async ({ subscriber }) => {
    const { context, page, token } = await subscriber({ label: 'offline-favourite', plan: 'standard', patience: 30_000 });
    await page.goto(`/classes/${CLASS_ID}`);
    await controlled(page);
    const panel = page.getByTestId('download-panel');
    await panel.getByRole('button', { name: 'Download', exact: true }).click();
    await panel.getByTestId('download-done').waitFor({ timeout: 60_000 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/favourites/${CLASS_ID}`) sent.push(request.method());
    });

    // Offline, in the player of the downloaded class: Save stays pressed and says it waits.
    await context.setOffline(true);
    await page.goto(`/watch/${CLASS_ID}`);
    const save = page.locator('button.player__save');
    const waiting = page.getByRole('status').filter({ hasText: 'Saved on this device: sent when you are back online.' });
    await save.click();
    await waiting.waitFor();
    assert.equal(await save.getAttribute('aria-pressed'), 'true');
    await checkEverywhere(page, 'favourite-waiting-player', (p) => p.locator('.save-button__waiting').waitFor());
    // Kept on the device: a reload with no network shows it the same.
    await page.reload();
    await waiting.waitFor();
    assert.equal(await save.getAttribute('aria-pressed'), 'true');
    assert.equal(await savedOnServer(page, token), false);

    // Back online: sent once, and it no longer waits.
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    assert.equal(await save.getAttribute('aria-pressed'), 'true');
    assert.equal(await savedOnServer(page, token), true);
    assert.deepEqual(sent.filter((method) => method === 'PUT'), ['PUT']);

    // Unsaved offline, sent likewise.
    await context.setOffline(true);
    await save.click();
    const removed = page.getByRole('status').filter({ hasText: 'Removed on this device: sent when you are back online.' });
    await removed.waitFor();
    assert.equal(await save.getAttribute('aria-pressed'), 'false');
    await context.setOffline(false);
    await removed.waitFor({ state: 'detached' });
    assert.equal(await savedOnServer(page, token), false);
    assert.deepEqual(sent.filter((method) => method === 'DELETE'), ['DELETE']);
  });

  test('asks again whether the account subscribes when the connection returns: Activity is back without opening Home', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'offline-membership', plan: 'standard' });
    await page.goto('/classes');
    await controlled(page);
    const activity = page.locator('header.navbar a[href="/activity"]');
    await activity.waitFor({ state: 'attached' });
    // Offline, the page opened again cannot ask: no subscribers' links.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    assert.equal(await activity.count(), 0);
    // Back online, on the same page: Activity is in the menu again.
    await context.setOffline(false);
    await activity.waitFor({ state: 'attached' });
    assert.equal(new URL(page.url()).pathname, '/classes');
  });

  test('offline and signed out, a page that needs the network says what is possible, with no link back to itself', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/terms');
    await controlled(page);
    await context.setOffline(true);
    await page.goto('/classes');
    await page.getByTestId('offline-notice').waitFor();
    // /downloads would send a visitor to the log-in page, which needs the network: no such link.
    assert.equal(await page.getByTestId('offline-notice').getByRole('link').count(), 0);
    await page.getByText('Downloaded classes play without a connection once you are logged in on this device.').waitFor();
    await checkEverywhere(page, 'offline-signed-out', (p) => p.getByTestId('offline-signed-out').waitFor());
    await context.close();
  });

  test('shows "Install app" only when the browser offers it, opens its prompt once, and hides it once installed', async ({ subscriber }) => {
    const { page } = await subscriber({ label: 'offline-install', plan: 'standard' });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const install = page.getByRole('button', { name: 'Install app' });
    assert.equal(await install.count(), 0);

    // Offered, then dismissed: the button goes until the browser offers again.
    await offerInstall(page, 'dismissed');
    await install.click();
    await install.waitFor({ state: 'detached' });
    assert.equal(await prompts(page), 1);

    await offerInstall(page, 'accepted');
    await install.waitFor();
    await checkEverywhere(page, 'install-offered', (p) => p.locator('.navbar__install').waitFor({ state: 'attached' }));
    // Narrow, it is in the menu, with its words.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Menu' }).click();
    await screenshot(page, 'install-offered-menu-en-375');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.setViewportSize(DESKTOP);
    await install.click();
    await install.waitFor({ state: 'detached' });
    assert.equal(await prompts(page), 2);
    // Installed, a later offer brings nothing back.
    await offerInstall(page, 'accepted');
    assert.equal(await install.count(), 0);

    // Installed another way (the browser's own menu): the button goes as well.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await offerInstall(page, 'accepted');
    await install.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await install.waitFor({ state: 'detached' });
  });

  test('a Spanish page links a Spanish manifest (name, description, lang), before and after the app starts', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/terms');
    // The app started (it registers the worker once up).
    await controlled(page);
    await chooseLanguage(page, 'es');
    const link = page.locator('link[rel=manifest]');
    await page.waitForFunction(() => document.querySelector('link[rel=manifest]')?.getAttribute('href') === '/manifest.es.webmanifest');
    const response = await page.request.get('/manifest.es.webmanifest');
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const spanish = (await response.json()) as { name: string; description: string; lang: string; start_url: string; icons: unknown[] };
    const english = (await (await page.request.get('/manifest.webmanifest')).json()) as typeof spanish;
    assert.equal(spanish.lang, 'es');
    assert.equal(spanish.name, 'FitStream');
    assert.equal(spanish.description, 'Clases de fitness en streaming en todas tus pantallas.');
    assert.equal(english.lang, 'en');
    assert.equal(english.description, 'Fitness classes streamed to every screen.');
    assert.deepEqual(spanish.icons, english.icons);
    assert.equal(spanish.start_url, english.start_url);
    // The pre-rendered page the server answers in Spanish links it before any script has run.
    const html = await (await page.request.get('/terms')).text();
    assert.match(html, /<html lang="es"/);
    assert.match(html, /<link rel="manifest" href="\/manifest\.es\.webmanifest"/);
    // Back to English, the app links the English one again.
    await chooseLanguage(page, 'en');
    await page.waitForFunction(() => document.querySelector('link[rel=manifest]')?.getAttribute('href') === '/manifest.webmanifest');
    assert.equal(await link.count(), 1);
    await context.close();
  });
});
