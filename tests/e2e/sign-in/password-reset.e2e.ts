// Password reset in Chromium against the real server (no SMTP_URL: the sandbox mailbox):
// login's "Do you need help?" → /forgot-password → the email in /sandbox/mail → its link →
// a new password → signed in on /home, and a session elsewhere is signed out. Then axe and
// screenshots of both screens and the mailbox in English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { EVERYWHERE, test } from '../playwright-utils';
import { expectAccessible, newContext, openMail, registerByApi, screenshot, storeLanguage, uniqueEmail } from '../browser';

const NEW_PASSWORD = 'N3w#Secret';
const pathIs = (p: string) => (url: URL) => url.pathname === p;

test.describe('password reset', () => {
  test('forgot password → sandbox mailbox → link → new password → signed in; the old session is signed out', async ({ browser }) => {
    const email = uniqueEmail('reset');
    const elsewhere = await newContext(browser);
    const oldDevice = await elsewhere.newPage();
    await registerByApi(oldDevice, email);
    assert.equal((await oldDevice.request.get('/api/v1/refresh')).status(), 200);

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: /do you need help/i }).click();
    await page.waitForURL(pathIs('/forgot-password'));
    await page.getByLabel(/email address/i).fill(email);
    await page.getByRole('button', { name: /send the link/i }).click();
    await page.getByRole('heading', { name: /check your email/i }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /If an account exists for that address, we have sent a link to reset the password\./);

    await openMail(page, email, /reset your fitstream password/i);
    await page.getByRole('link', { name: /choose a new password/i }).first().click();
    await page.waitForURL(pathIs('/reset-password'));
    const resetUrl = page.url();
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/confirm the new password/i).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /change password/i }).click();
    await page.waitForURL(pathIs('/home'));

    // The other device's session ended with the reset.
    assert.equal((await oldDevice.request.get('/api/v1/refresh')).status(), 401);
    // The link worked once.
    await page.goto(resetUrl);
    await page.getByLabel(/^new password/i).fill('An0ther#Pass');
    await page.getByLabel(/confirm the new password/i).fill('An0ther#Pass');
    await page.getByRole('button', { name: /change password/i }).click();
    await page.getByRole('heading', { name: /this link no longer works/i }).waitFor();
    await context.close();
    await elsewhere.close();
  });

  test('axe and screenshots', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const context = await newContext(browser, { viewport: size, locale: language === 'es' ? 'es-ES' : 'en-US' });
    const page = await context.newPage();
    await page.goto('/terms');
    await storeLanguage(page, language);
    const email = uniqueEmail(`reset-screens-${language}-${width}`);
    await registerByApi(page, email);
    await context.clearCookies();
    const failures: string[] = [];
    const check = async (name: string) => {
      await screenshot(page, `${name}-${language}-${width}`);
      await expectAccessible(page, `${name} (${language}, ${width} px)`).catch((error: Error) => failures.push(error.message));
    };
    await page.goto('/forgot-password');
    await page.locator('#forgot-email').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    await check('forgot-password');
    await page.locator('#forgot-email').fill(email);
    await page.locator('form button[type=submit]').click();
    await page.getByRole('status').waitFor();
    await check('forgot-password-sent');
    await page.goto('/reset-password?token=made-up');
    await page.locator('#reset-password').waitFor();
    await check('reset-password');
    await page.locator('#reset-password').fill(NEW_PASSWORD);
    await page.locator('#reset-cpassword').fill(NEW_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.locator('a[href="/forgot-password"]').waitFor();
    await check('reset-password-link-invalid');
    // The email is in the account's language (set at sign-up from the API call's Accept-Language); the mailbox in the page's.
    await openMail(page, email, /reset your fitstream password|restablece tu contraseña/i);
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    await check('sandbox-mail-message');
    await page.goto('/sandbox/mail');
    await check('sandbox-mail');
    await context.close();
    if (failures.length) throw new Error(failures.join('\n\n'));
  });
});
