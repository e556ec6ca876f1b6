// The browser suite (`npm run test:e2e`): Playwright Test on Debian's Chromium against the real
// server, which tests/e2e/global-setup.ts builds, checks and starts (twice). A test runs once, in
// en at 1280 px, unless it is tagged @everywhere: then each project runs it, in en and es at 375
// and 1280 px.
import { defineConfig } from '@playwright/test';
import type { TestOptions } from './tests/e2e/playwright-utils';
import { DESKTOP, MOBILE } from './tests/e2e/viewports';

const everywhere = /@everywhere/;

/**
 * Web Bluetooth for the simulated heart-rate strap (tests/e2e/fixtures/heart-rate-strap.ts): on
 * Linux `navigator.bluetooth` needs these features, and `getDevices()` its Blink feature. A second
 * `--enable-features` replaces the one Playwright passes (chromiumSwitches in playwright-core
 * 1.65: CDPScreenshotNewSurface unless PLAYWRIGHT_LEGACY_SCREENSHOT is set, and
 * SkipListAccountsWithoutGaiaCookies), so those are repeated here; its `--disable-features` is
 * left alone.
 */
const playwrightFeatures = [...(process.env.PLAYWRIGHT_LEGACY_SCREENSHOT ? [] : ['CDPScreenshotNewSurface']), 'SkipListAccountsWithoutGaiaCookies'];
const webBluetooth = [
  `--enable-features=${[...playwrightFeatures, 'WebBluetooth', 'WebBluetoothNewPermissionsBackend'].join(',')}`,
  '--enable-blink-features=WebBluetoothGetDevices',
];

export default defineConfig<TestOptions>({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'tests/e2e/results',
  globalSetup: './tests/e2e/global-setup.ts',
  // The longest journeys take minutes on a loaded 2-core machine (node:test had no limit); a hung
  // test still fails instead of holding the run.
  timeout: 600_000,
  // Two cores: one worker each; the servers and Chromium share them.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Each test makes its own accounts and contexts, so the two workers share out a file's tests too.
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  reporter: [['list', { printSteps: false }]],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...webBluetooth],
    },
  },
  projects: [
    { name: 'en-1280', use: { language: 'en', viewport: DESKTOP } },
    { name: 'en-375', grep: everywhere, use: { language: 'en', viewport: MOBILE } },
    { name: 'es-1280', grep: everywhere, use: { language: 'es', viewport: DESKTOP } },
    { name: 'es-375', grep: everywhere, use: { language: 'es', viewport: MOBILE } },
  ],
});
