// Routes a visitor notices: an unknown path goes to /, a protected route goes to /login and back
// to the origin after sign-in, a signed-in user opening / or /login lands on /home.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { newContext, registerByApi, signInThroughForm, uniqueEmail } from '../browser';

test.describe('routes', () => {
  test('sends an unknown path to /', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  test('sends a protected route to /login and back to the origin after sign-in', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('origin');
    await registerByApi(page, email);
    await context.clearCookies();
    await page.goto('/billing');
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === '/billing');
    assert.equal(new URL(page.url()).pathname, '/billing');
    await context.close();
  });
});
