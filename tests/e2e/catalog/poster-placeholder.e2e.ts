// Class cards and the class page in Chromium before the posters exist (a fresh server still
// making the sample media; here the poster requests answer 404): each card shows its placeholder,
// no image in the page is broken, and the page passes axe; once posters load they replace it.
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { expectAccessible, newContext, signedIn } from '../browser';

const brokenImages = (page: Page) => page.evaluate(() => [...document.images].filter((image) => image.complete && image.naturalWidth === 0).length);

test.describe('a class poster that is not there yet', () => {
  test('shows the discipline’s placeholder with the title on cards and the class page, never a broken image', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/media/*/poster.jpg', (route) => route.fulfill({ status: 404, body: '' }));
    await signedIn(page, 'poster-placeholder');
    await page.goto('/classes');
    const first = page.locator('.class-grid > li').first();
    await first.locator('.class-poster[data-poster="failed"]').waitFor();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    assert.equal(await first.locator('.class-poster__title').textContent(), title);
    assert.equal(await first.locator('.class-poster__placeholder').getAttribute('aria-hidden'), 'true');
    assert.equal(await brokenImages(page), 0);
    await expectAccessible(page, 'classes without posters');
    await page.screenshot({ path: path.join(os.tmpdir(), 'fitstream-poster-placeholder-cards.png') });

    await first.getByRole('link').click();
    await page.locator('.class-detail .class-poster[data-poster="failed"]').waitFor();
    assert.equal(await page.locator('.class-detail .class-poster__title').textContent(), await page.getByRole('heading', { level: 1 }).textContent());
    assert.equal(await brokenImages(page), 0);
    await page.screenshot({ path: path.join(os.tmpdir(), 'fitstream-poster-placeholder-detail.png') });
    await context.close();
  });

  test('shows the poster once it exists', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'poster-loaded');
    await page.goto('/classes');
    await page.locator('.class-grid > li').first().locator('.class-poster[data-poster="loaded"]').waitFor();
    assert.equal(await page.locator('.class-grid > li').first().locator('.class-poster__placeholder').count(), 0);
    await context.close();
  });
});
