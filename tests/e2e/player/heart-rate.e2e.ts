// Heart rate in the browser (issue 43): a simulated Bluetooth strap (Chromium's BluetoothEmulation,
// tests/e2e/fixtures/heart-rate-strap.ts) paired from the player after the profile turned
// recording on and told its maximum; its live value and zone on the picture; a lost connection
// shown as "Reconnecting…" while the class plays on, then the value again; at the end the summary
// and "How hard was it?"; the monitor found again by itself on /account and in the next class; on
// Activity the class's effort and heart rate; "Delete my heart-rate data" leaves the rating. A browser without Web Bluetooth (Safari, Firefox) is told so and only
// rates its class. axe in en and es at 375 and 1280 px.
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import { EVERYWHERE, test, type Language } from '../playwright-utils';
import { baseUrl, checkEverywhere, expectAccessible, screenshot, storeLanguage } from '../browser';
import { simulateHeartRateStrap, type SimulatedStrap } from '../fixtures/heart-rate-strap';

const app: Record<Language, Record<string, string>> = { en: appEn, es: appEs };
const CLASS_ID = 'sunrise-vinyasa-flow';
const NEXT_CLASS_ID = 'power-yoga-core';

/** In the page: whether the device's progress queue (IndexedDB `fitstream-progress`) holds `least` to `most` reports. */
function queuedReports([least, most]: [number, number]): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('fitstream-progress');
    open.onsuccess = () => {
      const count = open.result.transaction('reports').objectStore('reports').count();
      count.onsuccess = () => resolve(count.result >= least && count.result <= most);
    };
    open.onerror = () => resolve(false);
  });
}

/** Plays the class muted from where it is until it has played a little. */
async function playFor(page: Page, seconds: number): Promise<void> {
  const video = page.locator('video.player__video');
  await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.duration ?? 0) > 0, undefined, { timeout: 30_000 });
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play().catch(() => {});
  });
  await page.waitForFunction((wanted) => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > wanted, seconds, { timeout: 30_000 });
}

/** Jumps to the class's last half second: it ends, and the player asks how hard it was. */
async function finish(page: Page): Promise<void> {
  await page.locator('video.player__video').evaluate(async (element: HTMLVideoElement) => {
    element.currentTime = Math.max(0, element.duration - 0.5);
    await element.play().catch(() => {});
  });
}

/** A beat once the app has subscribed again (after a reconnection the strap answers only then). */
async function beatWhenBack(strap: SimulatedStrap, bpm: number): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      return await strap.beat(bpm);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

test.describe('heart rate and effort', () => {
  test('pairs a monitor, shows the live heart rate and zone, rides out a lost connection, and keeps the summary on Activity', async ({ subscriber, browser }) => {
    test.setTimeout(240_000);
    const { page } = await subscriber({ label: 'heart-rate', plan: 'standard', patience: 30_000 });

    // Nothing is recorded before the profile turns it on: /account, with a maximum for the zones.
    await page.goto('/account');
    const settings = page.getByTestId('heart-rate-settings');
    await settings.getByLabel('Maximum heart rate (bpm), if you know it').fill('300');
    await settings.getByRole('button', { name: 'Save heart-rate settings' }).click();
    await settings.getByText('Enter a maximum heart rate from 100 to 230, or leave it empty.').waitFor();
    await settings.getByLabel('Maximum heart rate (bpm), if you know it').fill('190');
    await settings.getByLabel('Record my heart rate with my classes').check();
    await settings.getByRole('button', { name: 'Save heart-rate settings' }).click();
    await settings.getByText('Your heart-rate settings have been saved.').waitFor();
    await checkEverywhere(page, 'account-heart-rate');

    await page.goto(`/watch/${CLASS_ID}`);
    const panel = page.getByTestId('heart-rate-panel');
    const connect = panel.getByRole('button', { name: 'Connect heart-rate monitor' });
    await connect.waitFor();
    const strap = await simulateHeartRateStrap(browser, page, { name: 'Polar H10', battery: 87 });
    try {
      await connect.click();
      await panel.getByText(/Connected: Polar H10 · Battery 87\s?%/).waitFor();

      await playFor(page, 1);
      const live = page.getByTestId('live-heart-rate');
      await strap.beat(120);
      await live.getByText('120 bpm', { exact: true }).waitFor();
      await live.getByText('Zone 2', { exact: true }).waitFor();
      await strap.beat(175);
      await live.getByText('175 bpm', { exact: true }).waitFor();
      await live.getByText('Zone 5', { exact: true }).waitFor();
      // A screen reader heard the first reading, and hears no other within the minute.
      assert.equal(await live.getByRole('status').textContent(), 'Heart rate 120 beats per minute, zone 2');
      await checkEverywhere(page, 'player-heart-rate-live', (p) => p.getByTestId('live-heart-rate').waitFor());

      // The strap drops out: "Reconnecting…" on the picture, no dialog over the class, which plays on.
      await strap.disconnect();
      await live.locator('.player__heart-rate-value').getByText('Reconnecting…', { exact: true }).waitFor();
      assert.equal(await live.getByRole('status').textContent(), 'Reconnecting…');
      assert.equal(await page.getByRole('alertdialog').count(), 0);
      assert.equal(await page.locator('video.player__video').evaluate((element: HTMLVideoElement) => element.paused), false);
      await screenshot(page, 'player-heart-rate-reconnecting-en-1280');
      await beatWhenBack(strap, 150);
      await live.getByText('150 bpm', { exact: true }).waitFor();
      await strap.beat(150);

      // The end: the summary and "How hard was it?".
      await finish(page);
      const effort = page.getByTestId('effort-panel');
      await effort.getByRole('heading', { name: 'How hard was it?' }).waitFor();
      await effort.getByText('Average heart rate').waitFor();
      await effort.getByText('Time in zone 5').waitFor();
      await checkEverywhere(page, 'player-effort-asking', (p) => p.getByTestId('effort-panel').waitFor());
      await effort.getByRole('button', { name: '7 of 10' }).click();
      await effort.getByText(/^Effort: \d+$/).waitFor();
      await effort.getByText('Minutes in each heart-rate zone, weighted 1 to 5.').waitFor();

      // The monitor chosen before is found by itself: on /account (where it can be paired before a
      // class) and when the next class starts, with no chooser.
      await strap.keepAlive();
      await page.goto('/account');
      const monitor = page.getByTestId('heart-rate-monitor');
      await monitor.getByText(/Connected: Polar H10/).waitFor();
      await beatWhenBack(strap, 140);
      await monitor.getByTestId('monitor-reading').getByText('140 bpm · Zone 3').waitFor();
      await page.goto(`/watch/${NEXT_CLASS_ID}`);
      await panel.getByText(/Connected: Polar H10/).waitFor();
      assert.equal(strap.operations.filter((operation) => operation.kind === 'chooser').length, 1, 'the chooser opened once');
    } finally {
      await strap.dispose();
    }

    // Activity: the class with its effort and heart rate, and effort per week beside minutes.
    await page.goto('/activity');
    const history = page.getByRole('region', { name: /completed classes/i });
    await history.getByText(/Effort \d+/).waitFor();
    await history.getByText('Rated 7/10').waitFor();
    const heartRate = history.locator('details.activity-history__heart-rate');
    await heartRate.getByText(/Heart rate: average \d+, maximum 175 bpm/).click();
    await heartRate.getByText('Time in zone 5').waitFor();
    await page.getByRole('img', { name: /effort per week/i }).waitFor();
    const effortThisWeek = Number(await page.locator('.activity-weeks__table tbody tr').last().locator('td').last().innerText());
    assert.ok(effortThisWeek > 0, `this week's effort in the table: ${effortThisWeek}`);
    await checkEverywhere(page, 'activity-effort');

    // Delete my heart-rate data: the summary goes, the rating and the class stay.
    await page.goto('/account');
    await settings.getByRole('button', { name: 'Delete my heart-rate data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your heart-rate data?' });
    await expectAccessible(page, 'the heart-rate deletion dialog');
    await dialog.getByRole('button', { name: 'Delete heart-rate data' }).click();
    await settings.getByText('Your heart-rate data has been deleted. Recording is off.').waitFor();
    assert.equal(await settings.getByLabel('Record my heart rate with my classes').isChecked(), false);
    await page.goto('/activity');
    await history.getByText('Rated 7/10').waitFor();
    assert.equal(await history.locator('details.activity-history__heart-rate').count(), 0);
  });

  test('offline at the end of a class, its heart rate and rating wait on the device and are sent once when the connection returns', async ({ subscriber, browser }) => {
    test.setTimeout(180_000);
    const { page, context, token } = await subscriber({ label: 'heart-rate-offline', plan: 'standard', patience: 30_000 });
    const turnedOn = await page.request.put(`${baseUrl}/api/v1/account/heart-rate`, {
      headers: { authorization: `FitStream ${token}` },
      data: { recording: true, max_heart_rate: 190, birth_year: null },
    });
    assert.equal(turnedOn.status(), 200);
    await page.goto(`/watch/${CLASS_ID}`);
    const panel = page.getByTestId('heart-rate-panel');
    const connect = panel.getByRole('button', { name: 'Connect heart-rate monitor' });
    await connect.waitFor();
    const strap = await simulateHeartRateStrap(browser, page, { name: 'Polar H10' });
    try {
      await connect.click();
      await panel.getByText(/Connected: Polar H10/).waitFor();
      // The last seconds of the class, buffered while online; then the connection drops.
      await playFor(page, 1);
      await page.locator('video.player__video').evaluate((element: HTMLVideoElement) => {
        element.currentTime = Math.max(0, element.duration - 6);
      });
      await page.waitForFunction(() => {
        const video = document.querySelector('video.player__video') as HTMLVideoElement | null;
        return video !== null && video.currentTime > video.duration - 5.5 && video.buffered.length > 0 && video.buffered.end(video.buffered.length - 1) >= video.duration - 0.1;
      }, undefined, { timeout: 30_000 });
      await context.setOffline(true);
      await strap.beat(160);
      await page.getByTestId('live-heart-rate').getByText('160 bpm', { exact: true }).waitFor();
      const effort = page.getByTestId('effort-panel');
      await effort.getByRole('heading', { name: 'How hard was it?' }).waitFor({ timeout: 30_000 });
      await effort.getByText('Average heart rate').waitFor();
      await effort.getByRole('button', { name: '8 of 10' }).click();
      await effort.getByText('Saved on this device: sent when you are back online.').waitFor();
      // On the device: the end's report and the one that carries the effort (and the leaving page's).
      await page.waitForFunction(queuedReports, [2, 3] as [number, number], { timeout: 10_000 });
    } finally {
      await strap.dispose();
    }

    // Back online: sent, nothing left to send again, and the class on Activity with both.
    await context.setOffline(false);
    // The server has the class's effort. The queue sends its reports one after the other, at once
    // or, when the first try after the return finds no network yet, 30 s later.
    const serverHistory = () => page.request.get(`${baseUrl}/api/v1/activity/history`, { headers: { authorization: `FitStream ${token}` } });
    for (const until = Date.now() + 45_000; ; ) {
      const [item] = ((await (await serverHistory()).json()) as { items: { effort: { rating: number } | null }[] }).items;
      if (item?.effort?.rating === 8) break;
      assert.ok(Date.now() < until, `the effort reached the server: ${JSON.stringify(item)}`);
      await page.waitForTimeout(250);
    }
    await page.waitForFunction(queuedReports, [0, 0] as [number, number], { timeout: 10_000 });
    await page.goto('/activity');
    const history = page.getByRole('region', { name: /completed classes/i });
    await history.getByText('Rated 8/10').waitFor();
    await history.getByText(/Heart rate: average 160, maximum 160 bpm/).click();
    // 160 of 190 is zone 4 (80–90 %).
    const zones = history.locator('.heart-rate-summary .kv__value');
    assert.deepEqual((await zones.allInnerTexts()).slice(2).map((time) => time !== '0:00'), [false, false, false, true, false]);
  });

  test('without Web Bluetooth the player says so and asks only how hard it was', { tag: EVERYWHERE }, async ({ subscriber, language, width, size }) => {
    test.setTimeout(120_000);
    const { page, context } = await subscriber({ label: `effort-${language}-${width}`, plan: 'standard', patience: 30_000 });
    await context.addInitScript(() => {
      delete (Navigator.prototype as { bluetooth?: unknown }).bluetooth;
    });
    await page.setViewportSize(size);
    await storeLanguage(page, language);
    const say = app[language];

    await page.goto(`/watch/${CLASS_ID}`);
    const panel = page.getByTestId('heart-rate-panel');
    await panel.getByText(say['heartRate.unavailable']!).waitFor();
    assert.equal(await panel.getByRole('button').count(), 0, 'no button that could only fail');
    await playFor(page, 1);
    await finish(page);
    const effort = page.getByTestId('effort-panel');
    await effort.getByRole('heading', { name: say['effort.question'] }).waitFor();
    assert.equal(await effort.locator('.heart-rate-summary').count(), 0);
    await expectAccessible(page, `How hard was it? (${language}, ${width} px)`);
    await screenshot(page, `player-effort-asking-${language}-${width}`);
    await effort.getByRole('button', { name: say['effort.rating']!.replace('{rating}', '6') }).click();
    await effort.getByText(say['effort.scoredByRating']!).waitFor();
    await expectAccessible(page, `the effort kept (${language}, ${width} px)`);
    await screenshot(page, `player-effort-saved-${language}-${width}`);
  });
});
