// The player (/watch/:id) in Chromium against the real server, sandbox payments and the sample
// media: a subscriber's video plays, a Basic subscriber never loads a rendition above 720p, a
// second device on a Basic account is refused with the devices watching and can stop the first
// (which then says so), a visitor and an account without a plan are sent on, a class resumes
// where it was left, its heartbeat reports how playback went (start-up and watched time), and
// the player's states pass axe in English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page, Route } from '@playwright/test';
import { unsignedPath } from '@domain/media-urls';
import { checkEverywhere, chooseLanguage, DESKTOP, MOBILE, newContext, screenshot, signInThroughForm } from '../browser';

const CLASS_ID = 'sunrise-vinyasa-flow';
const WATCH = `/watch/${CLASS_ID}`;

/** Every Content-Security-Policy complaint and uncaught error of the page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

const video = (page: Page) => page.locator('video.player__video');
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
/** What the video holds when Play is offered: whether it can play now, where it is, and how far ahead it has buffered there. */
const bufferedAhead = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => {
    const at = element.currentTime;
    let ahead = 0;
    for (let i = 0; i < element.buffered.length; i += 1) if (element.buffered.start(i) <= at && element.buffered.end(i) > at) ahead = element.buffered.end(i) - at;
    return { canPlay: element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA, at, ahead };
  });

/** Opens the player and gets the video going: it may autoplay, or wait for Play (autoplay policy). */
async function play(page: Page, path = WATCH): Promise<void> {
  await page.goto(path);
  await video(page).waitFor({ state: 'attached', timeout: 20_000 });
  const playButton = page.locator('.player__overlay').getByRole('button', { name: /^play$/i });
  const pauseButton = page.getByTestId('player-toggle').filter({ hasText: /^pause$/i });
  // A class this account already began (an autoplay a moment before, on a loaded machine) offers
  // to resume first: from the start is what the caller asked for.
  const startOver = page.locator('.player__overlay').getByRole('button', { name: /^start over$/i });
  await Promise.race([playButton.waitFor({ timeout: 20_000 }), pauseButton.waitFor({ timeout: 20_000 }), startOver.waitFor({ timeout: 20_000 })]);
  if (await startOver.isVisible()) {
    await startOver.click();
    await Promise.race([playButton.waitFor({ timeout: 20_000 }), pauseButton.waitFor({ timeout: 20_000 })]);
  }
  // Play is offered once the first segment is buffered: pressing it only plays (decision 046).
  if (await playButton.isVisible()) {
    const held = await bufferedAhead(page);
    assert.ok(held.canPlay && held.ahead > 0, `Play offered with nothing buffered: ${JSON.stringify(held)}`);
  }
  // Autoplay may start (and remove the button) while it is being clicked.
  if (await playButton.isVisible()) await playButton.click({ timeout: 3000 }).catch(() => {});
  await pauseButton.waitFor({ timeout: 20_000 });
}

/** Waits until the video has played past `seconds`. */
async function playedPast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > wanted,
    seconds,
    { timeout: 30_000 },
  );
}

test.describe('player', () => {
  test('plays a class for a Basic subscriber and never requests a rendition above 720p', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-basic', plan: 'basic' });
    const problems = watchProblems(page);
    const media: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/') || url.pathname.includes('/playback/')) media.push(unsignedPath(url.pathname));
    });
    await play(page);
    await playedPast(page, 1.5);
    assert.ok((await currentTime(page)) > 1.5);
    // The quality list is the plan's renditions plus Auto, and the one playing is shown.
    const options = await page.getByLabel(/quality/i).locator('option').allTextContents();
    assert.deepEqual(options.slice(1), ['720p', '360p']);
    // With Auto, the list says the rendition playing: "Auto (720p)" or "Auto (360p)".
    await page.waitForFunction(() => /^Auto \((360|720)p\)$/.test((document.querySelector('.player__quality select') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent ?? ''));
    // Choosing 720p plays 720p.
    await page.getByLabel(/quality/i).selectOption('720');
    await page.getByTestId('player-quality').filter({ hasText: '720p' }).waitFor();
    await playedPast(page, 4);
    assert.ok(media.some((p) => /\/media\/[^/]+\/(360p|720p)\//.test(p)), `some segments were loaded: ${media.join(', ')}`);
    assert.deepEqual(media.filter((p) => /\/(1080p|2160p)\//.test(p)), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('reports how playback went with its heartbeat: the start-up time and the time watched', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-quality', plan: 'standard' });
    // The bodies of the heartbeats as the app sends them (a fetch of a Request: the browser does
    // not show its body to the test), with the status each was answered.
    await page.addInitScript(() => {
      const sent: { body: string; status: number }[] = [];
      (window as unknown as { heartbeats: typeof sent }).heartbeats = sent;
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const request = input instanceof Request ? input : null;
        const body = request && request.method === 'POST' && new URL(request.url).pathname.endsWith('/heartbeat') ? await request.clone().text() : null;
        const response = await original(input, init);
        if (body !== null) sent.push({ body, status: response.status });
        return response;
      };
    });
    // The heartbeat comes when the test moves the clock (every 30 s otherwise).
    await page.clock.install();
    await play(page);
    await playedPast(page, 1.5);
    // Paused first, so the clock's jump adds no watched time.
    await page.getByTestId('player-toggle').filter({ hasText: /^pause$/i }).click();
    await page.getByTestId('player-toggle').filter({ hasText: /^play$/i }).waitFor();
    await page.clock.fastForward('00:31');
    const heartbeats = () => page.evaluate(() => (window as unknown as { heartbeats: { body: string; status: number }[] }).heartbeats);
    await page.waitForFunction(() => (window as unknown as { heartbeats: unknown[] }).heartbeats.length > 0);
    const [first] = await heartbeats();
    const { quality } = JSON.parse(first!.body) as { quality?: { startup_ms: number | null; watched_ms: number; rendition: string | null } };
    assert.ok(quality, `the heartbeat carries a quality report: ${first!.body}`);
    assert.ok(quality.startup_ms !== null && quality.startup_ms > 0, `a start-up time: ${first!.body}`);
    // 1.5 s of the class played, at normal speed.
    assert.ok(quality.watched_ms >= 1_000, `the time watched: ${first!.body}`);
    assert.match(quality.rendition ?? '', /^(360|720|1080)p$/);
    // Accepted as sent (a refused report would be dropped, and the heartbeat sent again without it).
    assert.equal(first!.status, 200);
    await context.close();
  });

  test('is keyboard operable: Space pauses and plays, the arrows seek, M mutes, C shows the captions', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-keys', plan: 'standard' });
    await play(page);
    await playedPast(page, 1);
    const seek = page.getByRole('slider', { name: /seek/i });
    await seek.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByTestId('player-toggle').filter({ hasText: /^play$/i }).waitFor();
    await page.getByRole('button', { name: /^mute$/i }).focus();
    await page.keyboard.press('m');
    assert.equal(await video(page).evaluate((element: HTMLVideoElement) => element.muted), true);
    await page.keyboard.press('c');
    await page.getByRole('button', { name: /captions/i, pressed: true }).waitFor();
    await page.waitForFunction(() => {
      const tracks = Array.from((document.querySelector('video.player__video') as HTMLVideoElement).textTracks);
      return tracks.some((track) => track.mode === 'showing' && track.language === 'en');
    });
    const before = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((was) => (document.querySelector('video.player__video') as HTMLVideoElement).currentTime >= was + 4, before);
    await checkEverywhere(page, 'player-paused');
    await context.close();
  });

  test('shows captions without a Content-Security-Policy complaint', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-csp', plan: 'standard' });
    const problems = watchProblems(page);
    await play(page);
    await playedPast(page, 1);
    await page.getByRole('button', { name: /captions/i }).first().click();
    await page.waitForFunction(() => {
      const tracks = Array.from((document.querySelector('video.player__video') as HTMLVideoElement).textTracks);
      return tracks.some((track) => track.mode === 'showing' && (track.cues?.length ?? 0) > 0);
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('refuses a second device on a Basic account with the devices watching, and stopping the first plays here', async ({ browser, subscriber }) => {
    const first = await subscriber({ label: 'player-screens', plan: 'basic' });
    // The first device's clock is driven by the test, so its next heartbeat comes when asked.
    await first.page.clock.install();
    await play(first.page);
    const secondContext = await newContext(browser);
    const second = await secondContext.newPage();
    await signInThroughForm(second, first.email);
    await second.waitForURL((url) => url.pathname !== '/login');
    await second.goto(WATCH);
    await second.getByRole('heading', { name: /too many devices are watching on this account right now/i }).waitFor();
    const devices = second.getByRole('list', { name: /devices watching now/i }).getByRole('listitem');
    assert.equal(await devices.count(), 1);
    assert.match(await devices.first().innerText(), /Chrom\w* on Linux[\s\S]*Started/);
    await checkEverywhere(second, 'player-screen-limit');
    await devices.first().getByRole('button', { name: /stop watching there/i }).click();
    await second.getByTestId('player-toggle').waitFor({ timeout: 20_000 });
    // The first device learns it at its next heartbeat.
    await first.page.clock.fastForward('00:31');
    await first.page.getByText(/playback was stopped from another device/i).waitFor();
    await checkEverywhere(first.page, 'player-stopped');
    await first.context.close();
    await secondContext.close();
  });

  test('sends a visitor to sign in, and an account without a plan to choose one', async ({ browser, subscriber }) => {
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(WATCH);
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitorContext.close();

    const { context, page } = await subscriber({ label: 'player-no-plan', plan: null });
    await page.goto(WATCH);
    await page.getByText(/choose a plan to start watching/i).waitFor();
    await checkEverywhere(page, 'player-not-allowed');
    await page.getByRole('link', { name: /^choose a plan$/i }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });

  test('says it is starting, buffering and failing, each state accessible in both languages at both sizes', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-states', plan: 'standard' });
    // Starting: the playback session's answer is held until the pictures are taken.
    let answerStart = () => {};
    const startHeld = new Promise<void>((resolve) => (answerStart = resolve));
    await page.route('**/api/v1/playback/sessions', async (route) => {
      await startHeld;
      await route.continue();
    });
    await page.goto(WATCH);
    await page.getByRole('status').filter({ hasText: 'Starting the class…' }).waitFor();
    await checkEverywhere(page, 'player-loading');
    // Priming: the session has started but no segment has arrived, so Play is not offered yet,
    // only "Loading the video…"; once the segments arrive, Play is offered (decision 046).
    const heldSegments: Route[] = [];
    await page.route(/\.m4s|init\.mp4/, (route) => heldSegments.push(route));
    answerStart();
    await page.unroute('**/api/v1/playback/sessions');
    const priming = page.getByRole('status').filter({ hasText: 'Loading the video…' });
    await priming.waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.player__overlay').getByRole('button').count(), 0, 'Play offered before any segment arrived');
    // Pictures only (axe checks the same overlay while buffering, below): Play comes after 8 s anyway.
    for (const language of ['en', 'es'] as const) {
      await page.setViewportSize(DESKTOP);
      await chooseLanguage(page, language);
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        await screenshot(page, `player-priming-${language}-${size.width}`);
      }
    }
    await page.setViewportSize(DESKTOP);
    await chooseLanguage(page, 'en');
    await page.unroute(/\.m4s|init\.mp4/);
    for (const route of heldSegments.splice(0)) await route.continue().catch(() => undefined);
    await page.waitForFunction(() => document.querySelector('.player__overlay .btn--primary') !== null || document.querySelector<HTMLVideoElement>('video.player__video')?.paused === false, undefined, { timeout: 30_000 });
    await page.unrouteAll({ behavior: 'wait' });

    // Buffering: the first two segments arrive, the rest never do, so playback runs dry.
    await page.route(/\/segment-(?!00[01]\.)\d+\.m4s/, () => {});
    await play(page);
    await page.getByRole('status').filter({ hasText: 'Loading the video…' }).waitFor({ timeout: 30_000 });
    await checkEverywhere(page, 'player-buffering');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Failing: the media cannot be fetched at all (nor read by the API: the start answer carries
    // only the master inline, as when the stored rendition playlist cannot be read, decision 044).
    await page.route('**/media/**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.route('**/api/v1/playback/sessions', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { playlists?: unknown[]; preload?: unknown[] };
      await route.fulfill({ response, json: { ...body, playlists: body.playlists?.slice(0, 1), preload: [] } });
    });
    await page.goto('/home');
    await page.goto(WATCH);
    await page.getByRole('heading', { name: 'This class can’t play right now' }).waitFor({ timeout: 30_000 });
    await page.getByRole('alert').filter({ hasText: 'The video stopped loading. Try again.' }).waitFor();
    await checkEverywhere(page, 'player-failed');
    await context.close();
  });

  test('resumes a class where it was left', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'player-resume', plan: 'standard' });
    await play(page);
    await playedPast(page, 3);
    const saved = page.waitForResponse((response) => response.url().includes(`/api/v1/playback/progress/${CLASS_ID}`) && response.ok());
    await page.getByTestId('player-toggle').click();
    await saved;
    const left = Math.floor(await currentTime(page));
    await page.goto('/home');
    await page.goto(WATCH);
    const resume = page.getByRole('button', { name: new RegExp(`resume from 0:0${left}`, 'i') });
    await resume.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /start over/i }).waitFor();
    // Offered once the video is buffered where it was left, so Resume plays there without a seek.
    const held = await bufferedAhead(page);
    assert.ok(held.canPlay && held.ahead > 0 && held.at >= left && held.at < left + 1, `Resume offered before the video held ${left}s: ${JSON.stringify(held)}`);
    await checkEverywhere(page, 'player-resume-offer');
    await video(page).evaluate((element: HTMLVideoElement) => {
      (window as unknown as { seeks: number }).seeks = 0;
      element.addEventListener('seeking', () => ((window as unknown as { seeks: number }).seeks += 1));
    });
    await resume.click();
    await page.getByTestId('player-toggle').filter({ hasText: /^pause$/i }).waitFor();
    assert.ok((await currentTime(page)) >= left);
    assert.equal(await page.evaluate(() => (window as unknown as { seeks: number }).seeks), 0, 'Resume seeked although the video was already there');
    await context.close();
  });
});
