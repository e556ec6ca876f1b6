// The browser side of the e2e suite: contexts on the servers the global setup started
// (tests/e2e/global-setup.ts), accounts made through the API, axe checks and screenshots, each
// recorded with the machine states it shows (read from the app's running actors through
// src/app/state-probe.ts) for tests/e2e/screenshots/manifest.json.
import AxeBuilder from '@axe-core/playwright';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { screenshotDir, type ActorStates, type ScreenshotEntry } from '../../scripts/flow-model/screenshot-manifest';
import { keepScreenshotRecord } from './screenshot-records';
import { DESKTOP, MOBILE } from './viewports';

export const baseUrl = process.env.E2E_BASE_URL ?? '';
export const shortTtlUrl = process.env.E2E_SHORT_TTL_URL ?? '';
export const PASSWORD = 'Secret1!x';
/**
 * E2E_SCREENSHOTS=off: no pictures for people to look at (.ci/run, where nobody does); the
 * checks that come with them (axe, the languages and widths walked through) still run.
 */
const photographing = process.env.E2E_SCREENSHOTS !== 'off';
export { DESKTOP, MOBILE };

/** A fresh context (its own cookies and storage) on one of the servers. */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions & { server?: string } = {},
): Promise<BrowserContext> {
  const { server = baseUrl, ...rest } = options;
  if (!server) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`');
  const context = await browser.newContext({ baseURL: server, viewport: DESKTOP, ...rest });
  context.setDefaultTimeout(10_000);
  // Before any app script runs: main.tsx then loads the state probe that screenshots read.
  await context.addInitScript(() => {
    window.__fitstreamStateProbe = true;
  });
  return context;
}

let counter = 0;
/** An address no other test uses: the workers run at once, so the time and count get a random part. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers through the API inside the page's context (so its refresh cookie lands there). */
export async function registerByApi(page: Page, email: string, country = 'US'): Promise<{ token: string; profile: unknown }> {
  const res = await page.request.post('/api/v1/auth/sign-up', {
    data: { email, password: PASSWORD, cpassword: PASSWORD, device_id: 'e2e-device-1', country },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { token: string; profile: unknown };
}

/** Signs in through the form; leaves the page wherever the app goes next. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD, remember = true): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  // The pre-rendered page starts the app at the first move (decision 048); these journeys sign
  // in once it is up (what is typed before is tested in prerender.e2e.ts).
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('root')?.hasAttribute('data-prerendered'));
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  const box = page.getByLabel(/remember me/i);
  if ((await box.isChecked()) !== remember) await box.setChecked(remember);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** axe on the page as it is now: no violation at all, whatever its impact (minor included). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations;
  if (bad.length) {
    const lines = bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    throw new Error(`axe found ${bad.length} violations on ${label}:\n${lines.join('\n')}`);
  }
}

/** The states of the machine actors running in the page (none once the app has gone). */
async function runningStates(page: Page): Promise<ActorStates[]> {
  const states = await page.evaluate(() => window.__fitstreamStates?.() ?? []).catch(() => []);
  return states.sort((a, b) => a.machine.localeCompare(b.machine));
}

/**
 * A full-page screenshot, recorded in the manifest with the states it shows. When a state
 * changes while the picture is taken, the picture is kept but not paired with any state.
 */
export async function screenshot(page: Page, name: string, kind: ScreenshotEntry['kind'] = 'screen'): Promise<void> {
  if (!photographing) return;
  mkdirSync(screenshotDir, { recursive: true });
  const before = await runningStates(page);
  const file = `${name}.png`;
  await page.screenshot({ path: path.join(screenshotDir, file), fullPage: true });
  const after = await runningStates(page);
  const steady = JSON.stringify(before) === JSON.stringify(after);
  const language = await page.evaluate(() => document.documentElement.lang);
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  keepScreenshotRecord({ file, language, width, route: new URL(page.url()).pathname, kind, actors: steady ? after : [] });
}

export interface TestCard {
  number: string;
  exp?: string;
  name?: string;
}

/** Fills the sandbox's card form (checkout or card on file) with a test card and submits it. */
export async function payWithCard(page: Page, { number, exp = '12/34', name = 'Ana Tester' }: TestCard = { number: '4242 4242 4242 4242' }): Promise<void> {
  await page.fill('[name=card_number]', number);
  await page.fill('[name=exp]', exp);
  await page.fill('[name=cvc]', '123');
  await page.fill('[name=name]', name);
  await page.locator('form button[type=submit]').click();
}

/**
 * Subscribes the signed-in account in this page as a person does on a desktop: Pricing, "Choose
 * <plan>", the sandbox checkout with the test card; back on /success with the trial started.
 */
export async function subscribeInSandbox(page: Page, plan: Plan): Promise<void> {
  await page.goto('/pricing');
  await page.getByRole('button', { name: new RegExp(`^choose ${plan}$`, 'i') }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
  await payWithCard(page);
  await page.waitForURL((url) => url.pathname === '/success');
}

export type Plan = 'basic' | 'standard' | 'premium';

/**
 * Subscribes the account `token` signs in to `plan` with the calls the checkout makes, without
 * its screens: the API starts a sandbox checkout, the test card pays it on the provider's form
 * (the same POST the card form sends), and the return confirms it as /users does. The trial has
 * started when this resolves; the page has not moved.
 */
export async function subscribeByApi(page: Page, token: string, plan: Plan): Promise<void> {
  const headers = { authorization: `FitStream ${token}` };
  const started = await page.request.post('/api/v1/payments/subscribe', { data: { plan }, headers });
  const { url } = (await started.json()) as { url?: string };
  if (!started.ok() || !url) throw new Error(`subscribe failed: ${started.status()} ${await started.text()}`);
  const paid = await page.request.post(url, {
    form: { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Ana Tester' },
    maxRedirects: 0,
  });
  const back = new URL(paid.headers()['location'] ?? '', baseUrl);
  const customer = back.searchParams.get('session_id');
  if (paid.status() !== 303 || !customer) throw new Error(`the sandbox checkout did not take the test card: ${paid.status()}`);
  const confirmed = await page.request.post('/api/v1/payments/subscription-current', { data: { customer }, headers });
  if (!confirmed.ok()) throw new Error(`confirming the checkout failed: ${confirmed.status()} ${await confirmed.text()}`);
}

/**
 * Opens the navbar's folded menu or its "Your account" disclosure, whichever holds `target` at
 * this width (both stay closed until asked), and clicks it: as a person reaches Log out, Account
 * or Billing & Subscriptions.
 */
export async function clickInNavbar(page: Page, target: Locator): Promise<void> {
  if (!(await target.isVisible())) {
    const menu = page.getByRole('button', { name: /^(menu|menú)$/i });
    if (await menu.isVisible()) await menu.click();
    const account = page.getByRole('button', { name: /^(your account|tu cuenta)$/i });
    if (!(await target.isVisible()) && (await account.isVisible())) await account.click();
  }
  await target.click();
}

export async function chooseLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) === language) return;
  // Forced: a state may hold a modal dialog open (the page behind it is inert to the user).
  await page.locator('select.navbar__language').selectOption(language, { force: true });
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, language);
}

/**
 * axe and a screenshot (`<name>-<language>-<width>`) of what the page shows now, in English and
 * Spanish at 1280 and 375 px, then back to English at 1280 px. `ready` waits for what the page
 * shows again after the language changes, where that takes a moment.
 */
export async function checkEverywhere(page: Page, name: string, ready?: (page: Page) => Promise<unknown>): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    // The language selector is in the desktop navbar (the narrow one folds it into a menu).
    await page.setViewportSize(DESKTOP);
    await chooseLanguage(page, language);
    await ready?.(page);
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await expectAccessible(page, `${name} (${language}, ${size.width} px)`);
      await screenshot(page, `${name}-${language}-${size.width}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await chooseLanguage(page, 'en');
}

const captured = new Set<string>();

/**
 * Photographs the machine states the page is in now, in English and Spanish at 375 and 1280 px,
 * for the flows site (once per combination of states in a run). The language is switched with
 * the navbar's selector, which no flow machine listens to; the page is left as it was found.
 */
export async function captureStates(page: Page): Promise<void> {
  if (!photographing) return;
  const states = await runningStates(page);
  // No actors: the page has left the app (the payment provider's page).
  if (!states.length) return;
  const slug = states.map((s) => `${s.machine}-${s.states.join('+')}`).join('_').replace(/[^A-Za-z0-9_+.-]/g, '-');
  if (captured.has(slug)) return;
  captured.add(slug);
  // A file name stays under the file system's limit however many actors run (the manifest has the states).
  const name = slug.length > 120 ? `${slug.slice(0, 100)}-${createHash('sha1').update(slug).digest('hex').slice(0, 12)}` : slug;
  const viewport = page.viewportSize() ?? DESKTOP;
  const original = (await page.evaluate(() => document.documentElement.lang)) === 'es' ? 'es' : 'en';
  for (const language of ['en', 'es'] as const) {
    await page.setViewportSize(DESKTOP);
    await chooseLanguage(page, language);
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await screenshot(page, `state-${name}-${language}-${size.width}`, 'state');
    }
  }
  await page.setViewportSize(DESKTOP);
  await chooseLanguage(page, original);
  await page.setViewportSize(viewport);
}

/**
 * A new account, signed in in this page's context: the refresh cookie from the API and the
 * user stored where the app keeps it with "remember me" checked.
 */
export async function signedIn(page: Page, label: string, country = 'US'): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  // On the owner's profile, the only one of a new account (decision 064), as a sign-in answers it.
  const { token, profile } = await registerByApi(page, email, country);
  await page.goto('/terms');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    ['fitstream.session', JSON.stringify({ user: { email, token, profile }, remember: true })],
  );
  return { email, token };
}

/** A new account on Standard, paid in the sandbox checkout, its trial ended by the test clock: a paid period. */
export async function payingStandard(page: Page, label: string, country = 'US'): Promise<{ email: string; token: string }> {
  const { email, token } = await signedIn(page, label, country);
  const headers = { authorization: `FitStream ${token}` };
  const subscribe = await page.request.post('/api/v1/payments/subscribe', { data: { plan: 'standard' }, headers });
  await page.goto(((await subscribe.json()) as { url: string }).url);
  await payWithCard(page);
  await page.waitForURL((url) => url.pathname === '/success');
  const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers });
  if (clock.status() !== 200) throw new Error(`the sandbox clock answered ${clock.status()} to end_trial`);
  return { email, token };
}

/** Sets the language the app restores on load (what the switcher stores). */
export async function storeLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), ['fitstream.language', JSON.stringify(language)]);
}

/** Opens the mailbox for `email` until the message with `subject` has been delivered (the outbox is polled every second). */
export async function openMail(page: Page, email: string, subject: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.goto(`/sandbox/mail?to=${encodeURIComponent(email)}`);
    const link = page.getByRole('link', { name: subject });
    if ((await link.count()) > 0) {
      await link.first().click();
      return;
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no email matching ${subject} reached the sandbox mailbox for ${email}`);
}
