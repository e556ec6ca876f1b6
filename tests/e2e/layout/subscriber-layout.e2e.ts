// A subscriber's screens measured in a real browser, in en and es at 375 and 1280 px (issue 40):
// /home never pans sideways at 320 and 375 px (its rows scroll inside themselves); a class card's
// texts and Save sit inside its border; an empty message slot takes no room (a programme, "Plan
// this class", payment history); the player's control bar is inside the viewport at 1280 × 800 and
// in at most two rows on a phone; Change plan offers its plans as cards, as Pricing does; the
// activity chart's labels are at least 12 px on a phone. Each screen is photographed.
import assert from 'node:assert/strict';
import type { Locator, Page } from '@playwright/test';
import { EVERYWHERE, test } from '../playwright-utils';
import { screenshot, storeLanguage } from '../browser';

/** The page as the project shows it: its language stored, then `path` opened and settled. */
async function open(page: Page, language: string, path: string, ready: (page: Page) => Locator): Promise<void> {
  await storeLanguage(page, language as 'en' | 'es');
  await page.goto(path);
  await ready(page).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** How far `inner` sits inside `outer`'s border box at its closest side (negative: outside). */
async function inset(outer: Locator, inner: Locator): Promise<number> {
  const [a, b] = await Promise.all([outer.boundingBox(), inner.boundingBox()]);
  assert.ok(a && b, 'both are on screen');
  return Math.min(b.x - a.x, a.x + a.width - (b.x + b.width), b.y - a.y, a.y + a.height - (b.y + b.height));
}

/** The height of the box an empty message slot would take before `next` (0 when there is none). */
const emptySlots = (page: Page) => page.locator('.banner-slot:not(:has(.banner))').evaluateAll((slots) => slots.map((slot) => slot.getBoundingClientRect().height + parseFloat(getComputedStyle(slot).marginBottom)));

test.describe('a subscriber’s screens fit and breathe', () => {
  test(`/home scrolls its rows, not the page, at 320 and 375 px; class cards have inner padding ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const { page } = await subscriber({ label: 'layout-home', plan: 'standard' });
    await page.setViewportSize(size);
    await open(page, language, '/home', (p) => p.locator('.home-row__list .class-card'));
    await screenshot(page, `layout-home-${language}-${width}`);
    const card = page.locator('.home-row__list .class-card').first();
    for (const part of ['.class-card__title', '.class-card__meta', '.save-button']) {
      const gap = await inset(card, card.locator(part));
      assert.ok(gap >= 8, `${part} is ${gap} px from the card's edge`);
    }
    for (const narrow of [320, 375]) {
      await page.setViewportSize({ width: narrow, height: 800 });
      const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      assert.ok(wide <= narrow, `/home is ${wide} px wide at ${narrow} px`);
    }
  });

  test(`an empty message slot takes no room: a programme, "Plan this class", payment history ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const { page } = await subscriber({ label: 'layout-slots', plan: 'standard' });
    await page.setViewportSize(size);
    await open(page, language, '/programmes/yoga-foundations', (p) => p.locator('.programme__actions'));
    assert.deepEqual(await emptySlots(page), [], 'programme page');
    await screenshot(page, `layout-programme-${language}-${width}`);
    await open(page, language, '/classes/sunrise-vinyasa-flow', (p) => p.locator('.schedule-add button'));
    await page.locator('.schedule-add button').first().click();
    await page.locator('.schedule-add form').waitFor();
    assert.deepEqual(await emptySlots(page), [], '"Plan this class"');
    await screenshot(page, `layout-plan-this-class-${language}-${width}`);
    await open(page, language, '/billing?tab=history', (p) => p.locator('main table, main .responsive-table, main dl'));
    assert.deepEqual(await emptySlots(page), [], 'payment history');
    await screenshot(page, `layout-payment-history-${language}-${width}`);
  });

  test(`the player's control bar: inside the viewport at 1280 × 800, at most two rows on a phone ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const { page } = await subscriber({ label: 'layout-player', plan: 'standard' });
    await page.setViewportSize({ width: size.width, height: size.width > 600 ? 800 : size.height });
    await open(page, language, '/watch/sunrise-vinyasa-flow', (p) => p.locator('.player__bar .player__button'));
    await screenshot(page, `layout-player-${language}-${width}`);
    const bar = await page.locator('.player__bar').boundingBox();
    assert.ok(bar, 'the bar is drawn');
    const viewport = page.viewportSize()!;
    assert.ok(bar.y >= 0 && bar.y + bar.height <= viewport.height, `the bar ends at ${bar.y + bar.height} px in a ${viewport.height} px viewport`);
    // The controls' rows: the distinct tops of what is shown in the row under the seek bar.
    const tops = await page.locator('.player__row').evaluate((row) => {
      const shown = [...row.querySelectorAll<HTMLElement>('button, select, .player__time, .player__data-saver')].filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().width > 1);
      return [...new Set(shown.map((element) => Math.round(element.getBoundingClientRect().top / 8)))];
    });
    if (size.width <= 600) assert.ok(tops.length <= 2, `the controls take ${tops.length} rows`);
  });

  test(`Change plan offers its plans as cards, as Pricing does ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const { page } = await subscriber({ label: 'layout-plan', plan: 'standard' });
    await page.setViewportSize(size);
    await open(page, language, '/billing/plan', (p) => p.locator('input[type=radio][name=plan]'));
    await screenshot(page, `layout-change-plan-${language}-${width}`);
    const option = page.locator('label:has(input[type=radio][name=plan])').first();
    const look = await option.evaluate((label) => {
      const style = getComputedStyle(label);
      return { border: parseFloat(style.borderTopWidth), padding: parseFloat(style.paddingLeft), radius: parseFloat(style.borderTopLeftRadius) };
    });
    assert.ok(look.border >= 1 && look.padding >= 12 && look.radius >= 8, `a plan option is a card: ${JSON.stringify(look)}`);
    const fieldset = await page.locator('fieldset').first().evaluate((element) => parseFloat(getComputedStyle(element).borderTopWidth));
    assert.equal(fieldset, 0, 'no bare fieldset frame');
  });

  test(`the activity chart's labels are at least 12 px ${EVERYWHERE}`, async ({ subscriber, language, size, width }) => {
    const { page } = await subscriber({ label: 'layout-activity', plan: 'standard' });
    await page.setViewportSize(size);
    await open(page, language, '/activity', (p) => p.locator('.activity-chart__tick'));
    await screenshot(page, `layout-activity-${language}-${width}`);
    const sizes = await page.locator('.activity-chart__tick').evaluateAll((ticks) =>
      ticks.map((tick) => parseFloat(getComputedStyle(tick).fontSize) * ((tick as SVGGraphicsElement).getScreenCTM()?.a ?? 1)),
    );
    assert.ok(sizes.length > 0 && Math.min(...sizes) >= 12, `label sizes ${sizes.map((s) => s.toFixed(1)).join(', ')} px`);
  });
});
