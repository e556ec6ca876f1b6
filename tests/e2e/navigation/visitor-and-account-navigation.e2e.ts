// What the navbar and the footer offer, in a real browser in en and es at 375 and 1280 px (issue
// 40): a visitor has Sign In and Sign Up and no account menu; a signed-in account has its menu
// (Billing & Subscriptions, Account, Log out) and no Sign In or Sign Up, also on a public page
// pre-rendered for visitors, before and after the app is up; the footer's help,
// contact and cookies links lead to real pages; the landing quotes the plans' price range in its
// pre-rendered page, and hydrating keeps it without an error.
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import { EVERYWHERE, test } from '../playwright-utils';
import { newContext, screenshot, storeLanguage } from '../browser';

const catalogues = { en: appEn, es: appEs } as const;
type Key = keyof typeof appEn;

/** The header's links and buttons by name, the folded menu opened first where there is one. */
async function navbarNames(page: Page): Promise<string[]> {
  const menu = page.locator('.navbar__menu-button');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const account = page.locator('.navbar__account-button');
  if ((await account.isVisible()) && (await account.getAttribute('aria-expanded')) !== 'true') await account.click();
  return page.locator('header.navbar').locator('a:visible, button:visible').evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').trim()));
}

/** Starts the app on a pre-rendered page (the first move) and waits for it to have hydrated. */
async function hydrate(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 10);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForLoadState('networkidle');
}

test.describe('navigation and footer', () => {
  test(`a visitor sees Sign In and Sign Up, no account menu; the footer's links lead to pages ${EVERYWHERE}`, async ({ browser, language, size, width }) => {
    const t = (key: Key) => catalogues[language][key];
    const context = await newContext(browser, { viewport: size, locale: language === 'es' ? 'es-ES' : 'en-US' });
    const page = await context.newPage();
    await page.goto('/support');
    await hydrate(page);
    const names = await navbarNames(page);
    assert.ok(names.includes(t('navbar.signIn')) && names.includes(t('navbar.signUp')), `a visitor's navbar: ${names.join(' | ')}`);
    for (const absent of ['navbar.yourAccount', 'navbar.billing', 'navbar.account', 'navbar.logout'] as const) assert.ok(!names.includes(t(absent)), `no ${t(absent)} for a visitor`);
    await screenshot(page, `navbar-visitor-${language}-${width}`);
    if (await page.locator('.navbar__menu-button').isVisible()) await page.locator('.navbar__menu-button').click();

    const footer = page.locator('footer');
    assert.equal(await footer.getByText(/coming soon|próximamente/i).count(), 0, 'nothing in the footer is "coming soon"');
    await footer.getByRole('link', { name: t('footer.cookies') }).click();
    await page.waitForURL((url) => url.pathname === '/cookies');
    assert.equal((await page.locator('#main h1').innerText()).trim(), t('static.cookies.title'));
    assert.ok((await page.locator('#main').innerText()).includes('fs_refresh'), 'the page names what is stored');
    await screenshot(page, `cookies-${language}-${width}`);
    await footer.getByRole('link', { name: t('footer.contact') }).click();
    await page.waitForURL((url) => url.pathname === '/support' && url.hash === '#contact');
    const contact = page.locator('#contact h2');
    assert.equal((await contact.innerText()).trim(), t('static.support.contact.heading'));
    await page.waitForFunction(() => document.activeElement === document.querySelector('#contact h2'));
    assert.ok(await contact.isVisible());
    await footer.getByRole('link', { name: t('footer.helpCentre') }).click();
    await page.waitForURL((url) => url.pathname === '/support' && url.hash === '');
    await context.close();
  });

  test(`a signed-in account has its menu and Log out, never Sign In or Sign Up ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const t = (key: Key) => catalogues[language][key];
    const { page } = await subscriber({ label: 'navbar-account', plan: 'standard' });
    await page.setViewportSize(size);
    await storeLanguage(page, language);
    for (const path of ['/home', '/support']) {
      await page.goto(path);
      if (path === '/support') {
        // Pre-rendered for a visitor: from its first paint, no Sign In or Sign Up; and the app
        // starts without waiting for a move, to draw the account's menu.
        assert.equal(await page.locator('.navbar__visitor:visible').count(), 0, 'Sign In or Sign Up on the page as drawn');
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 60_000 });
      }
      await page.locator('.navbar__menu-button:visible, .navbar__account-button:visible').first().waitFor();
      const names = await navbarNames(page);
      for (const present of ['navbar.billing', 'navbar.account', 'navbar.logout'] as const) assert.ok(names.includes(t(present)), `${path}: ${t(present)} in ${names.join(' | ')}`);
      for (const absent of ['navbar.signIn', 'navbar.signUp'] as const) assert.ok(!names.includes(t(absent)), `${path}: no ${t(absent)} beside Log out`);
      await screenshot(page, `navbar-subscriber-${path.slice(1)}-${language}-${width}`);
    }
  });

  test(`the landing quotes the plans' price range before and after the app is up ${EVERYWHERE}`, async ({ browser, language, size, width }) => {
    const context = await newContext(browser, { viewport: size, locale: language === 'es' ? 'es-ES' : 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    const range = (await (await page.request.get('/api/v1/payments/price-range')).json()) as { min: number; max: number; currency: string };
    const money = (amount: number) => new Intl.NumberFormat(language, { style: 'currency', currency: range.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount / 100);
    const quoted = catalogues[language]['faq.cost.answer'].replace('{min}', money(range.min)).replace('{max}', money(range.max));
    await page.goto('/');
    const answer = page.locator('.faq__answer').nth(1);
    assert.equal((await answer.textContent())?.trim(), quoted, 'the pre-rendered page');
    await hydrate(page);
    assert.equal((await answer.textContent())?.trim(), quoted, 'after hydrating');
    await page.locator('.faq__question').nth(1).click();
    await screenshot(page, `landing-price-${language}-${width}`);
    assert.deepEqual(errors, [], 'console errors');
    await context.close();
  });
});
