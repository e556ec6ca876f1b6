// The journeys a subscriber takes, in Chromium against the real server with sandbox payments.
import assert from 'node:assert/strict';
import { test } from './playwright-utils';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { MOBILE, newContext, PASSWORD, payWithCard, registerByApi, shortTtlUrl, signedIn, signInThroughForm, uniqueEmail } from './browser';

const here = path.dirname(fileURLToPath(import.meta.url));
const avatar = path.join(here, 'fixtures/avatar.png');
const pathIs = (p: string) => (url: URL) => url.pathname === p;

async function registerThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByLabel(/confirm password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL(pathIs('/details'));
}

async function payOnSandbox(page: Page, card: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
  await payWithCard(page, { number: card });
}

async function choosePlanOnDesktop(page: Page, name: 'Basic' | 'Standard' | 'Premium'): Promise<void> {
  await page.waitForURL(pathIs('/pricing'));
  await page.getByRole('button', { name: `Choose ${name}` }).click();
}

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

test.describe('journeys', () => {

  test('register → profile with an image → home → pricing → pay 4242 → /users → success → billing → cancel → resume → new card', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await registerThroughForm(page, uniqueEmail('journey'));
    await page.getByText('Set Up Your Profile').waitFor();
    await page.locator('input[type=file]').setInputFiles(avatar);
    await page.getByRole('img', { name: /your profile picture/i }).waitFor();
    await page.getByLabel(/^name/i).fill('Ana Tester');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL(pathIs('/home'));
    await page.getByRole('button', { name: /^next$/i }).click();
    await choosePlanOnDesktop(page, 'Standard');
    await payOnSandbox(page, '4242 4242 4242 4242');
    await page.waitForURL(pathIs('/success'));
    await page.getByText('Transaction Successful!').waitFor();
    await page.getByRole('button', { name: /view subscription/i }).or(page.getByRole('link', { name: /view subscription/i })).click();
    await page.waitForURL(pathIs('/billing'));
    await page.getByText(/free trial/i).first().waitFor();
    await page.getByText('STANDARD').first().waitFor();
    await page.getByRole('tab', { name: /payment history/i }).click();
    await page.getByText(/4242/).first().waitFor();
    await page.getByRole('tab', { name: 'Subscription', exact: true }).click();
    await page.getByRole('button', { name: /cancel subscription/i }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText('Your subscription has been cancelled').waitFor();
    await page.getByText('Cancels At Period End').waitFor();
    await page.getByText(/^Access until /).waitFor();
    await page.getByRole('button', { name: /resume subscription/i }).click();
    await page.getByText('Your subscription will renew again').waitFor();
    await page.getByText('Cancels At Period End').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /cancel subscription/i }).waitFor();

    await page.getByRole('button', { name: /update payment method/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/portal/'));
    await page.getByText('Card on file: VISA •••• 4242 · 12/2034').waitFor();
    await payWithCard(page, { number: '4242 4242 4242 4242', exp: '08/36' });
    await page.waitForURL(pathIs('/billing'));
    // Back with the new card: its expiry on the payment-method card, and a toast saying so.
    await page.getByRole('region', { name: 'Payment method' }).getByText('Expires 08/2036').waitFor();
    await page.getByRole('status').getByText('Your payment method was updated').waitFor();
    await context.close();
  });

  test('a declined card shows the message; cancelling goes back to pricing', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'declined');
    await page.goto('/pricing');
    await choosePlanOnDesktop(page, 'Basic');
    await payOnSandbox(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await page.getByRole('link', { name: /cancel and go back/i }).click();
    await page.waitForURL(pathIs('/pricing'));
    await context.close();
  });

  test("the browser's Back button from the checkout page returns to a usable pricing page", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'back-button');
    await page.goto('/pricing');
    await choosePlanOnDesktop(page, 'Standard');
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await page.goBack();
    await page.waitForURL(pathIs('/pricing'));
    // Not frozen in the busy state that left for the provider: the plans can be chosen again.
    await page.getByRole('button', { name: 'Choose Premium' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    assert.match(await page.content(), /Premium/);
    await context.close();
  });

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
    await page.waitForTimeout(4_000); // the access token (3 s) has expired
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/refresh') && r.status() === 200);
    await page.goto('/billing');
    await refreshed;
    await page.getByText(/no subscription found/i).waitFor();
    assert.equal(new URL(page.url()).pathname, '/billing');
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

  test('pricing at 375 px: the strip, the table and Next', async ({ browser }) => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await context.newPage();
    await signedIn(page, 'mobile');
    await page.goto('/pricing');
    const strip = page.getByRole('radiogroup').first();
    await strip.waitFor();
    await strip.getByRole('radio', { name: /basic/i }).click();
    await page.getByRole('table').first().waitFor();
    await page.getByRole('button', { name: /^next$/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await context.close();
  });
});
