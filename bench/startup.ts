// Start-up time of a class (issue 39): in Debian's Chromium on an emulated fast 4G link
// (Chrome DevTools Protocol's Network.emulateNetworkConditions: 9 Mbit/s down, 60 ms round
// trip), through the media edge (nginx in front of the compiled server, media from the edge),
// from a press of Play to the first video frame presented, p50 and p95 over N fresh browsers,
// against the bare hls.js page of bench/first-frame.ts playing the same ladder on the same
// emulated link. The app's own figure, the playback quality observer's start-up time
// (src/flows/player/playback-quality.ts, sent with the session's stop on leaving the player), is
// read as an operator reads it, from the server's fitstream_playback_startup_seconds histogram on
// its metrics port, and reported beside it.
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { edgeInstalled, startEdge } from '../tests/server/fixtures/nginx-edge';
import { desktop, flags, pressPlay, recordVideoEvents, subscriberAndBarePage, VIDEO_EVENTS, type Press } from './first-frame';
import { chromiumPath } from './lighthouse';
import { freePort } from '../scripts/free-port';
import { startProductServer } from './server-process';
import { ratioOf, type Row } from './table';

/** A fast 4G link: 9 Mbit/s down, 60 ms round trip; 1.5 Mbit/s up (DevTools' fast 4G upload). */
export const fast4G = { offline: false, latency: 60, downloadThroughput: (9_000_000 / 8) | 0, uploadThroughput: (1_500_000 / 8) | 0 };

/** Every request of `page` (the document, scripts, API calls, media) goes over the emulated link. */
async function emulateLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', fast4G);
}

/** ms from the press of Play to the first frame presented (to `playing` when no frame was presented within 1 s of it). */
const firstFrame = (press: Press) => press.frame?.presented ?? press.playing;

/** The start-up histogram's totals over every plan and rendition, from the metrics text. */
function startupHistogram(text: string): { sum: number; count: number; withinOneSecond: number } {
  const total = (pattern: RegExp) =>
    text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return {
    sum: total(/^fitstream_playback_startup_seconds_sum\b/),
    count: total(/^fitstream_playback_startup_seconds_count\b/),
    withinOneSecond: total(/^fitstream_playback_startup_seconds_bucket\{[^}]*le="1"/),
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
};

export async function measureStartup(options: { distDir: string; mediaDir: string; runs: number }): Promise<Row[]> {
  const group = 'start-up (fast 4G, edge)';
  if (!edgeInstalled()) return [{ group, figure: 'benchmark', value: null, unit: '', note: "no nginx with njs (Debian's nginx and libnginx-mod-http-js)" }];
  const playbackSecret = randomBytes(32).toString('base64url');
  const edgePort = await freePort();
  const metricsPort = await freePort();
  const server = await startProductServer({
    distDir: options.distDir,
    env: { PLAYBACK_SECRET: playbackSecret, PUBLIC_URL: `http://127.0.0.1:${edgePort}`, TRUST_PROXY: '1', METRICS_PORT: String(metricsPort) },
  });
  const stops: (() => Promise<void>)[] = [() => server.stop()];
  try {
    const edge = await startEdge({ balancer: `127.0.0.1:${server.port}`, mediaDir: options.mediaDir, playbackSecret, port: edgePort });
    stops.push(() => edge.stop());
    const { session, classId, bare } = await subscriberAndBarePage(edge.url, options.mediaDir, 'bench-startup');
    stops.push(() => bare.stop());

    const productRun = async (browser: Browser, run: number) => {
      const context = await browser.newContext({ baseURL: edge.url, viewport: desktop });
      await context.addInitScript(recordVideoEvents, VIDEO_EVENTS);
      const page = await context.newPage();
      await emulateLink(page);
      await page.goto('/terms');
      await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email: session.email, token: session.token });
      await page.goto(`/watch/${classId}`);
      const press = await pressPlay(page, '.player__overlay .btn--primary').catch(async (error: Error) => {
        const shown = (await page.locator('main').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
        throw new Error(`run ${run + 1} on ${page.url()} showing "${shown}": ${error.message}`);
      });
      // Leaving stops the session, with the player's quality report (its start-up time).
      await page.goto('/terms');
      await context.close();
      return { ms: firstFrame(press), ready: press.pressedAt };
    };
    const bareRun = async (browser: Browser) => {
      const context = await browser.newContext({ baseURL: bare.origin, viewport: desktop });
      await context.addInitScript(recordVideoEvents, VIDEO_EVENTS);
      const page = await context.newPage();
      await emulateLink(page);
      await page.goto('/');
      const press = await pressPlay(page, '#play');
      await context.close();
      return { ms: firstFrame(press), ready: press.pressedAt };
    };

    const ours: number[] = [];
    const theirs: number[] = [];
    /** From the page's navigation to Play pressable (the press comes as soon as it is). */
    const ourReady: number[] = [];
    const theirReady: number[] = [];
    const add = (into: { times: number[]; ready: number[] }, run: { ms: number; ready: number }) => {
      into.times.push(run.ms);
      into.ready.push(run.ready);
    };
    let browser: Browser | null = null;
    try {
      for (let run = 0; run < options.runs; run += 1) {
        // A fresh browser each time: nothing cached, and Play always needs the press.
        await browser?.close();
        browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
        // Alternately first, so neither side always runs on a machine warmed by the other.
        if (run % 2 === 0) {
          add({ times: ours, ready: ourReady }, await productRun(browser, run));
          add({ times: theirs, ready: theirReady }, await bareRun(browser));
        } else {
          add({ times: theirs, ready: theirReady }, await bareRun(browser));
          add({ times: ours, ready: ourReady }, await productRun(browser, run));
        }
      }
    } finally {
      await browser?.close();
    }
    const p50 = Math.round(percentile(ours, 0.5));
    const p95 = Math.round(percentile(ours, 0.95));
    const bareP50 = Math.round(percentile(theirs, 0.5));
    const bareP95 = Math.round(percentile(theirs, 0.95));
    const runs = (values: number[]) => values.map(Math.round).join('/');
    console.log(`  first frame from Play, fast 4G: p50 ${p50} ms, p95 ${p95} ms vs bare ${bareP50} / ${bareP95} ms (${options.runs} runs)`);
    const link = '9 Mbit/s down, 1.5 up, 60 ms round trip (CDP)';
    const rows: Row[] = [
      {
        group,
        figure: 'Play to first frame, p50',
        value: p50,
        unit: 'ms',
        baseline: bareP50,
        ratio: ratioOf(p50, bareP50),
        budget: { kind: 'max', limit: 1000, of: 'value' },
        note: `${options.runs} fresh browsers, ${link}; bare = hls.js alone playing the same ladder on the same link; runs ${runs(ours)} vs ${runs(theirs)} ms`,
      },
      { group, figure: 'Play to first frame, p95', value: p95, unit: 'ms', baseline: bareP95, ratio: ratioOf(p95, bareP95), budget: { kind: 'max', limit: 2000, of: 'value' } },
      {
        group,
        figure: 'Play to first frame, p50 against bare hls.js',
        value: p50,
        unit: 'ms',
        baseline: bareP50,
        ratio: ratioOf(p50, bareP50),
        budget: { kind: 'max', limit: 1.5, of: 'ratio' },
      },
      { group, figure: 'Play to first frame, p95 against bare hls.js', value: p95, unit: 'ms', baseline: bareP95, ratio: ratioOf(p95, bareP95), budget: { kind: 'max', limit: 1.5, of: 'ratio' } },
    ];
    const readyP50 = Math.round(percentile(ourReady, 0.5));
    const bareReadyP50 = Math.round(percentile(theirReady, 0.5));
    rows.push({
      group,
      figure: 'opening /watch/<class> to Play pressable, p50',
      value: readyP50,
      unit: 'ms',
      baseline: bareReadyP50,
      ratio: ratioOf(readyP50, bareReadyP50),
      note: `from the document's navigation on the same link (the app's scripts, the session, the playlists and the first segments; bare: hls.js, its playlists and segments); p95 ${Math.round(percentile(ourReady, 0.95))} vs ${Math.round(percentile(theirReady, 0.95))} ms`,
    });
    // The stops' reports reach the server as the pages close: a moment for the last one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const reported = startupHistogram(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    rows.push({
      group,
      figure: "the app's own start-up time (players' quality reports, the server's histogram): mean",
      value: reported.count > 0 ? Math.round((reported.sum / reported.count) * 1000) : null,
      unit: 'ms',
      note: `fitstream_playback_startup_seconds: ${reported.count} reports of ${options.runs} runs, ${reported.withinOneSecond} of them ≤ 1 s; from the press to \`playing\`, as the observer counts it`,
    });
    return rows;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
