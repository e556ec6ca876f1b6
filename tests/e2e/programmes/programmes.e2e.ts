// Programmes in the browser (issue 23, decision 033): a subscriber filters the list, starts a
// programme, completes its first class by playing the sample clip to its end, sees "1 of 6
// classes" and "Up next in Yoga foundations" on the home, pauses and resumes, changes its days
// with the keyboard; an account
// without a subscription may browse but is sent to the plans. Every screen checked with axe and
// photographed in English and Spanish at 1280 and 375 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { checkEverywhere } from '../browser';

const PROGRAMME = '/programmes/yoga-foundations';
const FIRST_CLASS = 'sunrise-vinyasa-flow';

/** Plays the class's last seconds to its end in the player and waits for the server to record it completed. */
async function playToTheEnd(page: Page, classId: string): Promise<void> {
  const completed = page.waitForResponse(
    async (response) => response.url().includes(`/api/v1/playback/progress/${classId}`) && response.ok() && (await response.json()).progress.completed === true,
    { timeout: 90_000 },
  );
  await page.goto(`/watch/${classId}`);
  const video = page.locator('video.player__video');
  await video.waitFor({ state: 'attached', timeout: 20_000 });
  const playButton = page.locator('.player__overlay').getByRole('button', { name: /^play$/i });
  const pauseButton = page.getByTestId('player-toggle').filter({ hasText: /^pause$/i });
  await Promise.race([playButton.waitFor({ timeout: 20_000 }), pauseButton.waitFor({ timeout: 20_000 })]);
  if (await playButton.isVisible()) await playButton.click({ timeout: 3000 }).catch(() => {});
  // The class lasts as long as the catalogue says (minutes): its last seconds are what is played.
  await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.duration ?? 0) > 0, undefined, { timeout: 20_000 });
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    element.currentTime = Math.max(0, element.duration - 2);
    await element.play().catch(() => {});
  });
  await page.waitForFunction(() => (document.querySelector('video.player__video') as HTMLVideoElement | null)?.ended === true, undefined, { timeout: 90_000 });
  await completed;
}

test.describe('programmes', () => {
  test('lets a subscriber start a programme, advance it by completing a class, see it up next on the home, pause and resume', async ({ subscriber }) => {
    const { context, page, token } = await subscriber({ label: 'programmes-subscriber', plan: 'basic' });
    await page.goto('/');
    await page.getByRole('link', { name: /^programmes$/i }).first().click();
    await page.waitForURL((url) => url.pathname === '/programmes');
    const yoga = page.getByRole('link', { name: 'Yoga foundations' });
    await yoga.waitFor();
    await checkEverywhere(page, 'programmes-list', (p) => p.getByRole('heading', { level: 2 }).first().waitFor());

    await page.getByLabel('Discipline').selectOption('hiit');
    await page.getByRole('link', { name: 'HIIT in 14 days' }).waitFor();
    assert.equal(await yoga.count(), 0);
    await page.getByLabel('Discipline').selectOption('');
    await page.getByLabel('Level').selectOption('beginner');
    await yoga.click();

    await page.waitForURL((url) => url.pathname === PROGRAMME);
    const start = page.getByRole('button', { name: /^start the programme$/i });
    await start.waitFor();
    await checkEverywhere(page, 'programmes-ready', (p) => p.locator('.programme__days').waitFor());
    await start.click();
    await page.getByRole('button', { name: /^pause$/i }).waitFor();
    await page.getByText('0 of 6 classes').waitFor();

    await playToTheEnd(page, FIRST_CLASS);
    await page.goto(PROGRAMME);
    await page.getByText('1 of 6 classes').waitFor();
    await page.getByRole('img', { name: /^done$/i }).waitFor();
    await checkEverywhere(page, 'programmes-active', (p) => p.locator('.programme__progress').waitFor());

    await page.goto('/home');
    const upNext = page.getByRole('heading', { name: 'Up next in Yoga foundations' });
    await upNext.waitFor({ timeout: 20_000 });
    const firstRow = page.locator('.subscriber-home section.home-row').first();
    assert.equal(await firstRow.getAttribute('aria-labelledby'), 'home-up-next');
    assert.match((await firstRow.getByRole('link', { name: /^▶?\s*play$/i }).getAttribute('href')) ?? '', /^\/watch\//);
    await checkEverywhere(page, 'programmes-home-up-next', (p) => p.locator('#home-up-next').waitFor());

    await page.goto(PROGRAMME);
    await page.getByRole('button', { name: /^pause$/i }).click();
    const resume = page.getByRole('button', { name: /^resume$/i });
    await resume.waitFor();
    await checkEverywhere(page, 'programmes-paused', (p) => p.getByRole('button', { name: /^(resume|reanudar)$/i }).waitFor());
    await resume.click();
    await page.getByRole('button', { name: /^pause$/i }).waitFor();
    await page.getByText('1 of 6 classes').waitFor();

    // Change the days with the keyboard only: the picker opens on Monday, Space ticks it, Save.
    await page.getByText(/^Your days: /).waitFor();
    await page.getByRole('button', { name: /^change your days$/i }).focus();
    await page.keyboard.press('Enter');
    const monday = page.getByRole('checkbox', { name: 'Monday' });
    await monday.waitFor();
    assert.equal(await monday.evaluate((box) => box === document.activeElement), true);
    const mondayWas = await monday.isChecked();
    await page.keyboard.press('Space');
    assert.equal(await monday.isChecked(), !mondayWas);
    await checkEverywhere(page, 'programmes-change-days', (p) => p.getByRole('button', { name: /^(save your days|guardar tus días)$/i }).waitFor());
    await page.getByRole('button', { name: /^save your days$/i }).focus();
    await page.keyboard.press('Enter');
    const days = page.getByText(/^Your days: /);
    await days.waitFor();
    assert.equal(/Monday/.test((await days.textContent()) ?? ''), !mondayWas);
    const saved = await page.request.get(`/api/v1/programmes/yoga-foundations`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(((await saved.json()).programme.following.weekdays as number[]).includes(1), !mondayWas);

    // Four more classes completed as the player reports them (its progress call); the last one played
    // to its end in the player, whose end screen says at once that the programme is complete.
    for (const classId of ['morning-mobility', 'bedtime-yoga', 'yin-yoga-deep-release', 'desk-break-stretch']) {
      const saved = await page.request.put(`/api/v1/playback/progress/${classId}`, { headers: { authorization: `Bearer ${token}` }, data: { position_seconds: 3600 } });
      assert.equal(saved.status(), 200);
    }
    await playToTheEnd(page, 'full-body-stretch');
    const finishedHere = page.getByRole('status').filter({ hasText: 'Programme complete! You finished Yoga foundations.' });
    await finishedHere.waitFor({ timeout: 20_000 });
    await checkEverywhere(page, 'programmes-finished-player', (p) => p.locator('.player__programme-complete').waitFor());
    await page.getByRole('link', { name: /^see your programme$/i }).click();
    await page.waitForURL((url) => url.pathname === PROGRAMME);
    await page.getByRole('heading', { name: 'Programme complete!' }).waitFor();
    await page.getByText('6 of 6 classes').waitFor();
    await checkEverywhere(page, 'programmes-finished', (p) => p.locator('.programme__complete').waitFor());
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.locator('#home-up-next').count(), 0);
    await context.close();
  });

  test('lets an account without a subscription browse a programme but sends it to the plans to start', async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'programmes-visitor', plan: null });
    await page.goto(PROGRAMME);
    const choose = page.getByRole('link', { name: /^choose a plan to start$/i });
    await choose.waitFor();
    assert.equal(await page.getByRole('button', { name: /^start the programme$/i }).count(), 0);
    await checkEverywhere(page, 'programmes-locked', (p) => p.locator('.programme__actions a[href="/pricing"]').waitFor());
    await choose.click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });
});
