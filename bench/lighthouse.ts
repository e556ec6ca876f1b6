// Lighthouse (mobile emulation, the default) on `/`, `/login`, `/register` and `/pricing` signed in, in
// Debian's Chromium with the browser tests' flags; 3 runs per page, the median of each figure.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ApiSession, benchPassword, newIdentity } from './api-session';
import { freePort } from '../scripts/free-port';
import type { RunningServer } from './server-process';
import type { Row } from './table';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium as the browser tests run it (headless, no network of its own). */
export const browserFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

interface Scores {
  /** The whole report, kept for reading why a figure is what it is. */
  report: string;
  fcp: number;
  lcp: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbt: number;
  cls: number;
}

interface Browser {
  port: number;
  close(): Promise<void>;
}

async function launchChromium(): Promise<Browser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fitstream-lighthouse-'));
  const port = await freePort();
  const child = spawn(chromiumPath, [...browserFlags, `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${chromiumPath} did not open its debugging port`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function runOnce(url: string, port: number, keepStorage: boolean): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse answered nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`lighthouse: ${url} ended on ${landed}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    report: JSON.stringify(lhr),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Signs in through the login form, as a visitor would, in the browser Lighthouse uses. */
async function signInThroughBrowser(origin: string, port: number, email: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[type="email"], input[name="email"]').first().fill(email);
    await page.locator('input[type="password"]').first().fill(benchPassword);
    const remember = page.locator('input[type="checkbox"]').first();
    if ((await remember.count()) > 0 && !(await remember.isChecked())) await remember.check({ force: true });
    await page.locator('form button[type="submit"], form button:not([type])').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
    await page.goto(`${origin}/pricing`, { waitUntil: 'networkidle' });
    if (!new URL(page.url()).pathname.startsWith('/pricing')) throw new Error(`/pricing sent a signed-in visitor to ${page.url()}`);
    // Lighthouse's own tab keeps the storage; only the HTTP cache goes, so every run is cold.
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function clearHttpCache(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** The pre-rendered public pages measured as a first-time visitor (docs/decisions/042). */
const PUBLIC_PAGES = ['/', '/login', '/register'];

export interface LighthouseOptions {
  runs: number;
  /** Where each page's last report is written (bench/results). */
  reportDir: string;
}

type Figure = Exclude<keyof Scores, 'report'>;

function rowsFor(page: string, runs: Scores[], count: number): Row[] {
  const group = `lighthouse ${page}`;
  const pick = (key: Figure) => median(runs.map((run) => run[key]));
  const note = `median of ${count}, mobile`;
  return [
    { group, figure: 'performance', value: pick('performance'), unit: '', budget: { kind: 'min', limit: 100, of: 'value' }, note },
    { group, figure: 'accessibility', value: pick('accessibility'), unit: '', budget: { kind: 'equal', limit: 100, of: 'value' } },
    { group, figure: 'best practices', value: pick('bestPractices'), unit: '', budget: { kind: 'min', limit: 95, of: 'value' } },
    { group, figure: 'total blocking time', value: Math.round(pick('tbt')), unit: 'ms', budget: { kind: 'max', limit: 50, of: 'value' } },
    { group, figure: 'cumulative layout shift', value: Math.round(pick('cls') * 1000) / 1000, unit: '', budget: { kind: 'max', limit: 0.02, of: 'value' } },
    { group, figure: 'first contentful paint (simulated slow 4G)', value: Math.round(pick('fcp')), unit: 'ms' },
    { group, figure: 'largest contentful paint (simulated slow 4G)', value: Math.round(pick('lcp')), unit: 'ms' },
  ];
}

function notRun(page: string, reason: string): Row[] {
  return rowsFor(page, [], 0).map((row, index) => ({ ...row, value: null, note: index === 0 ? reason : 'as above' }));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error));

async function measurePage(label: string, options: LighthouseOptions, run: () => Promise<Scores>): Promise<Row[]> {
  try {
    const results: Scores[] = [];
    // A run whose trace Chromium failed to record (NO_NAVSTART on a busy machine) is tried once more.
    for (let index = 0; index < options.runs; index += 1) results.push(await run().catch(() => run()));
    const name = label.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'landing';
    await mkdir(options.reportDir, { recursive: true });
    await writeFile(path.join(options.reportDir, `lighthouse-${name}.json`), results.at(-1)?.report ?? '{}');
    console.log(`  lighthouse ${label}: performance ${results.map((result) => result.performance).join(', ')}`);
    return rowsFor(label, results, results.length);
  } catch (error) {
    return notRun(label, reasonOf(error));
  }
}

export async function measureLighthouse(server: RunningServer, options: LighthouseOptions): Promise<Row[]> {
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    return [...PUBLIC_PAGES, '/pricing (signed in)'].flatMap((page) => notRun(page, reasonOf(error)));
  }
  const { port } = browser;
  try {
    const rows: Row[] = [];
    for (const page of PUBLIC_PAGES) {
      rows.push(...(await measurePage(page, options, () => runOnce(`${server.origin}${page}`, port, false))));
    }
    const page = '/pricing (signed in)';
    try {
      const { email, deviceId } = newIdentity('lighthouse');
      await new ApiSession(server.origin).signUp(email, benchPassword, deviceId);
      await signInThroughBrowser(server.origin, port, email);
    } catch (error) {
      return [...rows, ...notRun(page, `sign-in failed: ${reasonOf(error)}`)];
    }
    rows.push(
      ...(await measurePage(page, options, async () => {
        await clearHttpCache(port);
        return runOnce(`${server.origin}/pricing`, port, true);
      })),
    );
    return rows;
  } finally {
    await browser.close();
  }
}
