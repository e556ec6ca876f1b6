// Time to first frame (issue 10): in Debian's Chromium over loopback, from a press of Play to the
// video's first `playing` event, on the product's player (/watch/<class>, hls.js behind the
// player machine, signed playlists and segments) and on a bare page that plays the same media
// with hls.js from a bare Fastify + @fastify/static server, alternately, median of the runs.
// Each step of the way (the playback-session start, hls.js, the master playlist, the rendition
// playlist, the init segment, the first segment) is read from the page's Resource Timing and
// printed as a breakdown, relative to the press of Play, so the gap to bare is explained.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { browserFlags, chromiumPath } from './lighthouse';
import { subscriber } from './playback';
import { startBareServer, type RunningServer } from './server-process';
import { mainThreadBetween, printMainThread, traceCategories } from './main-thread';
import { ratioOf, type Row } from './table';

// As a person's browser: Play must be pressed (the press is what is timed).
export const flags = [...browserFlags, '--autoplay-policy=user-gesture-required'];
export const desktop = { width: 1280, height: 800 };

// With sound, as the product plays a class: a muted video skips starting the audio output, which
// measured 7 ms of the bare page's 15 ms from the press to `playing` (8 ms muted, the same sitting).
const barePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head><body>
<video id="video" playsinline style="width:640px;aspect-ratio:16/9"></video><button id="play" type="button" disabled>Play</button>
<script src="/hls.js"></script>
<script>
const video = document.getElementById('video');
const hls = new Hls({ enableWorker: false });
hls.loadSource('/master.m3u8');
hls.attachMedia(video);
video.addEventListener('loadedmetadata', () => { document.getElementById('play').disabled = false; });
document.getElementById('play').addEventListener('click', () => video.play());
</script></body></html>`;

/** The product's master playlist for the bare page: its signed URLs (`/media/<media>/<grant>/<file>`) as the bare server's `/static/<media>/<file>`. */
const bareMasterOf = (master: string): string => master.replace(/\/media\/([^/]+)\/[^/\n"]+\//g, '/static/$1/');

/** The steps to a first frame, in the order they happen on the product's page (bare has no session). */
const STEPS = ['session start', 'hls.js', 'master playlist', 'rendition playlist', 'init segment', 'first segment'] as const;
type Step = (typeof STEPS)[number];

/** Which step a request is (by its URL), or null when it is none of them. */
function stepOf(url: string): Step | null {
  const { pathname } = new URL(url);
  if (pathname === '/api/v1/playback/sessions') return 'session start';
  if (/\/(hls|hls\.min)[^/]*\.js$/.test(pathname) || pathname === '/hls.js') return 'hls.js';
  if (pathname.endsWith('/master.m3u8')) return 'master playlist';
  if (/\/\d+p\/playlist\.m3u8$/.test(pathname)) return 'rendition playlist';
  if (/\/\d+p\/init\.mp4$/.test(pathname)) return 'init segment';
  if (/\/\d+p\/[^/]+\.m4s$/.test(pathname)) return 'first segment';
  return null;
}

/**
 * The video's own milestones, recorded from the page's start by a capture listener on the window
 * (media events do not bubble; a window capture listener runs before any of the page's own, so
 * the product's and bare's events are timed alike, before either page handles them). `play` is
 * when the press reached `video.play()` (through the page's own code: on the product, React, the
 * player machine and its media actor); from there to `playing` is the browser's. After the press
 * each event is also a `performance.mark` (bench:<event>), for the traced run's breakdown.
 */
export const VIDEO_EVENTS = ['loadedmetadata', 'canplay', 'play', 'timeupdate', 'waiting', 'playing'] as const;
/** The events timed from the page's start (the first of each); the others, the first after the press. */
const BEFORE_PRESS: readonly string[] = ['loadedmetadata', 'canplay'];
export const recordVideoEvents = (names: readonly string[]) => {
  const seen: Record<string, number[]> = {};
  const page = window as unknown as { videoEvents: Record<string, number[]>; benchPressed?: boolean };
  page.videoEvents = seen;
  for (const name of names) {
    window.addEventListener(
      name,
      (event) => {
        if (!(event.target instanceof HTMLVideoElement)) return;
        (seen[name] ??= []).push(performance.now());
        if (page.benchPressed) performance.mark(`bench:${name}`);
      },
      true,
    );
  }
};

/** The frame steps: the first video frame presented after the press (requestVideoFrameCallback's `presentationTime`) and when it was expected on screen. */
const FRAME_STEPS = ['playing handled', 'frame presented', 'frame on screen'] as const;

/** One run's steps: when each first request started and ended, in ms relative to the press of Play (negative: before it). */
type Breakdown = Partial<Record<Step | (typeof VIDEO_EVENTS)[number] | (typeof FRAME_STEPS)[number], { start: number; end: number }>>;

export interface Press {
  /** ms from the press to `playing` (as the window's capture listener saw it, before the page's own listeners). */
  playing: number;
  /**
   * ms from the press to the end of the page's own `playing` listeners (and the microtasks they
   * queued: on the product, the player machine's transition and React's render of it), as a
   * listener on the video added after the page's saw it: what this bench timed until decision 044's follow-up.
   */
  handled: number;
  /** The press, on the page's clock. */
  pressedAt: number;
  /** The first frame presented after the press, and when it was expected on screen, ms from the press (null: none within 1 s of `playing`). */
  frame: { presented: number; expected: number } | null;
}

async function breakdownOf(page: Page, press: Press): Promise<Breakdown> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  );
  const found: Breakdown = {};
  const events = await page.evaluate(() => (window as unknown as { videoEvents?: Record<string, number[]> }).videoEvents ?? {});
  for (const name of VIDEO_EVENTS) {
    const times = events[name] ?? [];
    const at = BEFORE_PRESS.includes(name) ? times[0] : times.find((time) => time >= press.pressedAt);
    if (at !== undefined) found[name] = { start: at - press.pressedAt, end: at - press.pressedAt };
  }
  found['playing handled'] = { start: press.handled, end: press.handled };
  if (press.frame) {
    found['frame presented'] = { start: press.frame.presented, end: press.frame.presented };
    found['frame on screen'] = { start: press.frame.expected, end: press.frame.expected };
  }
  for (const entry of entries) {
    const step = stepOf(entry.name);
    if (step && !found[step]) found[step] = { start: entry.start - press.pressedAt, end: entry.end - press.pressedAt };
  }
  return found;
}

function printBreakdown(label: string, runs: Breakdown[]): void {
  const cell = (values: number[]) => (values.length ? `${Math.round(median(values))}`.padStart(6) : '     –');
  const fine = (values: number[]) => (values.length ? median(values).toFixed(1).padStart(6) : '     –');
  console.log(`  ${label}: each step's median start → end, ms from the press of Play (negative: before it)`);
  for (const step of [...STEPS, ...VIDEO_EVENTS, ...FRAME_STEPS] as const) {
    const timed = runs.map((run) => run[step]).filter((value) => value !== undefined);
    if (timed.length === 0) continue;
    // The steps after the press are a few ms: said to a tenth.
    const after = timed.every((t) => t.start >= 0);
    const show = after ? fine : cell;
    console.log(`    ${step.padEnd(20)} ${show(timed.map((t) => t.start))} → ${show(timed.map((t) => t.end))}  (${(cell(timed.map((t) => t.end - t.start)) + ' ms').trim()} long, in ${timed.length} of ${runs.length} runs)`);
  }
}

/**
 * Presses `play` and waits for the video's first `playing`: the same code on both pages. The
 * press and `playing` are marked (bench:press, bench:playing) for the traced run, and the first
 * video frame presented after the press is taken from requestVideoFrameCallback.
 */
export async function pressPlay(page: Page, play: string): Promise<Press> {
  await page.locator(play).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction((selector) => {
    const button = document.querySelector(selector) as HTMLButtonElement | null;
    return button !== null && !button.disabled;
  }, play);
  // A string, not a function: tsx would wrap the named functions inside it with its `__name` helper, which the page lacks.
  return page.evaluate(`new Promise((resolve, reject) => {
    const video = document.querySelector('video');
    const button = document.querySelector(${JSON.stringify(play)});
    if (!video || !button) return reject(new Error('no video or Play button'));
    let playing = null;
    let handled = null;
    let frame;
    const start = performance.now();
    const done = () => {
      if (playing !== null && handled !== null && frame !== undefined) resolve({ playing, handled, pressedAt: start, frame });
    };
    // Before the page's own listeners: when the browser dispatched it.
    window.addEventListener('playing', (event) => {
      if (event.target !== video || playing !== null) return;
      performance.mark('bench:playing-dispatched');
      playing = performance.now() - start;
      setTimeout(() => { frame ??= null; done(); }, 1000);
      done();
    }, true);
    // After the page's own listeners and the microtasks they queued.
    video.addEventListener('playing', () => { handled ??= performance.now() - start; done(); }, { once: true });
    video.requestVideoFrameCallback((_now, metadata) => {
      performance.mark('bench:frame');
      frame = { presented: metadata.presentationTime - start, expected: metadata.expectedDisplayTime - start };
      done();
    });
    setTimeout(() => reject(new Error('no playing event within 30 s')), 30000);
    window.benchPressed = true;
    performance.mark('bench:press');
    button.click();
  })`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A subscriber at `origin` with a class to play ("Resume from 0:01" saved on it, so that every run
 * presses Play, never depending on whether Chromium lets the product autoplay), and a bare page
 * playing with hls.js the same ladder the product's master lists for that plan (Premium).
 */
export async function subscriberAndBarePage(origin: string, mediaDir: string, deviceId: string, classId?: string) {
  const session = await subscriber(origin);
  const { classes } = await session.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
  const chosen = classId ?? classes[0]?.id;
  if (!chosen) throw new Error('no class to play');
  const started = await session.call<{ session: { id: string; master_playlist_url: string } }>('start', 'POST', '/api/v1/playback/sessions', 201, {
    auth: true,
    json: { class_id: chosen, device_id: deviceId },
  });
  const master = await session.request('GET', started.session.master_playlist_url);
  await session.request('DELETE', `/api/v1/playback/sessions/${started.session.id}`, { auth: true });
  const saved = await session.request('PUT', `/api/v1/playback/progress/${chosen}`, { auth: true, json: { position_seconds: 1 } });
  if (saved.status !== 200) throw new Error(`saving the resume position answered ${saved.status}`);
  const hlsScript = await readFile(createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js'));
  const bare = await startBareServer(
    [
      { method: 'GET', url: '/', contentType: 'text/html; charset=utf-8', body: Buffer.from(barePage) },
      { method: 'GET', url: '/hls.js', contentType: 'text/javascript; charset=utf-8', body: hlsScript },
      { method: 'GET', url: '/master.m3u8', contentType: 'application/vnd.apple.mpegurl', body: Buffer.from(bareMasterOf(master.text())) },
    ],
    { staticRoot: mediaDir },
  );
  return { session, classId: chosen, bare };
}

export async function measureFirstFrame(server: RunningServer, options: { label: string; mediaDir: string; runs: number; classId?: string }): Promise<Row[]> {
  const { session, classId, bare } = await subscriberAndBarePage(server.origin, options.mediaDir, 'bench-first-frame', options.classId);
  // One run on each page, in a browser of its own; `traced` records a performance trace of the press.
  const productRun = async (browser: Browser, run: number, traced: boolean) => {
    const productContext = await browser.newContext({ baseURL: server.origin, viewport: desktop });
    await productContext.addInitScript(recordVideoEvents, VIDEO_EVENTS);
    const page = await productContext.newPage();
    await page.goto('/terms');
    await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email: session.email, token: session.token });
    await page.goto(`/watch/${classId}`);
    if (traced) await browser.startTracing(page, { categories: traceCategories });
    // Play, or "Resume from …" once an earlier run left progress: either starts the video.
    const product = await pressPlay(page, '.player__overlay .btn--primary').catch(async (error: Error) => {
      const shown = (await page.locator('main').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
      throw new Error(`run ${run + 1} on ${page.url()} showing "${shown}": ${error.message}`);
    });
    const trace = traced ? await browser.stopTracing() : null;
    const steps = await breakdownOf(page, product);
    // Leaving the player stops its playback session (so the runs never fill the plan's screens).
    await page.goto('/terms');
    await productContext.close();
    return { press: product, steps, trace };
  };
  const bareRun = async (browser: Browser, traced: boolean) => {
    const plain = await browser.newContext({ baseURL: bare.origin, viewport: desktop });
    await plain.addInitScript(recordVideoEvents, VIDEO_EVENTS);
    const barePageTab = await plain.newPage();
    await barePageTab.goto('/');
    if (traced) await browser.startTracing(barePageTab, { categories: traceCategories });
    const press = await pressPlay(barePageTab, '#play');
    const trace = traced ? await browser.stopTracing() : null;
    const steps = await breakdownOf(barePageTab, press);
    await plain.close();
    return { press, steps, trace };
  };
  let browser: Browser | null = null;
  const ours: number[] = [];
  const theirs: number[] = [];
  const ourFrames: number[] = [];
  const theirFrames: number[] = [];
  const ourSteps: Breakdown[] = [];
  const theirSteps: Breakdown[] = [];
  const traces: { product: Buffer | null; bare: Buffer | null } = { product: null, bare: null };
  try {
    // The last run is traced (what the main thread does from the press to `playing`) and not counted.
    for (let run = 0; run <= options.runs; run += 1) {
      const traced = run === options.runs;
      // A fresh browser each time: nothing cached from the run before, and no permission to
      // play without a press that Chromium grants an origin once it has played there.
      await browser?.close();
      browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
      const product = await productRun(browser, run, traced);
      const plain = await bareRun(browser, traced);
      if (traced) {
        traces.product = product.trace;
        traces.bare = plain.trace;
        continue;
      }
      ours.push(product.press.playing);
      ourSteps.push(product.steps);
      if (product.press.frame) ourFrames.push(product.press.frame.presented);
      theirs.push(plain.press.playing);
      theirSteps.push(plain.steps);
      if (plain.press.frame) theirFrames.push(plain.press.frame.presented);
    }
  } finally {
    await browser?.close();
    await bare.stop();
  }
  const value = Math.round(median(ours));
  const baseline = Math.round(median(theirs));
  console.log(`  ${options.label} first frame from Play: ${value} ms vs bare ${baseline} ms (medians of ${options.runs})`);
  printBreakdown('product', ourSteps);
  printBreakdown('bare hls.js', theirSteps);
  if (ourFrames.length && theirFrames.length) {
    const frames = (values: number[]) => values.map((value) => value.toFixed(1)).join('/');
    console.log(`  first frame presented after the press: ${median(ourFrames).toFixed(1)} ms vs bare ${median(theirFrames).toFixed(1)} ms (runs ${frames(ourFrames)} vs ${frames(theirFrames)})`);
  }
  // The traces themselves, for chrome://tracing or the DevTools Performance panel.
  for (const [side, trace] of Object.entries(traces)) {
    if (!trace) continue;
    const file = path.join(os.tmpdir(), `first-frame-${side}-${Date.now()}.trace.json`);
    await writeFile(file, trace);
    console.log(`  ${side} trace: ${file}`);
  }
  printMainThread('product', traces.product ? mainThreadBetween(traces.product, 'bench:press', ['bench:playing', 'bench:frame']) : null);
  printMainThread('bare hls.js', traces.bare ? mainThreadBetween(traces.bare, 'bench:press', ['bench:playing', 'bench:frame']) : null);
  return [
    {
      group: `playback ${options.label}`,
      figure: 'time to first frame from Play (Chromium, loopback)',
      value,
      unit: 'ms',
      baseline,
      ratio: ratioOf(value, baseline),
      // Issue 26: the product's player within 3 × a bare hls.js page.
      budget: { kind: 'max', limit: 3, of: 'ratio' },
      note: `median of ${options.runs} fresh browsers each; bare = the same ladder with hls.js from Fastify + @fastify/static; runs ${ours.map(Math.round).join('/')} vs ${theirs.map(Math.round).join('/')} ms`,
    },
    // The frame itself: the same budget on the first frame the browser presented after the press.
    ...(ourFrames.length && theirFrames.length
      ? [
          {
            group: `playback ${options.label}`,
            figure: 'first video frame presented from Play (requestVideoFrameCallback)',
            value: Math.round(median(ourFrames)),
            unit: 'ms',
            baseline: Math.round(median(theirFrames)),
            ratio: ratioOf(median(ourFrames), median(theirFrames)),
            budget: { kind: 'max', limit: 3, of: 'ratio' },
            note: `median of the runs that presented a frame within 1 s of \`playing\` (${ourFrames.length} and ${theirFrames.length} of ${options.runs}); runs ${ourFrames.map(Math.round).join('/')} vs ${theirFrames.map(Math.round).join('/')} ms`,
          } satisfies Row,
        ]
      : []),
  ];
}
