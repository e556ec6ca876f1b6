// Activity and favourites in Chromium against the real server: a class saved on one device is in
// "My list" on another device of the same account (the home row and the /classes filter) and
// removed from there; a sample class played to its end shows on /activity (history, this week,
// the chart and its table), whose chart code no other page loads; a weekly goal starts a streak.
// Each new screen passes axe in English and Spanish at 375 and 1280 px, with screenshots.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { checkEverywhere, newContext, signedIn, signInThroughForm } from '../browser';

const CLASS_ID = 'sunrise-vinyasa-flow';
const CLASS_TITLE = /sunrise vinyasa flow/i;

/** The class's card on the page (its heading is the title). */
const cardOf = (page: Page, title: RegExp) => page.locator('article.class-card').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('activity and favourites', () => {
  test('keeps one list of saved classes on two devices of an account', async ({ browser, subscriber }) => {
    const laptop = await subscriber({ label: 'favourites', plan: 'standard' });
    const phoneContext = await newContext(browser);
    const phone = await phoneContext.newPage();
    await signInThroughForm(phone, laptop.email);
    await phone.waitForURL((url) => url.pathname !== '/login');

    // Saved on the laptop from the catalog's card.
    await laptop.page.goto('/classes');
    const save = cardOf(laptop.page, CLASS_TITLE).getByRole('button', { name: /^save/i });
    await save.waitFor();
    assert.equal(await save.getAttribute('aria-pressed'), 'false');
    const saved = laptop.page.waitForResponse((r) => r.url().includes(`/api/v1/favourites/${CLASS_ID}`) && r.request().method() === 'PUT' && r.ok());
    await save.click();
    await saved;
    assert.equal(await save.getAttribute('aria-pressed'), 'true');

    // The phone sees it on its home ("My list") and in the /classes filter.
    await phone.goto('/home');
    const row = phone.getByRole('region', { name: /^my list$/i });
    await cardOf(phone, CLASS_TITLE).first().waitFor();
    await row.getByRole('heading', { name: CLASS_TITLE }).waitFor();
    await phone.goto('/classes?list=mine');
    await phone.getByRole('link', { name: /^my list$/i, exact: false }).and(phone.locator('[aria-current=page]')).waitFor();
    await cardOf(phone, CLASS_TITLE).waitFor();
    await checkEverywhere(phone, 'my-list');

    // Removed on the phone from the class page; the laptop's list is empty after.
    await phone.goto(`/classes/${CLASS_ID}`);
    const onPage = phone.locator('.class-detail').getByRole('button', { name: /^save/i });
    await onPage.waitFor();
    assert.equal(await onPage.getAttribute('aria-pressed'), 'true');
    const removed = phone.waitForResponse((r) => r.url().includes(`/api/v1/favourites/${CLASS_ID}`) && r.request().method() === 'DELETE' && r.ok());
    await onPage.click();
    await removed;
    assert.equal(await onPage.getAttribute('aria-pressed'), 'false');
    await laptop.page.goto('/classes?list=mine');
    await laptop.page.getByText(/nothing saved yet/i).waitFor();
    await laptop.context.close();
    await phoneContext.close();
  });

  test('shows a completed sample class on /activity with the chart and its table, and a goal starts a streak', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'activity', plan: 'standard' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    // Play the sample clip to its end (the player saves the end, which crosses 90 %).
    await page.goto(`/watch/${CLASS_ID}`);
    const video = page.locator('video.player__video');
    await video.waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.player__save').waitFor();
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.duration ?? 0) > 0, undefined, { timeout: 20_000 });
    const completed = page.waitForResponse(
      async (r) => r.url().includes(`/api/v1/playback/progress/${CLASS_ID}`) && r.ok() && Boolean((await r.json()).progress?.completed),
      { timeout: 30_000 },
    );
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = Math.max(0, element.duration - 0.5);
      await element.play().catch(() => {});
    });
    await completed;
    assert.deepEqual(scripts.filter((file) => /activity-chart/.test(file)), [], 'the player loads no chart code');

    await page.goto('/activity');
    await page.getByRole('heading', { level: 1, name: /^activity$/i }).waitFor();
    const history = page.getByRole('region', { name: /completed classes/i });
    await history.getByRole('link', { name: CLASS_TITLE }).waitFor();
    assert.match(await page.getByTestId('activity-this-week').innerText(), /1 class/);
    assert.match(await page.getByTestId('activity-all-time').innerText(), /1 class/);
    const chart = page.getByRole('img', { name: /minutes per week/i });
    await chart.waitFor();
    assert.equal(await chart.locator('rect').count(), 12);
    const rows = page.locator('.activity-weeks__table tbody tr');
    assert.equal(await rows.count(), 12);
    const thisWeekMinutes = Number(await rows.last().locator('td').first().innerText());
    assert.ok(thisWeekMinutes > 0, `this week's minutes in the table: ${thisWeekMinutes}`);
    assert.ok(scripts.some((file) => /activity-chart/.test(file)), `the chart came in its own chunk: ${scripts.join(', ')}`);
    await page.getByText(/set a weekly goal/i).waitFor();
    await checkEverywhere(page, 'activity');

    // A goal of one class a week: this week meets it, a streak of one week.
    await page.getByRole('radio', { name: /^classes$/i }).check();
    await page.getByLabel(/^each week$/i).fill('1');
    await page.getByRole('button', { name: /^save goal$/i }).click();
    await page.getByTestId('activity-streak').filter({ hasText: /1 week in a row/i }).waitFor();
    await page.getByText(/goal met this week/i).waitFor();
    // Out of range: the server's reason, and the goal kept.
    await page.getByLabel(/^each week$/i).fill('99');
    await page.getByLabel(/^each week$/i).evaluate((input: HTMLInputElement) => input.removeAttribute('max'));
    await page.getByRole('button', { name: /^save goal$/i }).click();
    await page.getByRole('alert').filter({ hasText: /1 to 50/ }).waitFor();
    await page.getByTestId('activity-streak').filter({ hasText: /1 week in a row/i }).waitFor();
    await checkEverywhere(page, 'activity-goal');
    await context.close();
  });

  test('keeps the chart code out of the landing page and the player', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    assert.ok(scripts.length > 0);
    assert.deepEqual(scripts.filter((file) => /activity-chart/.test(file)), []);
    // The player's page too (issue 24: the chart is in neither's initial JS), signed in.
    const watched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') watched.push(new URL(request.url()).pathname);
    });
    await signedIn(page, 'chart-not-in-player');
    watched.length = 0;
    await page.goto('/watch/sunrise-vinyasa-flow');
    await page.locator('.player, .player-message, main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The player's own code came (a page that never loaded it would prove nothing).
    assert.ok(watched.some((file) => /watch-screen/.test(file)), `the player's chunk: ${watched.join(', ')}`);
    assert.deepEqual(watched.filter((file) => /activity-chart/.test(file)), []);
    await context.close();
  });
});
