// One language everywhere (issue 12): a Spanish user meets no English at the sensitive moments
// — a wrong password, a taken email, an expired sign-in link, the sandbox checkout page and its
// card errors, the checkout return, the refusal to subscribe twice — because the app says its
// language on every call and the server answers in it. And the sandbox checkout keeps the
// user's own origin: opened as localhost or as 127.0.0.1, the payment comes back signed in there.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import appEn from '@locales/en.json' with { type: 'json' };
import appEs from '@locales/es.json' with { type: 'json' };
import serverEn from '@locales/server.en.json' with { type: 'json' };
import serverEs from '@locales/server.es.json' with { type: 'json' };
import { baseUrl, newContext, PASSWORD, payWithCard, registerByApi, screenshot, signInThroughForm, storeLanguage, uniqueEmail } from '../browser';

const pathIs = (p: string) => (url: URL) => url.pathname === p;

/**
 * English sentences a Spanish page must not show: the literal parts of every English server
 * message and every app message that reads differently in Spanish.
 */
function englishSentences(english: Record<string, string>, spanish: Record<string, string>): string[] {
  return Object.entries(english)
    .filter(([code, text]) => text !== spanish[code])
    .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<[^>]+>/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 12);
}
const english = [...new Set([...englishSentences(serverEn, serverEs), ...englishSentences(appEn, appEs)])];

async function expectNoEnglish(page: Page, moment: string): Promise<void> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const found = english.filter((sentence) => text.includes(sentence));
  assert.deepEqual(found, [], `${moment}: English on a Spanish page (${page.url()})`);
  assert.equal(await page.locator('html').getAttribute('lang'), 'es', `${moment}: <html lang>`);
}

async function signInInSpanish(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(appEs['login.email']).fill(email);
  await page.getByLabel(new RegExp(`^${appEs['login.password']}`)).fill(password);
  await page.getByRole('button', { name: appEs['login.submit'], exact: true }).click();
}

test.describe('a Spanish user meets no English', () => {
  test('signing in, signing up, with a sign-in link, paying on the sandbox, coming back, and a subscriber’s pricing', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('espanol');
    await registerByApi(page, email);
    await context.clearCookies();
    await page.goto('/terms');
    await storeLanguage(page, 'es');

    // A wrong password.
    await signInInSpanish(page, email, 'Wrong1!pass');
    await page.getByText(serverEs['auth.badCredentials']).waitFor();
    await expectNoEnglish(page, 'wrong password');

    // Sign-up with an email that has an account.
    await page.goto('/register');
    await page.getByLabel(appEs['register.email']).fill(email);
    await page.getByLabel(new RegExp(`^${appEs['register.password']}`)).fill(PASSWORD);
    await page.getByLabel(appEs['register.cpassword']).fill(PASSWORD);
    await page.getByRole('button', { name: appEs['register.submit'], exact: true }).click();
    await page.getByText(serverEs['auth.emailTaken']).waitFor();
    await expectNoEnglish(page, 'taken email');

    // An expired (unknown) sign-in link.
    await page.goto(`/?nftoken=${'x'.repeat(43)}&device_id=e2e-device-1`);
    await page.getByText(serverEs['auth.linkInvalid']).waitFor();
    await expectNoEnglish(page, 'expired sign-in link');

    // The sandbox checkout page, a card refused there, the payment and the return.
    await signInInSpanish(page, email);
    await page.waitForURL(pathIs('/home'));
    await page.goto('/pricing');
    await page.getByRole('button', { name: /^(choose|elegir) (standard|estándar)$/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await page.getByText('13,99 €/mes').first().waitFor();
    await expectNoEnglish(page, 'sandbox checkout');
    await screenshot(page, 'sandbox-checkout-es');
    await payWithCard(page, { number: '4242 4242 4242 4242', exp: '01/20', name: 'Ana Pérez' });
    await page.getByText(serverEs['sandbox.card.expired']).waitFor();
    await expectNoEnglish(page, 'sandbox card refused');
    await payWithCard(page, { number: '4242 4242 4242 4242', exp: '12/39', name: 'Ana Pérez' });
    await page.waitForURL(pathIs('/success'));
    await page.getByText(appEs['success.trialTitle']).waitFor();
    await expectNoEnglish(page, 'checkout return');

    // A subscriber's pricing marks the plan they have, in Spanish, and offers no second checkout.
    await page.goto('/pricing');
    await page.getByText(appEs['plan.currentPlan']).first().waitFor();
    assert.equal(await page.getByRole('button', { name: /^elegir /i }).count(), 0);
    await expectNoEnglish(page, 'subscriber pricing');
    await context.close();
  });

  test("signing in, a new browser takes the account's language; a browser with its own keeps it and the account follows", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('espanol-cuenta');
    const { token } = await registerByApi(page, email);
    const headers = { authorization: `FitStream ${token}` };
    const saved = await page.request.put('/api/v1/account/language', { data: { language: 'es' }, headers });
    assert.equal(saved.status(), 200);
    await context.clearCookies();
    // A browser that never had a language chosen: it shows English, then the account's Spanish.
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await signInThroughForm(page, email);
    await page.waitForURL(pathIs('/home'));
    await page.getByRole('heading', { level: 1, name: appEs['home.title'] }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    await expectNoEnglish(page, 'home after signing in');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: appEs['home.title'] }).waitFor();
    await context.close();

    // Another browser where English was chosen: it stays English, and the account's emails follow.
    const other = await newContext(browser);
    const second = await other.newPage();
    await second.goto('/terms');
    await storeLanguage(second, 'en');
    await signInThroughForm(second, email);
    await second.waitForURL(pathIs('/home'));
    await second.getByRole('heading', { level: 1, name: appEn['home.title'] }).waitFor();
    const account = async () => (await (await second.request.get('/api/v1/account', { headers })).json()) as { account: { language: string } };
    for (let attempt = 0; (await account()).account.language !== 'en' && attempt < 20; attempt += 1) await second.waitForTimeout(100);
    assert.equal((await account()).account.language, 'en');
    await other.close();
  });
});

test.describe('the sandbox checkout keeps the user’s origin', () => {
  for (const host of ['localhost', '127.0.0.1']) {
    test(`opened as http://${host}: pays and comes back signed in on ${host}`, async ({ browser }) => {
      const origin = `http://${host}:${new URL(baseUrl).port}`;
      const context = await newContext(browser, { server: origin });
      const page = await context.newPage();
      const email = uniqueEmail(`origin-${host}`);
      await registerByApi(page, email);
      await context.clearCookies();
      await signInThroughForm(page, email);
      await page.waitForURL(pathIs('/home'));
      await page.goto('/pricing');
      await page.getByRole('button', { name: /^(choose|elegir) (standard|estándar)$/i }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
      assert.equal(new URL(page.url()).origin, origin);
      await payWithCard(page, { number: '4242 4242 4242 4242', exp: '12/39', name: 'Ana Pérez' });
      await page.waitForURL(pathIs('/success'));
      await page.getByText('Free trial started!').waitFor();
      assert.equal(new URL(page.url()).origin, origin);
      // Still signed in there: billing shows the new subscription.
      await page.goto('/billing');
      await page.waitForURL(pathIs('/billing'));
      await page.getByText(/standard/i).first().waitFor();
      await context.close();
    });
  }
});
