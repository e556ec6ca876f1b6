// Classes in Chromium against the real server and its seeded catalog (30 classes): browsing,
// filters kept in the address (Back restores a view, a shared address opens filtered), search,
// no match, a class with Play for a subscriber and "Choose a plan" without one, the subscriber's
// home rows, the navbar link; then axe and screenshots of every classes screen.
import assert from 'node:assert/strict';
import { EVERYWHERE, test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { subscribedWithTrial } from '../flows/account-flow-drivers';
import { chooseLanguage, expectAccessible, newContext, screenshot, signedIn, storeLanguage } from '../browser';
import { classCount } from '../flows/catalog-flow-drivers';
import { pathIs } from '../flows/flow-driver';

const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const cards = (page: Page) => page.locator('.class-grid > li');

async function expectCount(page: Page, text: string): Promise<void> {
  await classCount(page).getByText(text, { exact: true }).waitFor();
}

async function expectAddress(page: Page, search: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/classes' && url.search === search);
}

test.describe('classes', () => {
  test('a subscriber browses, filters (the address follows, Back restores), searches, finds nothing, and plays a class', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await subscribedWithTrial(page, 'catalog-browse');
    // The navbar leads to the classes, then the programmes, the schedule, the activity and the downloads, before Pricing.
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Activity is a subscriber's link: there once the app has asked whether the account subscribes.
    await nav.getByRole('link', { name: 'Activity' }).waitFor();
    assert.deepEqual((await nav.getByRole('link').allTextContents()).slice(0, 7), ['Home', 'Classes', 'Programmes', 'Schedule', 'Activity', 'Downloads', 'Pricing']);
    // A subscriber's bar (the most links) is one row at 1280 px in both languages, no link text
    // broken over two lines, the account's pages behind "Your account".
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(page, language);
      const rows = await page.evaluate(`(() => {
        const tops = Array.from(document.querySelectorAll('.navbar__menu > .navbar__links .navbar__link, .navbar__account-button, .navbar__language')).map((e) => e.getBoundingClientRect());
        return { tops: new Set(tops.map((r) => Math.round(r.top))).size, tallest: Math.max(...tops.map((r) => r.height)), overflow: document.documentElement.scrollWidth - innerWidth };
      })()`);
      assert.deepEqual(rows, { tops: 1, tallest: 44, overflow: 0 }, language);
    }
    await nav.getByRole('link', { name: 'Classes' }).click();
    await page.waitForURL(pathIs('/classes'));
    await expectCount(page, '30 classes');
    assert.equal(await cards(page).count(), 20);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByText('Showing 30 of 30').waitFor();
    assert.equal(await cards(page).count(), 30);
    assert.equal(await page.getByRole('button', { name: 'Show more' }).count(), 0);

    await chip(page, 'Yoga').click();
    await expectAddress(page, '?discipline=yoga');
    await expectCount(page, '5 classes');
    await chip(page, 'Beginner').click();
    await expectAddress(page, '?discipline=yoga&level=beginner');
    await expectCount(page, '3 classes');
    assert.equal(await chip(page, 'Beginner').getAttribute('aria-pressed'), 'true');
    // A card: title, instructor, discipline, level and length.
    const sunrise = cards(page).filter({ hasText: 'Sunrise Vinyasa Flow' });
    assert.match((await sunrise.textContent()) ?? '', /20 min.*Lucía Martín · Yoga · Beginner/);

    await page.goBack();
    await expectAddress(page, '?discipline=yoga');
    await expectCount(page, '5 classes');
    assert.equal(await chip(page, 'Beginner').getAttribute('aria-pressed'), 'false');
    assert.equal(await chip(page, 'Yoga').getAttribute('aria-pressed'), 'true');
    await page.goBack();
    await expectAddress(page, '');
    await expectCount(page, '30 classes');

    await page.getByRole('searchbox', { name: 'Search classes' }).fill('tabata');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectAddress(page, '?q=tabata');
    await expectCount(page, '1 class');
    assert.equal(await cards(page).first().getByRole('heading').textContent(), 'Tabata Burn');

    await page.getByRole('searchbox', { name: 'Search classes' }).fill('zzzz');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'No classes match' }).waitFor();
    await page.locator('.catalog__state').getByRole('button', { name: 'Clear filters' }).click();
    await expectAddress(page, '');
    await expectCount(page, '30 classes');
    assert.equal(await page.getByRole('searchbox', { name: 'Search classes' }).inputValue(), '');

    await cards(page).filter({ hasText: 'Tabata Burn' }).getByRole('link').click();
    await page.waitForURL(pathIs('/classes/tabata-burn'));
    await page.getByRole('heading', { level: 1, name: 'Tabata Burn' }).waitFor();
    await page.getByText('No equipment needed').waitFor();
    const play = page.getByRole('link', { name: 'Play' });
    assert.equal(await play.getAttribute('href'), '/watch/tabata-burn');
    await play.click();
    await page.waitForURL(pathIs('/watch/tabata-burn'));
    await context.close();
  });

  test('a shared address opens the catalog filtered, in Spanish with Spanish texts', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'catalog-shared');
    await storeLanguage(page, 'es');
    await page.goto('/classes?discipline=strength&duration=16-30');
    await expectCount(page, '3 clases');
    assert.equal(await chip(page, 'Fuerza').getAttribute('aria-pressed'), 'true');
    assert.equal(await chip(page, 'De 16 a 30 min').getAttribute('aria-pressed'), 'true');
    await cards(page).filter({ hasText: 'Glúteos y piernas' }).waitFor();
    // Search ignores accents and finds the Spanish title.
    await page.getByRole('searchbox', { name: 'Buscar clases' }).fill('gluteos');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expectAddress(page, '?discipline=strength&duration=16-30&q=gluteos');
    await expectCount(page, '1 clase');
    await context.close();
  });

  test('a class offers an account without a subscription a plan, and an unknown class is not found', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'catalog-no-plan');
    await page.goto('/classes/sunrise-vinyasa-flow');
    await page.getByRole('heading', { level: 1, name: 'Sunrise Vinyasa Flow' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Play' }).count(), 0);
    await page.getByRole('link', { name: 'Choose a plan to start watching' }).click();
    await page.waitForURL(pathIs('/pricing'));
    // Without a subscription /home stays the onboarding step.
    await page.goto('/home');
    await page.getByRole('button', { name: /^next$/i }).waitFor();
    await page.goto('/classes/no-such-class');
    await page.getByRole('heading', { name: 'This class is not in the catalog' }).waitFor();
    await page.getByRole('link', { name: 'Browse the classes' }).click();
    await page.waitForURL(pathIs('/classes'));
    await context.close();
  });

  test("a subscriber's home: continue watching, new this week, a row per discipline", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await subscribedWithTrial(page, 'catalog-home');
    const saved = await page.request.put('/api/v1/playback/progress/yin-yoga-deep-release', {
      headers: { authorization: `FitStream ${token}` },
      data: { position_seconds: 5 },
    });
    assert.equal(saved.status(), 200, await saved.text());
    // Back from the checkout on /success (as its return arrives there), then its Start watching.
    await page.evaluate(() => {
      history.pushState({ fromCheckout: true }, '', '/success');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await page.getByRole('link', { name: 'Start watching' }).click();
    await page.waitForURL(pathIs('/home'));
    const row = (name: string) => page.getByRole('region', { name });
    // The card's heading: while its poster loads, the placeholder shows the title too (aria-hidden).
    await row('Continue watching').getByRole('heading', { name: 'Yin Yoga: Deep Release' }).waitFor();
    assert.equal(await row('New this week').locator('li').count(), 6);
    for (const discipline of ['Yoga', 'HIIT', 'Strength', 'Pilates', 'Indoor cycling', 'Stretching & mobility']) {
      assert.equal(await row(discipline).locator('li').count(), 5, discipline);
    }
    await row('Strength').getByRole('link', { name: 'See all Strength' }).click();
    await expectAddress(page, '?discipline=strength');
    await expectCount(page, '5 classes');
    // The class started shows Continue.
    await page.goto('/classes/yin-yoga-deep-release');
    await page.getByRole('link', { name: 'Continue' }).waitFor();
    await context.close();
  });

  test("axe and screenshots of /classes, a class and the subscriber's home", { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    // Subscribed at desktop width, then seen at the project's width.
    const context = await newContext(browser);
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(`uncaught error on ${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) failures.push(`CSP: ${message.text()}`);
    });
    await subscribedWithTrial(page, `catalog-axe-${language}-${width}`);
    await storeLanguage(page, language);
    await page.setViewportSize(size);
    const visit = async (route: string, ready: string, name: string) => {
      await page.goto(route);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${name}-${language}-${width}`);
      await expectAccessible(page, `${route} (${language}, ${width} px)`).catch((e: Error) => failures.push(e.message));
    };
    await visit('/classes', '.class-grid', 'classes');
    await visit('/classes?discipline=yoga&level=beginner', '.class-grid', 'classes-filtered');
    await visit('/classes?q=zzzz', '.catalog__state', 'classes-empty');
    await visit('/classes/sunrise-vinyasa-flow', '.class-detail', 'class-detail');
    await visit('/classes/no-such-class', '.catalog__state', 'class-not-found');
    await visit('/home', '.subscriber-home', 'home-subscriber');
    await context.close();
    if (failures.length) throw new Error(failures.join('\n\n'));
  });
});
