// The checkout journey, clicked through as a subscriber does: Pricing, the sandbox checkout's card
// form, the return, and /billing after it; in Chromium against the real server with sandbox payments.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MOBILE, newContext, PASSWORD, payWithCard, signedIn, uniqueEmail } from '../browser';

const here = path.dirname(fileURLToPath(import.meta.url));
const avatar = path.join(here, '../fixtures/avatar.png');
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

test.describe('checkout journey', () => {
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
    await page.getByText('Free trial started!').waitFor();
    await page.getByRole('button', { name: /view subscription/i }).or(page.getByRole('link', { name: /view subscription/i })).click();
    await page.waitForURL(pathIs('/billing'));
    await page.getByText(/free trial/i).first().waitFor();
    await page.getByText('STANDARD').first().waitFor();
    await page.getByRole('tab', { name: /payment history/i }).click();
    await page.getByText(/4242/).first().waitFor();
    await page.getByRole('tab', { name: 'Subscription', exact: true }).click();
    await page.getByRole('button', { name: /cancel subscription/i }).click();
    // Why first (decision 068): "Another reason" brings no offer, so the confirmation follows.
    const why = page.getByRole('dialog', { name: 'Why are you cancelling?' });
    await why.getByRole('radio', { name: 'Another reason' }).check();
    await why.getByRole('button', { name: 'Continue' }).click();
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

  test('a refused expiry keeps what was typed; the expiry is accepted typed without the slash', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, 'expiry');
    await page.goto('/pricing');
    await choosePlanOnDesktop(page, 'Basic');
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await payWithCard(page, { number: '4242 4242 4242 4242', exp: '01/20' });
    await page.getByText('Your card has expired.').waitFor();
    // As Stripe Checkout does: the number, the CVC and the name stay; only the expiry needs fixing.
    assert.equal(await page.getByLabel('Card number').inputValue(), '4242 4242 4242 4242');
    assert.equal(await page.getByLabel('CVC').inputValue(), '123');
    assert.equal(await page.getByLabel('Name on card').inputValue(), 'Ana Tester');
    await page.getByLabel('Expiry (MM/YY)').fill('1229');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(pathIs('/success'));
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
