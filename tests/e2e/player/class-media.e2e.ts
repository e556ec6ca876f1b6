// A class plays its own media (issue 40, docs/decisions/059), in English and Spanish at 375 and
// 1280 px: its page shows its own poster in the page's language; the player opens with the
// class's own opening segment in that language, on its discipline's colour, and the video lasts
// as long as the catalogue says the class does.
import assert from 'node:assert/strict';
import { disciplineLook } from '@domain/disciplines';
import { EVERYWHERE, test } from '../playwright-utils';
import { screenshot, storeLanguage } from '../browser';

const CLASS_ID = 'glutes-and-legs';
/** The catalogue's length of the class (30 min) and its discipline. */
const CLASS_SECONDS = 1800;
const DISCIPLINE = 'strength';

/** `#rrggbb` as its three channels. */
const channels = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));

test.describe('class media', () => {
  test("plays the class's own opening in the page's language, as long as the catalogue says", { tag: EVERYWHERE }, async ({ subscriber, language, width, size }) => {
    const { context, page } = await subscriber({ label: `class-media-${language}-${width}`, plan: 'standard', patience: 30_000 });
    await page.setViewportSize(size);
    await storeLanguage(page, language);
    const media: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) media.push(url.pathname);
    });
    // The class page's poster is the class's own card in the page's language.
    await page.goto(`/classes/${CLASS_ID}`);
    const poster = page.locator('.class-detail__poster .class-poster[data-poster="loaded"] img');
    await poster.waitFor();
    const posterPath = await poster.evaluate((image: HTMLImageElement) => new URL(image.src).pathname + new URL(image.src).search);
    assert.equal(posterPath, `/media/class-${CLASS_ID}/poster.jpg${language === 'en' ? '' : `?lang=${language}`}`);
    await screenshot(page, `class-media-detail-${language}-${width}`);
    await page.goto(`/watch/${CLASS_ID}`);
    const video = page.locator('video.player__video');
    await video.waitFor({ state: 'attached', timeout: 20_000 });
    // The first frame is in: the opening segment has been appended.
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.readyState ?? 0) >= 2, undefined, { timeout: 30_000 });
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
    assert.ok(Math.abs(duration - CLASS_SECONDS) < 1, `the video lasts ${duration} s, the class ${CLASS_SECONDS} s`);
    assert.ok(
      media.some((file) => new RegExp(`^/media/class-${CLASS_ID}/[^/]+/\\d+p/opening-${language}\\.m4s$`).test(file)),
      `the ${language} opening of the class's own media was fetched: ${media.join(', ')}`,
    );
    assert.deepEqual(media.filter((file) => /\/opening-/.test(file) && !file.endsWith(`/opening-${language}.m4s`)), []);
    // The frame shown is the opening's card: the discipline's colour at the left edge, halfway down.
    const pixel = await video.evaluate(async (element: HTMLVideoElement) => {
      // Held a second into the opening, whatever autoplay did meanwhile.
      element.pause();
      const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      element.currentTime = 1;
      await seeked;
      const canvas = document.createElement('canvas');
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(element, 0, 0);
      return [...context2d.getImageData(Math.round(canvas.width * 0.02), Math.round(canvas.height * 0.5), 1, 1).data].slice(0, 3);
    });
    const expected = channels(disciplineLook(DISCIPLINE).colour);
    assert.ok(pixel.every((value, i) => Math.abs(value - expected[i]!) <= 24), `opening colour ${pixel.join(',')} is the discipline's ${expected.join(',')}`);
    await screenshot(page, `player-class-media-${language}-${width}`);
    await context.close();
  });
});
