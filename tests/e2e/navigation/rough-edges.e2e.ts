// The rough edges a new user hits, in a real browser: nothing scrolls sideways at 320 or 375 px
// on any screen in either language (a subscriber's billing and payment history included), each
// tab is titled after its page, the skip link, focus on the new page's heading after a
// navigation, the mobile menu as a disclosure, one check per benefit on /home, and a click
// anywhere on a desktop plan column (its name, its price) proceeding to that plan's checkout.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, newContext, payWithCard, signedIn, storeLanguage } from '../browser';
import { pathIs } from '../flows/flow-driver';

const publicScreens = ['/', '/login', '/register', '/terms', '/privacy', '/dmca', '/eula', '/support', '/changelog', '/cookies'];
const signedInScreens = ['/details', '/home', '/pricing', '/billing'];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  await page.locator('h1').first().waitFor();
}

/** How far the page scrolls sideways (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Arrives at /success or /cancel as the checkout return does (history state), without paying. */
async function arriveFromCheckout(page: Page, path: '/success' | '/cancel'): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({ fromCheckout: true }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL(pathIs(path));
}

/** Starts a trial on the sandbox checkout from the mobile plan strip (Standard, preselected). */
async function subscribeOnMobile(page: Page): Promise<void> {
  await page.goto('/pricing');
  await page.getByRole('button', { name: /^(Next|Siguiente)$/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
  await payWithCard(page);
  await page.waitForURL(pathIs('/success'));
}

/** A mouse click at the middle of what the user sees (not dispatched to the element itself). */
async function clickWhereShown(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  assert.ok(box, 'the target is on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe('rough edges', () => {
  for (const language of ['en', 'es'] as const) {
    for (const width of [320, 375]) {
      test(`nothing scrolls sideways at ${width} px (${language}), on any screen`, async ({ browser }) => {
        const context = await newContext(browser, { viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto('/terms');
        await storeLanguage(page, language);
        const wide: string[] = [];
        const measure = async (label: string) => {
          await settle(page);
          const extra = await overflow(page);
          if (extra > 0) wide.push(`${label}: ${extra} px too wide`);
        };
        for (const route of publicScreens) {
          await page.goto(route);
          await measure(route);
        }
        await signedIn(page, `wide-${language}-${width}`);
        for (const route of signedInScreens) {
          await page.goto(route);
          await measure(route);
        }
        await page.goto('/home');
        await settle(page);
        for (const path of ['/success', '/cancel'] as const) {
          await arriveFromCheckout(page, path);
          await measure(path);
        }
        // A subscriber: the plan, the payment history (a table on wide screens) and pricing.
        await subscribeOnMobile(page);
        await measure('/success (after paying)');
        await page.goto('/billing');
        await measure('/billing (subscribed)');
        await page.getByRole('button', { name: /cancel subscription|cancelar suscripción/i }).click();
        // The cancel flow's first step asks why (decision 068).
        await page.getByRole('dialog').waitFor();
        await measure('/billing (cancel dialog)');
        await page.keyboard.press('Escape');
        await page.getByRole('tab', { name: /payment history|historial de pagos/i }).click();
        await measure('/billing payment history');
        await page.goto('/pricing');
        await measure('/pricing (subscribed)');
        await context.close();
        assert.deepEqual(wide, []);
      });
    }
  }

  test('titles every tab after its page, in the UI language', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const titled = (title: string) => page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 });
    await page.goto('/terms');
    await titled('Terms of use · FitStream');
    await page.goto('/login');
    await titled('Sign in · FitStream');
    assert.equal(await page.title(), 'Sign in · FitStream');
    await storeLanguage(page, 'es');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'Iniciar sesión · FitStream');
    await context.close();
  });

  test('skip link, focus on the new heading, the mobile menu as a disclosure, one check per benefit', async ({ browser }) => {
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await signedIn(page, 'edges');
    await page.goto('/home');
    await settle(page);
    // One mark per benefit: the list has no bullets of its own.
    const bullets = await page.locator('.benefits li').evaluateAll((items) => items.map((item) => getComputedStyle(item).listStyleType));
    assert.ok(bullets.length === 3 && bullets.every((type) => type === 'none'), `list bullets: ${bullets.join(', ')}`);
    // The skip link comes first and lands on the page's heading.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
    // The menu: open, Escape closes it and focus is back on its button.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent), 'Menu');
    // Following a link in the menu: the new page's heading has focus.
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(pathIs('/pricing'));
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await context.close();
  });

  test('on desktop, clicking a plan column (its name, its price) proceeds to that plan\'s checkout', async ({ browser }) => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await signedIn(page, 'pricing-column');
    const checkoutFor = async (plan: string) => {
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
      await page.getByRole('heading', { level: 1, name: `Subscribe to ${plan}` }).waitFor();
    };
    await page.goto('/pricing');
    await clickWhereShown(page, page.getByRole('article', { name: 'PREMIUM' }).getByRole('heading', { name: 'PREMIUM' }));
    await checkoutFor('Premium');
    await page.goto('/pricing');
    await clickWhereShown(page, page.getByRole('article', { name: 'BASIC' }).locator('.plan-card__amount'));
    await checkoutFor('Basic');
    // The button inside keeps its name and works from the keyboard.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Standard' }).focus();
    await page.keyboard.press('Enter');
    await checkoutFor('Standard');
    await context.close();
  });
});
