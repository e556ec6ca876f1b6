// Captions are remembered (issue 40): turned on in the interface's language, they are on again in
// that language after a reload and in the next class, and the account keeps the choice (another
// device reads it from the server). In en and es at 375 and 1280 px, with screenshots.
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import { EVERYWHERE, test, type Language } from '../playwright-utils';
import { baseUrl, screenshot, storeLanguage } from '../browser';

const app: Record<Language, Record<string, string>> = { en: appEn, es: appEs };
const FIRST = '/watch/sunrise-vinyasa-flow';
const NEXT = '/watch/power-yoga-core';
const PREFERENCES = '/api/v1/account/player-preferences';

/** The captions button, pressed (on) or not. */
const captionsButton = (page: Page, language: Language, pressed: boolean) =>
  page.getByRole('button', { name: app[language]['watch.controls.captions'], pressed, exact: true });

/** Waits until the video shows the caption track in `language`. */
async function showing(page: Page, language: Language): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const video = document.querySelector('video.player__video') as HTMLVideoElement | null;
      return Boolean(video && Array.from(video.textTracks).some((track) => track.mode === 'showing' && track.language === wanted));
    },
    language,
    { timeout: 30_000 },
  );
}

test.describe('captions preference', () => {
  test('captions turned on stay on, in their language, after a reload and in the next class', { tag: EVERYWHERE }, async ({ subscriber, language, width, size }) => {
    test.setTimeout(120_000);
    const { page, token } = await subscriber({ label: `captions-${language}-${width}`, plan: 'standard', patience: 30_000 });
    await page.setViewportSize(size);
    await storeLanguage(page, language);

    await page.goto(FIRST);
    await captionsButton(page, language, false).waitFor();
    const kept = page.waitForResponse((response) => response.url().endsWith(PREFERENCES) && response.request().method() === 'PUT' && response.ok());
    await captionsButton(page, language, false).click();
    await captionsButton(page, language, true).waitFor();
    await showing(page, language);
    await kept;

    // A reload: on at once, in the same language.
    await page.reload();
    await captionsButton(page, language, true).waitFor();
    await showing(page, language);

    // Another class: on too.
    await page.goto(NEXT);
    await captionsButton(page, language, true).waitFor();
    await showing(page, language);
    await screenshot(page, `player-captions-remembered-${language}-${width}`);

    // The account keeps the choice: another device starts with it.
    const answer = await page.request.get(`${baseUrl}${PREFERENCES}`, { headers: { authorization: `FitStream ${token}` } });
    assert.deepEqual(await answer.json(), { isSuccess: true, preferences: { captions: language } });
  });

  test('captions turned off stay off in the next class, on this device and on the account', async ({ subscriber }) => {
    const { page, token } = await subscriber({ label: 'captions-off', plan: 'standard', patience: 30_000 });
    await page.request.put(`${baseUrl}${PREFERENCES}`, { headers: { authorization: `FitStream ${token}` }, data: { captions: 'es' } });
    // This device has kept nothing yet: the account's choice arrives (Spanish, whatever the interface language).
    await page.goto(FIRST);
    await captionsButton(page, 'en', true).waitFor();
    await showing(page, 'es' as Language);
    const kept = page.waitForResponse((response) => response.url().endsWith(PREFERENCES) && response.request().method() === 'PUT' && response.ok());
    await captionsButton(page, 'en', true).click();
    await captionsButton(page, 'en', false).waitFor();
    await kept;
    await page.goto(NEXT);
    await page.locator('video.player__video').waitFor({ state: 'attached' });
    await captionsButton(page, 'en', false).waitFor();
    const answer = await page.request.get(`${baseUrl}${PREFERENCES}`, { headers: { authorization: `FitStream ${token}` } });
    assert.deepEqual(await answer.json(), { isSuccess: true, preferences: { captions: null } });
  });
});
