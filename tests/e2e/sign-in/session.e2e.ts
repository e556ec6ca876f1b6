// Signing in and staying signed in: the form's errors, a sign-in link, the access token refreshed
// without the user noticing (two tabs at once; a replayed refresh token signs out), remember me,
// and the language kept after a reload; in Chromium against the real server.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { BrowserContext, Page } from '@playwright/test';
import { newContext, PASSWORD, registerByApi, shortTtlUrl, signInThroughForm, uniqueEmail } from '../browser';

const pathIs = (p: string) => (url: URL) => url.pathname === p;

/** A new account signed in through the form in `context`, so the app holds a real session; on /home. */
async function signedInThroughForm(context: BrowserContext, label: string): Promise<Page> {
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await registerByApi(page, email);
  await context.clearCookies();
  await signInThroughForm(page, email);
  await page.waitForURL(pathIs('/home'));
  return page;
}

test.describe('sign-in and session', () => {
  test('sign-in errors: rules under the fields, the server message in the banner', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Please enter your password.').waitFor();
    await signInThroughForm(page, uniqueEmail('nobody'), 'Wrong1!pass');
    const banner = page.getByRole('alert');
    await banner.waitFor();
    assert.ok((await banner.innerText()).trim().length > 0);
    assert.equal(new URL(page.url()).pathname, '/login');
    await context.close();
  });

  test('an nftoken link signs in a second browser context', async ({ browser }) => {
    const first = await newContext(browser);
    const page = await first.newPage();
    const { token } = await registerByApi(page, uniqueEmail('link'));
    const res = await page.request.post('/api/v1/auth/link-token', { headers: { Authorization: `FitStream ${token}` } });
    assert.equal(res.status(), 201);
    const { url } = (await res.json()) as { url: string };
    const second = await newContext(browser);
    const other = await second.newPage();
    await other.goto(url);
    await other.waitForURL(pathIs('/home'));
    await other.getByRole('button', { name: /log out/i, includeHidden: true }).first().waitFor({ state: 'attached' });
    await first.close();
    await second.close();
  });

  test('refreshes an expired access token without the user noticing', async ({ browser }) => {
    const context = await newContext(browser, { server: shortTtlUrl });
    const page = await signedInThroughForm(context, 'ttl');
    // Counted from sign-in on: a call the home page makes after 3 s may be the one that refreshes.
    let refreshes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/refresh') && r.status() === 200) refreshes += 1;
    });
    await page.waitForTimeout(4_000); // the access token (3 s) has expired
    await page.goto('/billing');
    await page.getByText(/no subscription found/i).waitFor();
    assert.equal(new URL(page.url()).pathname, '/billing');
    assert.ok(refreshes >= 1, 'the expired access token was refreshed');
    await context.close();
  });

  test('two tabs whose access tokens expire together both stay signed in', async ({ browser }) => {
    const context = await newContext(browser, { server: shortTtlUrl });
    const first = await signedInThroughForm(context, 'tabs');
    const second = await context.newPage();
    await second.goto('/home');
    await second.getByRole('button', { name: /log out/i, includeHidden: true }).first().waitFor({ state: 'attached' });
    await first.waitForTimeout(4_000); // both tabs' access tokens (3 s) have expired
    // Both tabs' refreshes leave with the same cookie: each is held until the other is sent too.
    let release = () => {};
    const bothSent = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    await context.route('**/api/v1/refresh', async (route) => {
      sent += 1;
      if (sent === 2) release();
      await bothSent;
      await route.continue();
    });
    const refreshed = [first, second].map((page) => page.waitForResponse((r) => r.url().endsWith('/api/v1/refresh')));
    await Promise.all([first.goto('/billing'), second.goto('/billing')]);
    assert.deepEqual((await Promise.all(refreshed)).map((response) => response.status()), [200, 200]);
    for (const page of [first, second]) {
      await page.getByText(/no subscription found/i).waitFor();
      assert.equal(new URL(page.url()).pathname, '/billing');
    }
    await context.close();
  });

  test('a replayed refresh token signs the user out', async ({ browser }) => {
    const context = await newContext(browser, { server: shortTtlUrl });
    const page = await signedInThroughForm(context, 'replay');
    const stolen = (await context.cookies()).find((c) => c.name === 'fs_refresh');
    assert.ok(stolen, 'the refresh cookie is set');
    // Someone else uses the refresh token first: it rotates, and the copy in the browser is now a replay.
    const thief = await fetch(`${shortTtlUrl}/api/v1/refresh`, { headers: { cookie: `fs_refresh=${stolen.value}` } });
    assert.equal(thief.status, 200);
    await page.waitForTimeout(4_000); // past the access token (3 s) and this server's reuse window (2 s)
    await page.goto('/billing');
    await page.waitForURL(pathIs('/login'));
    await context.close();
  });

  test('switches to Spanish and keeps it after a reload', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/language/i).first().selectOption('es');
    await page.getByRole('heading', { name: /inicia sesión/i }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /inicia sesión/i }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'es');
    await context.close();
  });

  test('remember me unchecked: the user is forgotten when the browser closes', async ({ browser }) => {
    const email = uniqueEmail('forget');
    const setup = await newContext(browser);
    await registerByApi(await setup.newPage(), email);
    await setup.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, email, PASSWORD, false);
    await page.waitForURL(pathIs('/home'));
    const kept = await context.storageState();
    await context.close();
    // A new browser session: cookies and localStorage survive, sessionStorage does not.
    const reopened = await newContext(browser, { storageState: kept });
    const again = await reopened.newPage();
    await again.goto('/home');
    await again.waitForURL(pathIs('/login'));
    await reopened.close();
  });
});
