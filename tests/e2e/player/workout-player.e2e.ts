// Workout mode in the player (/watch/:id, docs/decisions/036) in Chromium against the real server
// and the sample media: the class's parts are marks on the seek bar and "Next part" moves the
// video to the next part's start (the lock screen's next track too); the screen wake lock is
// requested while the class plays and released on pause (navigator.wakeLock observed through an
// init script that wraps it); the lock screen shows the class (Media Session metadata); the speed
// changes with the pitch kept; and the player passes axe in English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { chooseLanguage, DESKTOP, expectAccessible, MOBILE, newContext, screenshot, signedIn, subscribeByApi } from '../browser';

const CLASS_ID = 'sunrise-vinyasa-flow';
const WATCH = `/watch/${CLASS_ID}`;

declare global {
  interface Window {
    /** What the page did with navigator.wakeLock, in order: 'request', 'release'. */
    __wakeLog?: string[];
    /** The Media Session action handlers the page set, by action. */
    __mediaHandlers?: Record<string, ((details: object) => void) | null>;
  }
}

/**
 * Wraps navigator.wakeLock.request so the test sees every request and release. Headless Chromium
 * may refuse a real lock: a refused request is answered with a stand-in sentinel, so what the
 * page asks for and gives back is observed all the same. It also keeps the Media Session's
 * action handlers where the test can press them, as the lock screen would.
 */
// A string, not a function: tsx names nested functions with a helper the page does not have.
const observeWorkoutApis = `(() => {
  const log = [];
  window.__wakeLog = log;
  const original = navigator.wakeLock;
  function sentinelFor(real) {
    const target = new EventTarget();
    target.released = false;
    target.type = 'screen';
    target.release = async function () {
      if (target.released) return;
      target.released = true;
      log.push('release');
      if (real) await real.release().catch(function () {});
    };
    return target;
  }
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async function (type) {
        log.push('request');
        const real = original ? await original.request(type).catch(function () { return null; }) : null;
        return sentinelFor(real);
      },
    },
  });
  const handlers = {};
  window.__mediaHandlers = handlers;
  const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
  navigator.mediaSession.setActionHandler = function (action, handler) {
    handlers[action] = handler;
    set(action, handler);
  };
})();`;

async function subscriber(browser: Browser, label: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await context.addInitScript({ content: observeWorkoutApis });
  const page = await context.newPage();
  const { token } = await signedIn(page, label);
  await subscribeByApi(page, token, 'standard');
  return { context, page };
}

const video = (page: Page) => page.locator('video.player__video');
const wakeLog = (page: Page) => page.evaluate(() => window.__wakeLog ?? []);

async function play(page: Page): Promise<void> {
  await page.goto(WATCH);
  await video(page).waitFor({ state: 'attached', timeout: 20_000 });
  const playButton = page.locator('.player__overlay').getByRole('button', { name: /^play$/i });
  const pauseButton = page.getByTestId('player-toggle').filter({ hasText: /^pause$/i });
  await Promise.race([playButton.waitFor({ timeout: 20_000 }), pauseButton.waitFor({ timeout: 20_000 })]);
  if (await playButton.isVisible()) await playButton.click({ timeout: 3000 }).catch(() => {});
  await pauseButton.waitFor({ timeout: 20_000 });
}

async function pause(page: Page): Promise<void> {
  await page.getByTestId('player-toggle').filter({ hasText: /^pause$/i }).click();
  await page.getByTestId('player-toggle').filter({ hasText: /^play$/i }).waitFor();
}

test.describe('workout-mode player', () => {
  // One page for the whole file, its tests in order: each goes on from where the last left it.
  test.describe.configure({ mode: 'default' });
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await subscriber(browser, 'workout-player'));
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('shows the parts as marks on the seek bar, and Next part moves to the next part’s start', async () => {
    await play(page);
    // The class (20 min) has a warm-up, a main set from 5 min and a cool-down from 16 min: two marks after the start.
    await page.getByTestId('chapter-marks').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.player__mark').count(), 2);
    await page.getByTestId('player-part').filter({ hasText: 'Warm-up (part 1 of 3)' }).waitFor();
    await pause(page);
    await page.getByRole('button', { name: 'Next part' }).click();
    await page.waitForFunction(() => Math.abs((document.querySelector('video.player__video') as HTMLVideoElement).currentTime - 300) < 0.5);
    await page.getByTestId('player-part').filter({ hasText: 'Main set (part 2 of 3)' }).waitFor();
    assert.match((await page.getByRole('slider', { name: /seek/i }).getAttribute('aria-valuetext')) ?? '', /Main set \(part 2 of 3\)/);
    // The lock screen's "next track" is Next part as well; N on the keyboard too.
    await page.evaluate(() => window.__mediaHandlers?.nexttrack?.({ action: 'nexttrack' }));
    await page.waitForFunction(() => Math.abs((document.querySelector('video.player__video') as HTMLVideoElement).currentTime - 960) < 0.5);
    await page.getByRole('button', { name: 'Previous part' }).click();
    await page.waitForFunction(() => Math.abs((document.querySelector('video.player__video') as HTMLVideoElement).currentTime - 300) < 0.5);
    // The last part has no next part.
    await page.getByRole('slider', { name: /seek/i }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('n');
    await page.waitForFunction(() => Math.abs((document.querySelector('video.player__video') as HTMLVideoElement).currentTime - 960) < 0.5);
    assert.equal(await page.getByRole('button', { name: 'Next part' }).isDisabled(), true);
  });

  test('keeps the screen on while the class plays and lets it sleep on pause', async () => {
    const before = (await wakeLog(page)).length;
    await page.getByTestId('player-toggle').filter({ hasText: /^play$/i }).click();
    await page.waitForFunction((count) => (window.__wakeLog ?? []).slice(count).includes('request'), before);
    assert.equal(await page.evaluate(() => navigator.mediaSession.playbackState), 'playing');
    await pause(page);
    await page.waitForFunction((count) => (window.__wakeLog ?? []).slice(count).join(',') === 'request,release', before);
    assert.equal(await page.evaluate(() => navigator.mediaSession.playbackState), 'paused');
  });

  test('puts the class on the lock screen: title, instructor and poster', async () => {
    const metadata = await page.evaluate(() => {
      const { metadata: m } = navigator.mediaSession;
      return m && { title: m.title, artist: m.artist, artwork: m.artwork.map((art) => new URL(art.src).pathname) };
    });
    assert.deepEqual(metadata, { title: 'Sunrise Vinyasa Flow', artist: 'Lucía Martín', artwork: ['/media/class-sunrise-vinyasa-flow/poster.jpg'] });
    for (const action of ['play', 'pause', 'seekto', 'seekbackward', 'seekforward', 'nexttrack', 'previoustrack']) {
      assert.equal(await page.evaluate((name) => typeof window.__mediaHandlers?.[name], action), 'function', action);
    }
  });

  test('changes the speed with the pitch kept', async () => {
    const speed = page.getByRole('combobox', { name: 'Speed' });
    assert.deepEqual(await speed.locator('option').allTextContents(), ['0.75×', '0.9×', '1×', '1.1×', '1.25×']);
    await speed.selectOption('1.25');
    await page.waitForFunction(() => (document.querySelector('video.player__video') as HTMLVideoElement).playbackRate === 1.25);
    assert.equal(await video(page).evaluate((element: HTMLVideoElement) => element.preservesPitch), true);
  });

  test('passes axe in English and Spanish at 375 and 1280 px', async () => {
    for (const language of ['en', 'es'] as const) {
      await page.setViewportSize(DESKTOP);
      await chooseLanguage(page, language);
      await page.getByTestId('player-part').filter({ hasText: language === 'en' ? 'Cool-down' : 'Vuelta a la calma' }).waitFor();
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        await expectAccessible(page, `workout player (${language}, ${size.width} px)`);
        await screenshot(page, `player-workout-${language}-${size.width}`);
      }
    }
    await page.setViewportSize(DESKTOP);
    await chooseLanguage(page, 'en');
  });
});
