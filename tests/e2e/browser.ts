// The browser side of the e2e suite: Debian's Chromium through playwright-core (fresh profile,
// no network chatter), the servers the runner started, accounts made through the API, axe
// checks and screenshots.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = path.join(root, 'tests/e2e/screenshots');

export const baseUrl = process.env.E2E_BASE_URL ?? '';
export const shortTtlUrl = process.env.E2E_SHORT_TTL_URL ?? '';
if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`');

export const PASSWORD = 'Secret1!x';
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (its own cookies and storage) on one of the servers. */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions & { server?: string } = {},
): Promise<BrowserContext> {
  const { server = baseUrl, ...rest } = options;
  const context = await browser.newContext({ baseURL: server, viewport: DESKTOP, ...rest });
  context.setDefaultTimeout(10_000);
  return context;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers through the API inside the page's context (so its refresh cookie lands there). */
export async function registerByApi(page: Page, email: string): Promise<{ token: string }> {
  const res = await page.request.post('/api/v1/auth/sign-up', {
    data: { email, password: PASSWORD, cpassword: PASSWORD, device_id: 'e2e-device-1', country: 'US' },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { token: string };
}

/** Signs in through the form; leaves the page wherever the app goes next. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD, remember = true): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  const box = page.getByLabel(/remember me/i);
  if ((await box.isChecked()) !== remember) await box.setChecked(remember);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** axe on the page as it is now: no violation of impact serious or critical. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const lines = bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    throw new Error(`axe found ${bad.length} serious/critical violations on ${label}:\n${lines.join('\n')}`);
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * A new account, signed in in this page's context: the refresh cookie from the API and the
 * user stored where the app keeps it with "remember me" checked.
 */
export async function signedIn(page: Page, label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const { token } = await registerByApi(page, email);
  await page.goto('/terms');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    ['fitstream.session', JSON.stringify({ user: { email, token }, remember: true })],
  );
  return { email, token };
}

/** Sets the language the app restores on load (what the switcher stores). */
export async function storeLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), ['fitstream.language', JSON.stringify(language)]);
}
