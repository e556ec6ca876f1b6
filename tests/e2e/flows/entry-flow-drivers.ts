// Browser drivers for the flows before and around signing in (landing, session, sign-in,
// sign-up): one per state of each machine, reaching it through the UI against the real server.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { landingMachine } from '@machines/landing.machine';
import { sessionMachine } from '@machines/session.machine';
import { signInMachine } from '@machines/sign-in.machine';
import { signUpMachine } from '@machines/sign-up.machine';
import { captureStates, clickInNavbar, PASSWORD, registerByApi, signedIn, uniqueEmail } from '../browser';
import { fail, hold, pathIs, STORED_LICENCE_ID, storeDownload, type FlowDrivers } from './flow-driver';

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
}

async function fillSignUp(page: Page, email: string): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByLabel(/confirm password/i).fill(PASSWORD);
}

/** The hero's promise line (range-free until the price range arrives). */
const heroLead = (page: Page) => page.locator('.hero__lead');

/** A new account signed in on /home, this device holding one class it downloaded (still valid when checked). */
async function homeWithADownload(page: Page, label: string): Promise<void> {
  const { token } = await signedIn(page, label);
  await downloadsStillValid(page);
  await storeDownload(page, token);
  await page.goto('/home');
}

/** Presses the navbar's Log out once the page's app has taken it over (a press before would be held). */
async function logOut(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('root')?.hasAttribute('data-prerendered'));
  const button = page.getByRole('button', { name: /log out/i, includeHidden: true }).first();
  await button.waitFor({ state: 'attached' });
  await clickInNavbar(page, button);
}

/** Keeps a write transaction open on the downloads' records until `window.__releaseDownloads()`: counting them waits for it. */
async function holdDownloadRecords(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const open = indexedDB.open('fitstream-downloads');
    open.onsuccess = () => {
      let held = true;
      window.__releaseDownloads = () => { held = false; };
      const store = open.result.transaction('downloads', 'readwrite').objectStore('downloads');
      const spin = () => { const asked = store.count(); asked.onsuccess = () => { if (held) spin(); }; };
      spin();
      resolve();
    };
  })`);
}

/** The online check of the downloads answers that the stored class's licence holds (`storeDownload`'s names none the server knows). */
async function downloadsStillValid(page: Page): Promise<void> {
  await page.route('**/api/v1/downloads/check', (route) =>
    route.fulfill({ json: { isSuccess: true, checked_at: new Date().toISOString(), licences: [{ id: STORED_LICENCE_ID, class_id: 'sunrise-vinyasa-flow', status: 'valid', reason: null, expires_at: new Date(Date.now() + 86_400_000).toISOString() }] } }),
  );
}

export const entryFlows: FlowDrivers[] = [
  {
    name: 'landing',
    machine: landingMachine,
    drivers: {
      // The server draws the page with the plans' range (decision 063): it shows while the app
      // loads its own, and stays when that fails.
      loading: async (page) => {
        const release = await hold(page, '/api/v1/payments/price-range');
        await page.goto('/');
        await release.seen();
        await heroLead(page).getByText('Plans from €8.99 to €17.99 a month. Cancel anytime.').waitFor();
        await release();
      },
      // The range comes from the real server's seeded plans (Mobile €8.99 … Premium €17.99).
      ready: async (page) => {
        await page.goto('/');
        await heroLead(page).getByText('Plans from €8.99 to €17.99 a month. Cancel anytime.').waitFor();
        // The question is a native disclosure's <summary> (docs/decisions/071).
        await page.locator('summary', { hasText: 'How much does FitStream cost?' }).click();
        await page.getByText(/Plans range from €8\.99 to €17\.99 a month\./).waitFor();
      },
      unavailable: async (page) => {
        await fail(page, '/api/v1/payments/price-range', 503, 'Plans are unavailable.');
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/payments/price-range'));
        await page.goto('/');
        await answered;
        await heroLead(page).getByText('Plans from €8.99 to €17.99 a month. Cancel anytime.').waitFor();
        assert.equal(await page.getByRole('alert').count(), 0);
      },
      leaving: async (page) => {
        await page.goto('/');
        await page.getByLabel('Email address').fill('ana+e2e@example.com');
        await page.getByRole('button', { name: /get started/i }).click();
        await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('email') === 'ana+e2e@example.com');
        assert.equal(await page.getByLabel(/email/i).inputValue(), 'ana+e2e@example.com');
      },
    },
  },
  {
    name: 'session',
    machine: sessionMachine,
    drivers: {
      restoring: async (page) => {
        await page.goto('/');
        await page.locator('body').waitFor();
      },
      'visitor.idle': async (page) => {
        await page.goto('/');
        await page.getByRole('link', { name: /sign in/i }).first().waitFor();
      },
      'visitor.showingNotice': async (page) => {
        await page.goto('/?nftoken=not-a-real-token&device_id=e2e-device-1');
        await page.getByRole('alert').waitFor();
      },
      exchanging: async (page) => {
        const release = await hold(page, '/api/v1/payments/index');
        await page.goto('/?nftoken=held-token&device_id=e2e-device-1');
        await page.getByText(/signing you in/i).first().waitFor();
        await release();
      },
      'signedIn.active': async (page) => {
        await signedIn(page, 'flow-session');
        await page.goto('/home');
        await page.getByRole('button', { name: /log out/i, includeHidden: true }).first().waitFor({ state: 'attached' });
      },
      'signedIn.refreshing': async (page) => {
        await signedIn(page, 'flow-refresh');
        await page.evaluate(() => {
          const raw = JSON.parse(localStorage.getItem('fitstream.session') ?? '{}') as { user: { token: string } };
          raw.user.token = 'expired.jwt.token';
          localStorage.setItem('fitstream.session', JSON.stringify(raw));
        });
        // Held, so the refresh is on screen for a moment (and photographed).
        const release = await hold(page, '/api/v1/refresh');
        await page.goto('/billing');
        await release.seen();
        // Awaited from here: the held request cannot answer before its release, and the page's load no
        // longer counts against the wait; the release photographs the state first (four shots, in
        // two languages), which alone may take longer than the default 10 s.
        const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/refresh'), { timeout: 45_000 });
        await release();
        assert.equal((await refreshed).status(), 200);
        await page.getByText(/no subscription found/i).waitFor();
      },
      'signedIn.checkingDownloads': async (page) => {
        await homeWithADownload(page, 'flow-logout-count');
        await holdDownloadRecords(page);
        await logOut(page);
        await captureStates(page);
        await page.evaluate('window.__releaseDownloads()');
        await page.getByRole('alertdialog', { name: 'Log out and remove your downloads?' }).waitFor();
      },
      'signedIn.confirmingSignOut': async (page) => {
        await homeWithADownload(page, 'flow-logout-ask');
        await logOut(page);
        const question = page.getByRole('alertdialog', { name: 'Log out and remove your downloads?' });
        await question.waitFor();
        assert.match(await question.innerText(), /The class you downloaded on this device will be removed from it/);
      },
      signingOut: async (page) => {
        await signedIn(page, 'flow-logout');
        await page.goto('/home');
        const release = await hold(page, '/api/v1/auth/logout');
        await clickInNavbar(page, page.getByRole('button', { name: /log out/i }).first());
        await release.seen();
        await release();
        await page.waitForURL(pathIs('/'));
      },
    },
  },
  {
    name: 'sign-in',
    machine: signInMachine,
    drivers: {
      editing: async (page) => {
        await page.goto('/login');
        await page.getByRole('button', { name: /^login$/i }).click();
        await page.getByText('Please enter your password.').waitFor();
      },
      submitting: async (page) => {
        await page.goto('/login');
        const release = await hold(page, '/api/v1/auth/sign-in');
        await fillSignIn(page, uniqueEmail('held'), PASSWORD);
        await page.getByRole('button', { name: /^login$/i }).click();
        await page.getByText(/signing you in/i).first().waitFor();
        await release();
      },
      signedIn: async (page) => {
        const email = uniqueEmail('flow-signin');
        await registerByApi(page, email);
        await page.goto('/login');
        await fillSignIn(page, email, PASSWORD);
        await page.getByRole('button', { name: /^login$/i }).click();
        await page.waitForURL(pathIs('/home'));
      },
    },
  },
  {
    name: 'sign-up',
    machine: signUpMachine,
    drivers: {
      editing: async (page) => {
        await page.goto('/register');
        await page.getByRole('button', { name: /create account/i }).click();
        await page.getByText('Please enter a valid email.').waitFor();
      },
      submitting: async (page) => {
        await page.goto('/register');
        const release = await hold(page, '/api/v1/auth/sign-up');
        await fillSignUp(page, uniqueEmail('held-up'));
        await page.getByRole('button', { name: /create account/i }).click();
        await page.getByText(/creating your account/i).first().waitFor();
        await release();
      },
      signedUp: async (page) => {
        await page.goto('/register');
        await fillSignUp(page, uniqueEmail('flow-signup'));
        await page.getByRole('button', { name: /create account/i }).click();
        await page.waitForURL(pathIs('/details'));
      },
    },
  },
];
