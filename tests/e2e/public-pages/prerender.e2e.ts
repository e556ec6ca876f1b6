// Pre-rendered public pages (docs/decisions/042): without JavaScript the landing and the sign-in
// page show their content in English and Spanish (Accept-Language or the stored choice); with
// it they hydrate into the app, at the visitor's first move (decision 048), without a layout
// shift or a hydration error, and what was typed before is kept and sent; a signed-in user
// opening / lands on /home and the landing is never painted. The landing's controls answer
// before the app has loaded, and the app takes them over as they are (decision 071).
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import { checkEverywhere, DESKTOP, MOBILE, newContext, PASSWORD, registerByApi, screenshot, signedIn, storeLanguage, uniqueEmail } from '../browser';

const catalogues = { en: appEn, es: appEs } as const;
const pages = [
  { path: '/', heading: 'landing.hero.title', title: 'title.landing' },
  { path: '/login', heading: 'login.title', title: 'title.login' },
  { path: '/register', heading: 'register.title', title: 'title.register' },
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

/** Hydrated: the visitor moves the pointer (the app starts), and React takes over the pre-rendered heading. */
async function waitForHydration(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 10);
  await page.waitForFunction(() => {
    const heading = document.querySelector('#main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

test.describe('pre-rendered public pages', () => {
  for (const language of ['en', 'es'] as const) {
    test(`shows the landing and the sign-in page in ${language} without JavaScript`, async ({ browser }) => {
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

  test('serves the stored language choice over the browser language, before any script runs', async ({ browser }) => {
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
    test(`hydrates / and /login in ${language} into the app without a layout shift or a hydration error`, async ({ browser }) => {
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
      // The real app: the switcher changes the language in place (on the last page, /register).
      const other = language === 'en' ? 'es' : 'en';
      await page.locator('select.navbar__language').selectOption(other);
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, other);
      assert.equal((await page.locator('#main h1').innerText()).trim(), catalogues[other]['register.title']);
      assert.deepEqual(errors, [], 'console errors');
      await context.close();
    });
  }

  /** Holds the app's start (its boot chunk) back until the returned function is called. */
  async function holdAppStart(page: Page): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('keeps what was typed into the sign-in form before the app was up, and signs in with it', async ({ browser }) => {
    const email = uniqueEmail('prerender-typed');
    const other = await newContext(browser);
    await registerByApi(await other.newPage(), email);
    await other.close();
    const context = await newContext(browser);
    const page = await context.newPage();
    // The app's start is held back until the form has been filled in and sent.
    const release = await holdAppStart(page);
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByLabel(/remember me/i).setChecked(true);
    await page.getByRole('button', { name: /^login$/i }).click();
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), false, 'the app was up before the form was sent');
    assert.equal(await page.getByLabel(/email/i).inputValue(), email);
    release();
    await page.waitForURL((url) => url.pathname === '/home');
    // Remembered: the session is in local storage (the box ticked before the app was up).
    assert.notEqual(await page.evaluate(() => localStorage.getItem('fitstream.session')), null, 'remember me was lost');
    await context.close();
  });

  test('opens the pre-rendered Spanish sign-up form with the address from the landing, and keeps what was typed', async ({ browser }) => {
    const context = await newContext(browser, { locale: 'es-ES' });
    const page = await context.newPage();
    const release = await holdAppStart(page);
    await page.goto('/register?email=ana%40example.com');
    assert.equal(await page.locator('#root').getAttribute('data-prerendered'), '/register');
    assert.equal((await page.locator('#main h1').innerText()).trim(), appEs['register.title']);
    await page.getByLabel(appEs['register.cpassword']).fill('typed early');
    // As drawn before the app is up (the country list holds the chosen country only).
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await screenshot(page, `prerendered-register-before-app-es-${size.width}`);
    }
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    // The link's address is the form's once the app is up; what was typed before stays.
    await page.waitForFunction(() => (document.querySelector('#register-email') as HTMLInputElement | null)?.value === 'ana@example.com');
    assert.equal(await page.locator('#register-cpassword').inputValue(), 'typed early');
    await context.close();
  });

  /** The landing's controls, at 375 px: the menu, the FAQ, the language and the email entry (decision 071). */
  const landing = {
    menu: (page: Page) => page.getByRole('button', { name: /^(menu|menú)$/i }),
    pricing: (page: Page) => page.getByRole('link', { name: appEn['navbar.pricing'] }),
    question: (page: Page, key: 'faq.cost.question' | 'faq.cancel.question') => page.locator('summary', { hasText: appEn[key] }),
    answerShown: (page: Page, key: 'faq.cost.question' | 'faq.cancel.question') => page.locator('details', { has: page.locator('summary', { hasText: appEn[key] }) }).locator('.faq__answer').isVisible(),
    hydrated: (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')),
  };

  test('answers every control of the landing at 375 px while the app has not loaded', async ({ browser }) => {
    const context = await newContext(browser, { viewport: MOBILE, locale: 'en-US' });
    const page = await context.newPage();
    // Never released: the app's boot chunk is asked for at the first move and never arrives.
    await holdAppStart(page);
    const bootAsked = page.waitForRequest(/\/assets\/boot-[^/]+\.js$/);
    await page.goto('/');

    // The menu: a disclosure with its state, Escape closes it and gives focus back to its button.
    const menu = landing.menu(page);
    assert.equal(await landing.pricing(page).isVisible(), false, 'the menu is folded at 375 px');
    await menu.click();
    await bootAsked;
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await landing.pricing(page).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await landing.pricing(page).isVisible(), false, 'Escape closed the menu');
    assert.equal(await menu.evaluate((button) => button === document.activeElement), true, 'focus back on the menu button');

    // The FAQ: native disclosures, one answer open at a time.
    await landing.question(page, 'faq.cost.question').click();
    assert.equal(await landing.answerShown(page, 'faq.cost.question'), true);
    await landing.question(page, 'faq.cancel.question').click();
    assert.equal(await landing.answerShown(page, 'faq.cancel.question'), true);
    assert.equal(await landing.answerShown(page, 'faq.cost.question'), false, 'one answer at a time');

    // The email entry goes to the sign-up form, which shows the address.
    const email = uniqueEmail('prerender-early');
    await page.getByLabel(appEn['landing.email.label']).fill(email);
    await page.getByRole('button', { name: new RegExp(appEn['landing.email.submit']) }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('email') === email);
    assert.equal(await page.locator('#root').getAttribute('data-prerendered'), '/register');
    assert.equal(await page.locator('#register-email').inputValue(), email);

    // The language: the Spanish landing, from the switcher in the menu.
    await page.goto('/');
    await landing.menu(page).click();
    await page.locator('select.navbar__language').selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    assert.equal((await page.locator('#main h1').innerText()).trim(), appEs['landing.hero.title']);
    assert.equal(await page.locator('#root').getAttribute('data-prerendered'), '/');
    assert.equal(await landing.hydrated(page), false, 'the app was never up');
    await context.close();
  });

  test('hands the landing controls to the app once it is up: a menu opened before stays open, and all still answer, without a hydration error', async ({ browser }) => {
    const context = await newContext(browser, { viewport: MOBILE, locale: 'en-US' });
    const page = await context.newPage();
    const errors = await watchPage(page);
    const release = await holdAppStart(page);
    await page.goto('/');
    // The answer first: a click elsewhere closes the menu (focus leaves it).
    await landing.question(page, 'faq.cost.question').click();
    const menu = landing.menu(page);
    await menu.click();
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    await page.waitForLoadState('networkidle');
    assert.equal(await menu.getAttribute('aria-expanded'), 'true', 'the menu opened before the app closed');
    assert.equal(await landing.pricing(page).isVisible(), true);
    assert.equal(await landing.answerShown(page, 'faq.cost.question'), true, 'the answer opened before the app closed');
    // The app answers now: the menu closes and opens, Escape closes it.
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await landing.pricing(page).isVisible(), false);
    await menu.click();
    await landing.pricing(page).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await landing.question(page, 'faq.cancel.question').click();
    assert.equal(await landing.answerShown(page, 'faq.cancel.question'), true);
    assert.equal(await landing.answerShown(page, 'faq.cost.question'), false);
    // The language switches in place (no new document), then the email entry goes to sign-up within the app.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await menu.click();
    await page.locator('select.navbar__language').selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    assert.equal((await page.locator('#main h1').innerText()).trim(), appEs['landing.hero.title']);
    const email = uniqueEmail('prerender-hydrated');
    await page.getByLabel(appEs['landing.email.label']).fill(email);
    await page.getByRole('button', { name: new RegExp(appEs['landing.email.submit']) }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('email') === email);
    await page.waitForFunction((wanted) => (document.querySelector('#register-email') as HTMLInputElement | null)?.value === wanted, email);
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'the app reloaded the page');
    assert.deepEqual(errors, [], 'console errors');
    await context.close();
  });

  test('sends a signed-in user opening / to /home without ever painting the landing', async ({ browser }) => {
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

  test('keeps the pre-rendered landing accessible in both languages', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await checkEverywhere(page, 'prerendered-landing');
    await context.close();
  });
});
