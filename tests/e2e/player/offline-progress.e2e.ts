// Progress watched while the connection is down (decision 041), in Chromium against the real
// server: a subscriber plays a class, the network drops mid-play, the player's last report is
// kept on the device (IndexedDB); when the connection returns it is sent once, saved as watched
// before the connection returned, and the class shows in Continue watching and as "Continue".
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { newContext } from '../browser';
import { subscribedWithTrial } from '../flows/account-flow-drivers';

const CLASS_ID = 'sunrise-vinyasa-flow';

/** In the page: whether the device's queue (IndexedDB `fitstream-progress`) holds `wanted` reports. */
function queuedReports(wanted: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('fitstream-progress');
    open.onsuccess = () => {
      const count = open.result.transaction('reports').objectStore('reports').count();
      count.onsuccess = () => resolve(count.result === wanted);
    };
    open.onerror = () => resolve(false);
  });
}

test.describe('offline progress', () => {
  test('keeps the progress watched offline and sends it once when the connection returns', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await subscribedWithTrial(page, 'offline-progress');
    // The progress reports that reach the server (their bodies are streamed, so the answers are read).
    const reports: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/v1/playback/progress/${CLASS_ID}`) reports.push(Date.now());
    });

    await page.goto(`/watch/${CLASS_ID}`);
    const playButton = page.locator('.player__overlay').getByRole('button', { name: /^play$/i });
    const pauseButton = page.getByTestId('player-toggle').filter({ hasText: /^pause$/i });
    await Promise.race([playButton.waitFor({ timeout: 20_000 }), pauseButton.waitFor({ timeout: 20_000 })]);
    if (await playButton.isVisible()) await playButton.click({ timeout: 3000 }).catch(() => {});
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > 3, undefined, { timeout: 30_000 });
    // Under 10 s of playing, no report has gone yet: the one that counts is made offline.
    assert.equal(reports.length, 0);

    // The connection drops mid-play: the player keeps what it has buffered (the watch page works
    // offline, for downloaded classes), and the report a pause makes stays on the device.
    await context.setOffline(true);
    await pauseButton.click();
    await page.waitForFunction(queuedReports, 1, { timeout: 10_000 });
    const offlineAt = Date.now();
    assert.equal(reports.length, 0, 'nothing is sent while offline');

    // Back online: the queued report goes to the server, saved as watched before the connection returned.
    const sent = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/playback/progress/') && response.status() === 200);
    await context.setOffline(false);
    const { progress } = (await (await sent).json()) as { progress: { position_seconds: number; updated_at: string } };
    assert.ok(progress.position_seconds > 2, `the position watched: ${progress.position_seconds}`);
    assert.ok(Date.parse(progress.updated_at) <= offlineAt, `saved as watched at ${progress.updated_at}, before the connection returned`);
    assert.equal(reports.length, 1);
    assert.ok(reports[0]! > offlineAt);

    // It counts like online progress: Continue watching on the home, and Continue on the class page.
    await page.goto('/home');
    const row = page.getByRole('region', { name: 'Continue watching' });
    await row.getByRole('link', { name: /sunrise vinyasa flow/i }).first().waitFor();
    await page.goto(`/classes/${CLASS_ID}`);
    await page.getByRole('button', { name: 'Continue' }).or(page.getByRole('link', { name: 'Continue' })).first().waitFor();
    // Sent once: nothing stays queued to be sent again.
    await page.waitForFunction(queuedReports, 0, { timeout: 10_000 });
    await context.close();
  });
});
