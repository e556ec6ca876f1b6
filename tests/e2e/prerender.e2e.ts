// Pre-rendered public pages (docs/decisions/042): without JavaScript the landing and the sign-in
// page show their content in English and Spanish (Accept-Language or the stored choice); with
// it they hydrate into the app without a layout shift or a hydration error; a signed-in user
// opening / lands on /home and the landing is never painted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import appEn from '@locales/en.json';
import appEs from '@locales/es.json';
import { checkEverywhere, DESKTOP, launch, MOBILE, newContext, signedIn, storeLanguage } from './browser';

const catalogues = { en: appEn, es: appEs } as const;
const pages = [
  { path: '/', heading: 'landing.hero.title', title: 'title.landing' },
  { path: '/login', heading: 'login.title', title: 'title.login' },
] as const;

/** Sums the page's layout shifts (none excused by input) and collects its errors, from the first byte. */
async function watchPage(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { __layoutShift: typeof shifts }).__layoutShift = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return errors;
}

/** Hydrated: React has taken over the pre-rendered heading (its element carries React's fiber). */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('#main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

describe('pre-rendered public pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  for (const language of ['en', 'es'] as const) {
    it(`shows the landing and the sign-in page in ${language} without JavaScript`, async () => {
      const context = await newContext(browser, { javaScriptEnabled: false, locale: language === 'es' ? 'es-ES' : 'en-US' });
      const page = await context.newPage();
      for (const { path, heading, title } of pages) {
        await page.goto(path);
        assert.equal(await page.locator('html').getAttribute('lang'), language, `${path}: <html lang>`);
        assert.equal(await page.title(), `${catalogues[language][title]} · FitStream`, `${path}: title`);
        assert.equal((await page.locator('#main h1').innerText()).trim(), catalogues[language][heading], `${path}: heading`);
      }
      // The sign-in form itself is there to fill.
      assert.equal(await page.getByLabel(catalogues[language]['login.email']).count(), 1);
      await context.close();
    });
  }

  it('serves the stored language choice over the browser language, before any script runs', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/terms');
    await storeLanguage(page, 'es');
    await page.goto('/login');
    assert.equal(await page.locator('html').getAttribute('lang'), 'es');
    assert.equal((await page.locator('#main h1').innerText()).trim(), appEs['login.title']);
    // The cookie now carries the choice: the server answers Spanish on its own.
    const answer = await page.request.get('/login');
    assert.match(await answer.text(), /<html lang="es"/);
    await context.close();
  });

  for (const language of ['en', 'es'] as const) {
    it(`hydrates / and /login in ${language} into the app without a layout shift or a hydration error`, async () => {
      const context = await newContext(browser, { locale: language === 'es' ? 'es-ES' : 'en-US' });
      const page = await context.newPage();
      const errors = await watchPage(page);
      for (const size of [MOBILE, DESKTOP]) {
        await page.setViewportSize(size);
        for (const { path, heading } of pages) {
          await page.goto(path);
          await waitForHydration(page);
          assert.equal((await page.locator('#main h1').innerText()).trim(), catalogues[language][heading], `${path}: heading after hydration`);
          const shift = await page.evaluate(() => (window as unknown as { __layoutShift: { total: number } }).__layoutShift.total);
          assert.equal(shift, 0, `${path} (${language}, ${size.width} px): cumulative layout shift`);
        }
      }
      // The real app: the switcher changes the language in place, and a link is the app's route.
      const other = language === 'en' ? 'es' : 'en';
      await page.locator('select.navbar__language').selectOption(other);
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, other);
      assert.equal((await page.locator('#main h1').innerText()).trim(), catalogues[other]['login.title']);
      assert.deepEqual(errors, [], 'console errors');
      await context.close();
    });
  }

  it('sends a signed-in user opening / to /home without ever painting the landing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'prerender-home');
    // On every document: whether the landing's heading was ever drawn, seen at each frame and at its first paint.
    await context.addInitScript(() => {
      if (location.pathname !== '/') return;
      const note = () => {
        const hero = document.querySelector('.hero__title');
        if (hero && !document.documentElement.hidden && hero.getBoundingClientRect().height > 0) sessionStorage.setItem('landingPainted', '1');
      };
      const everyFrame = () => {
        note();
        requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) sessionStorage.setItem('landingPainted', '1');
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.locator('#main h1').first().waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('landingPainted')), null, 'the landing was painted');
    await context.close();
  });

  it('keeps the pre-rendered landing accessible in both languages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await checkEverywhere(page, 'prerendered-landing');
    await context.close();
  });
});
