// /account's sections work side by side (issue 40): a browser whose push subscription never
// answers ends in a clear message after 10 s, while every other section stays usable; a section
// says how its request ended where the user is, without the page jumping to the top; and an
// account with no plan reads on /downloads that downloads come with a plan (not "0 of 0"); this
// device is named in the page's language.
// In en and es at 375 and 1280 px, with screenshots.
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import { EVERYWHERE, test, type Language } from '../playwright-utils';
import { baseUrl, expectAccessible, screenshot, storeLanguage } from '../browser';

const app: Record<Language, Record<string, string>> = { en: appEn, es: appEs };
const section = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}"]`);

/** On /account in `language`, once the app's service worker is registered (push is offered only then). */
async function onAccount(page: Page, language: Language): Promise<void> {
  await page.goto('/account');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.locator('#account-language-select').waitFor();
  if (language === 'es') {
    await page.locator('#account-language-select').selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
  }
}

/** Whether the section's first button is inside the viewport now (the user sees it without scrolling). */
async function inView(page: Page, id: string): Promise<boolean> {
  return page.locator(`section[aria-labelledby="${id}"] button`).first().evaluate((button) => {
    const box = button.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

test.describe('account sections', () => {
  test('a push subscription that never answers ends in a clear message; the other sections work meanwhile, in place', { tag: EVERYWHERE }, async ({ subscriber, language, width, size }) => {
    test.setTimeout(120_000);
    const { context, page } = await subscriber({ label: `push-hang-${language}-${width}`, plan: null });
    await page.setViewportSize(size);
    const t = app[language];
    // Notifications allowed, and a browser whose push service never answers the subscription.
    await context.grantPermissions(['notifications'], { origin: new URL(baseUrl).origin });
    await page.addInitScript({
      content: `
        PushManager.prototype.subscribe = function () { return new Promise(function () {}); };
        PushManager.prototype.getSubscription = function () { return Promise.resolve(null); };`,
    });
    // The app's timers run on a clock the test can move (it flows as usual until then).
    await page.clock.install();
    await onAccount(page, language);

    const notify = section(page, 'account-notifications').getByRole('button', { name: t['account.notifications.pushOn'] });
    await notify.scrollIntoViewIfNeeded();
    await notify.click();
    await section(page, 'account-notifications').locator('button[aria-busy=true]').waitFor();

    // Another section meanwhile: its button works, and its message shows there, with no jump to the top.
    const download = section(page, 'account-data').getByRole('button', { name: t['account.data.download'] });
    await download.scrollIntoViewIfNeeded();
    assert.equal(await download.isEnabled(), true, 'Download my data is usable while push is being set up');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.ok(file.suggestedFilename().endsWith('.json'));
    await section(page, 'account-data').getByText(t['account.notice.dataDownloaded']!).waitFor();
    assert.equal(await inView(page, 'account-data'), true, 'the data section stays on screen after its message');
    assert.ok(await page.evaluate(() => window.scrollY > 0), 'the page did not scroll to the top');
    for (const control of [page.locator('#account-language-select'), page.locator('#account-new-email'), section(page, 'account-devices').getByRole('button').first()]) {
      if (await control.count()) assert.equal(await control.isEnabled(), true);
    }
    assert.ok(await notify.getAttribute('aria-busy'), 'push is still waiting for the browser');

    // 10 s without an answer: the section says so, and its button can be pressed again.
    await page.clock.fastForward('00:11');
    const message = section(page, 'account-notifications').getByRole('alert');
    await message.getByText(t['account.notice.pushSubscribeNoAnswer']!).waitFor();
    assert.equal(await notify.getAttribute('aria-busy'), null);
    assert.equal(await notify.isEnabled(), true);
    await message.scrollIntoViewIfNeeded();
    await screenshot(page, `account-push-no-answer-${language}-${width}`);
    await expectAccessible(page, `/account, push without an answer (${language}, ${width} px)`);
  });

  test("names this device in the page's language", async ({ subscriber }) => {
    const { context, page } = await subscriber({ label: 'device-names', plan: null });
    for (const language of ['en', 'es'] as const) {
      await onAccount(page, language);
      const devices = section(page, 'account-devices');
      await devices.getByRole('listitem').first().waitFor();
      // "Chrome on Linux" / "Chrome en Linux": the browser and its system, joined in the language.
      assert.match(await devices.innerText(), language === 'es' ? /\S en Linux/ : /\S on Linux/);
      if (language === 'es') assert.doesNotMatch(await devices.innerText(), / on /);
    }
    await context.close();
  });

  test('an account with no plan reads that downloads come with a plan, not "0 of 0"', { tag: EVERYWHERE }, async ({ subscriber, language, width, size }) => {
    const { page } = await subscriber({ label: `no-plan-downloads-${language}-${width}`, plan: null });
    await page.setViewportSize(size);
    await storeLanguage(page, language);
    await page.goto('/downloads');
    const devices = page.getByTestId('downloads-devices');
    await devices.waitFor();
    const text = await devices.innerText();
    assert.ok(text.includes(app[language]['downloads.noPlan']!), text);
    assert.doesNotMatch(text, /0 (of|de) 0/);
    await devices.getByRole('link', { name: app[language]['downloads.choosePlan'] }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.goBack();
    await devices.waitFor();
    await screenshot(page, `downloads-no-plan-${language}-${width}`);
  });
});
