// The sign-up country (issue 40): the country drives the tax on invoices, so /register suggests
// the one the browser's languages name (es-ES → Spain, en-GB → United Kingdom; from the first
// paint, before the app starts) instead of the
// United States for everyone, and lists every country from the first paint, also on the
// pre-rendered page loaded directly (it listed one until the app started), without a hydration error.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { COUNTRY_CODES } from '../../../domain/countries';
import { newContext } from '../browser';

test.describe('sign-up country', () => {
  for (const [locale, code] of [
    ['es-ES', 'ES'],
    ['en-GB', 'GB'],
  ] as const) {
    test(`a browser in ${locale} is offered ${code}, with every country listed before the app starts`, async ({ browser }) => {
      const context = await newContext(browser, { locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/register');
      assert.equal(await page.locator('#root').getAttribute('data-prerendered'), '/register');
      const select = page.locator('#register-country');
      // Before any move (the app starts at the first one): the pre-rendered list is whole.
      assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), false);
      assert.equal(await select.locator('option').count(), COUNTRY_CODES.length);
      assert.equal(await select.inputValue(), code, 'suggested before the app starts');
      await select.focus();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await page.waitForFunction((wanted) => document.querySelector<HTMLSelectElement>('#register-country')?.value === wanted, code);
      assert.equal(await select.locator('option').count(), COUNTRY_CODES.length);
      // Still a choice: another country can be picked.
      await select.selectOption('FR');
      assert.equal(await select.inputValue(), 'FR');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
