// Time to first frame (issue 10): in Debian's Chromium over loopback, from a press of Play to the
// video's first `playing` event, on the product's player (/watch/<class>, hls.js behind the
// player machine, signed playlists and segments) and on a bare page that plays the same media
// with hls.js from a bare Fastify + @fastify/static server, alternately, median of the runs.
// Each step of the way (the playback-session start, hls.js, the master playlist, the rendition
// playlist, the init segment, the first segment) is read from the page's Resource Timing and
// printed as a breakdown, relative to the press of Play, so the gap to bare is explained.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { browserFlags, chromiumPath } from './lighthouse';
import { subscriber } from './playback';
import { startBareServer, type RunningServer } from './server-process';
import { ratioOf, type Row } from './table';

// As a person's browser: Play must be pressed (the press is what is timed).
const flags = [...browserFlags, '--autoplay-policy=user-gesture-required'];
const desktop = { width: 1280, height: 800 };

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
 * The video's own milestones, recorded from the page's start (a capture listener: media events do
 * not bubble). `play` is when the press reached `video.play()` (through the page's own code: on
 * the product, React, the player machine and its media actor); from there to `playing` is the browser's.
 */
const VIDEO_EVENTS = ['loadedmetadata', 'canplay', 'play'] as const;
const recordVideoEvents = (names: readonly string[]) => {
  const seen: Record<string, number> = {};
  (window as unknown as { videoEvents: Record<string, number> }).videoEvents = seen;
  for (const name of names) document.addEventListener(name, () => (seen[name] ??= performance.now()), true);
};

/** One run's steps: when each first request started and ended, in ms relative to the press of Play (negative: before it). */
type Breakdown = Partial<Record<Step | (typeof VIDEO_EVENTS)[number] | 'playing', { start: number; end: number }>>;

async function breakdownOf(page: Page, pressedAt: number, playing: number): Promise<Breakdown> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  );
  const found: Breakdown = { playing: { start: 0, end: playing } };
  const events = await page.evaluate(() => (window as unknown as { videoEvents?: Record<string, number> }).videoEvents ?? {});
  for (const name of VIDEO_EVENTS) if (events[name] !== undefined) found[name] = { start: events[name] - pressedAt, end: events[name] - pressedAt };
  for (const entry of entries) {
    const step = stepOf(entry.name);
    if (step && !found[step]) found[step] = { start: entry.start - pressedAt, end: entry.end - pressedAt };
  }
  return found;
}

function printBreakdown(label: string, runs: Breakdown[]): void {
  const cell = (values: number[]) => (values.length ? `${Math.round(median(values))}`.padStart(6) : '     –');
  console.log(`  ${label}: each step's median start → end, ms from the press of Play (negative: before it)`);
  for (const step of [...STEPS, ...VIDEO_EVENTS, 'playing'] as const) {
    const timed = runs.map((run) => run[step]).filter((value) => value !== undefined);
    if (timed.length === 0) continue;
    console.log(`    ${step.padEnd(20)} ${cell(timed.map((t) => t.start))} → ${cell(timed.map((t) => t.end))}  (${(cell(timed.map((t) => t.end - t.start)) + ' ms').trim()} long)`);
  }
}

/** Milliseconds from the click on `play` to the video's first `playing` event, and when the click was (the page's clock). */
async function clickToPlaying(page: Page, play: string): Promise<{ playing: number; pressedAt: number }> {
  await page.locator(play).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction((selector) => {
    const button = document.querySelector(selector) as HTMLButtonElement | null;
    return button !== null && !button.disabled;
  }, play);
  return page.evaluate(
    (selector) =>
      new Promise<{ playing: number; pressedAt: number }>((resolve, reject) => {
        const video = document.querySelector('video');
        const button = document.querySelector(selector) as HTMLButtonElement | null;
        if (!video || !button) return reject(new Error('no video or Play button'));
        const start = performance.now();
        video.addEventListener('playing', () => resolve({ playing: performance.now() - start, pressedAt: start }), { once: true });
        setTimeout(() => reject(new Error('no playing event within 30 s')), 30_000);
        button.click();
      }),
    play,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFirstFrame(server: RunningServer, options: { label: string; mediaDir: string; runs: number; classId?: string }): Promise<Row[]> {
  const session = await subscriber(server.origin);
  const { classes } = await session.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
  const classId = options.classId ?? classes[0]?.id;
  if (!classId) throw new Error('no class to play');
  // The bare page plays the same ladder the product's master lists for this plan (Premium).
  const started = await session.call<{ session: { id: string; master_playlist_url: string } }>('start', 'POST', '/api/v1/playback/sessions', 201, {
    auth: true,
    json: { class_id: classId, device_id: 'bench-first-frame' },
  });
  const master = await session.request('GET', started.session.master_playlist_url);
  await session.request('DELETE', `/api/v1/playback/sessions/${started.session.id}`, { auth: true });
  // Every run offers "Resume from 0:01", so that none depends on whether Chromium lets the
  // product autoplay (it tries when there is no resume point): Play is always pressed.
  const saved = await session.request('PUT', `/api/v1/playback/progress/${classId}`, { auth: true, json: { position_seconds: 1 } });
  if (saved.status !== 200) throw new Error(`saving the resume position answered ${saved.status}`);
  const bareMaster = master.text().replace(/\?token=[^"\n]*/g, '').replaceAll('/media/', '/static/');
  const hlsScript = await readFile(createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js'));
  const bare = await startBareServer(
    [
      { method: 'GET', url: '/', contentType: 'text/html; charset=utf-8', body: Buffer.from(barePage) },
      { method: 'GET', url: '/hls.js', contentType: 'text/javascript; charset=utf-8', body: hlsScript },
      { method: 'GET', url: '/master.m3u8', contentType: 'application/vnd.apple.mpegurl', body: Buffer.from(bareMaster) },
    ],
    { staticRoot: options.mediaDir },
  );
  let browser: Browser | null = null;
  const ours: number[] = [];
  const theirs: number[] = [];
  const ourSteps: Breakdown[] = [];
  const theirSteps: Breakdown[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      // A fresh browser each time: nothing cached from the run before, and no permission to
      // play without a press that Chromium grants an origin once it has played there.
      await browser?.close();
      browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
      const productContext = await browser.newContext({ baseURL: server.origin, viewport: desktop });
      await productContext.addInitScript(recordVideoEvents, VIDEO_EVENTS);
      const page = await productContext.newPage();
      await page.goto('/terms');
      await page.evaluate((user) => localStorage.setItem('fitstream.session', JSON.stringify({ user, remember: true })), { email: session.email, token: session.token });
      await page.goto(`/watch/${classId}`);
      // Play, or "Resume from …" once an earlier run left progress: either starts the video.
      const product = await clickToPlaying(page, '.player__overlay .btn--primary').catch(async (error: Error) => {
        const shown = (await page.locator('main').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
        throw new Error(`run ${run + 1} on ${page.url()} showing "${shown}": ${error.message}`);
      });
      ours.push(product.playing);
      ourSteps.push(await breakdownOf(page, product.pressedAt, product.playing));
      // Leaving the player stops its playback session (so the runs never fill the plan's screens).
      await page.goto('/terms');
      await productContext.close();

      const plain = await browser.newContext({ baseURL: bare.origin, viewport: desktop });
      await plain.addInitScript(recordVideoEvents, VIDEO_EVENTS);
      const barePageTab = await plain.newPage();
      await barePageTab.goto('/');
      const plainRun = await clickToPlaying(barePageTab, '#play');
      theirs.push(plainRun.playing);
      theirSteps.push(await breakdownOf(barePageTab, plainRun.pressedAt, plainRun.playing));
      await plain.close();
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
  ];
}
