// Every screen in English and Spanish at 375 px and 1280 px: axe finds no serious or critical
// violation, the page throws nothing and breaks no Content-Security-Policy rule, and a
// screenshot goes to tests/e2e/screenshots/ (git-ignored) for people to look at.
import { EVERYWHERE, test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { expectAccessible, newContext, screenshot, signedIn, storeLanguage } from '../browser';

const publicScreens = ['/', '/login', '/register', '/terms', '/privacy', '/dmca', '/eula', '/support', '/changelog', '/cookies'];
const signedInScreens = ['/details', '/home', '/pricing', '/billing', '/success', '/cancel'];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Spinners (the home step holds one for about a second) give way to the screen.
  await page.locator('[role=status][aria-busy=true], .spinner').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  await page.waitForTimeout(150);
}

test.describe('every screen: axe and screenshots', () => {
  test('axe and screenshots of every screen', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const context = await newContext(browser, { viewport: size });
    const page = await context.newPage();
    await page.goto('/terms');
    await storeLanguage(page, language);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(`uncaught error on ${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
        failures.push(`CSP violation on ${page.url()}: ${message.text()}`);
      }
    });
    const visit = async (route: string): Promise<void> => {
      if (route === '/success' || route === '/cancel') {
        // Only a checkout return reaches them (opened directly they send the user on):
        // arrive as it does, with the history state it leaves.
        await page.evaluate((to) => {
          history.pushState({ fromCheckout: true }, '', to);
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        }, route);
      } else {
        await page.goto(route);
      }
      await settle(page);
      const name = `${route === '/' ? 'landing' : route.slice(1)}-${language}-${width}`;
      await screenshot(page, name);
      await expectAccessible(page, `${route} (${language}, ${width} px)`).catch((e: Error) => failures.push(e.message));
    };
    for (const route of publicScreens) await visit(route);
    await signedIn(page, `screens-${language}-${width}`);
    for (const route of signedInScreens) await visit(route);
    await context.close();
    if (failures.length) throw new Error(failures.join('\n\n'));
  });
});
