// /account in Chromium against the real server: change the password and sign in with it, sign
// another device out from the list (that device is signed out), download the data, delete the
// account and fail to sign in; axe and screenshots of the page and its delete dialog in en and
// es at 375 and 1280 px.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { EVERYWHERE, test } from '../playwright-utils';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { clickInNavbar, expectAccessible, newContext, PASSWORD, registerByApi, screenshot, signInThroughForm, uniqueEmail } from '../browser';

const NEW_PASSWORD = 'N3w#Secret';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const pathIs = (p: string) => (url: URL) => url.pathname === p;

/** Signs `email` in through the form in a fresh context (its own device); on /home. */
async function deviceSignedIn(browser: Browser, email: string, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  await page.waitForURL(pathIs('/home'));
  return { context, page };
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('#account-devices').waitFor();
}

test.describe('account page', () => {
  test('signs another device out, changes the password, downloads the data, deletes the account', async ({ browser }) => {
    const email = uniqueEmail('account');
    const setup = await newContext(browser);
    await registerByApi(await setup.newPage(), email);
    await setup.close();
    const laptop = await deviceSignedIn(browser, email);
    const phone = await deviceSignedIn(browser, email, IPHONE);
    const page = laptop.page;

    // Reachable from the navigation bar.
    await clickInNavbar(page, page.getByRole('link', { name: /^account$/i }));
    await page.waitForURL(pathIs('/account'));
    // Each device with the profile it trains as: this account's only one, named from its address.
    await page.getByText(/^Safari on iPhone · account-/).waitFor();
    // The laptop, the phone, and the sign-up's own session (registered through the API).
    assert.equal(await page.locator('.account__device').count(), 3);

    // Sign the phone out from the list: its next request finds it signed out.
    await page.getByRole('button', { name: /^sign out safari on iphone · account-/i }).click();
    await page.getByText('That device has been signed out.').waitFor();
    assert.equal(await page.locator('.account__device').count(), 2);
    assert.equal(await page.getByText('Safari on iPhone').count(), 0);
    await phone.page.goto('/account');
    await phone.page.waitForURL(pathIs('/login'));
    await phone.context.close();

    // Change the password, sign out, and sign in with the new one.
    await page.getByLabel(/^current password/i).fill(PASSWORD);
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/^confirm new password/i).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /^change password$/i }).click();
    await page.getByText(/your password has been changed/i).waitFor();
    await clickInNavbar(page, page.getByRole('button', { name: /^log out$/i }));
    await page.waitForURL(pathIs('/'));
    await signInThroughForm(page, email, PASSWORD);
    await page.locator('.banner, [role=alert]').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.waitForURL(pathIs('/home'));

    // Download my data: a JSON file about this account.
    await openAccount(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^download my data$/i }).click()]);
    assert.match(download.suggestedFilename(), /^fitstream-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; sessions: unknown[] };
    assert.equal(data.account.email, email);
    assert.ok(data.sessions.length >= 2);

    // Delete the account: a dialog asks for the password; then the address no longer signs in.
    await page.getByRole('button', { name: /^delete account$/i }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByLabel(/^your password/i).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: /^delete my account$/i }).click();
    await page.waitForURL(pathIs('/'));
    await signInThroughForm(page, email, NEW_PASSWORD);
    await page.locator('.banner, [role=alert]').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await laptop.context.close();
  });

  test('axe and screenshots: /account and its delete dialog', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const email = uniqueEmail(`account-${language}-${width}`);
    const setup = await newContext(browser);
    await registerByApi(await setup.newPage(), email);
    await setup.close();
    const other = await deviceSignedIn(browser, email, IPHONE);
    const { context, page } = await deviceSignedIn(browser, email);
    await page.setViewportSize(size);
    await openAccount(page);
    if (language === 'es') {
      // The language kept on the account: the page saves it and the app adopts it.
      await page.locator('#account-language-select').selectOption('es');
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await page.getByText('Tu idioma ha sido guardado.').waitFor();
    }
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    await screenshot(page, `account-${language}-${width}`);
    await expectAccessible(page, `/account (${language}, ${width} px)`);
    await page.getByRole('button', { name: language === 'es' ? /^eliminar cuenta$/i : /^delete account$/i }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('alertdialog').locator('button[type=submit]').click();
    await page.locator('#account-delete-password-error, .field--invalid').first().waitFor();
    await screenshot(page, `account-delete-dialog-${language}-${width}`);
    await expectAccessible(page, `/account delete dialog (${language}, ${width} px)`);
    await context.close();
    await other.context.close();
  });
});
