// Browser drivers for the signed-in flows (profile, home, pricing, checkout-return): one
// per state of each machine, reaching it through the UI against the real server and sandbox payments.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { checkoutReturnMachine } from '@machines/checkout-return.machine';
import { homeMachine } from '@machines/home.machine';
import { pricingMachine } from '@machines/pricing.machine';
import { profileMachine } from '@machines/profile.machine';
import { signedIn, subscribeByApi, subscribeInSandbox } from '../browser';
import { fail, hold, pathIs, type Driver, type FlowDrivers } from './flow-driver';

/** The busy indicator a loading screen shows. */
const spinner = (page: Page) => page.locator('[aria-busy=true], .spinner').first();

/** A signed-in screen's loading state: the request it loads with is held, so the spinner stays. */
export function spinsWhileHeld(label: string, screen: string, part: string): Driver {
  return async (page) => {
    await signedIn(page, label);
    const release = await hold(page, part);
    await page.goto(screen);
    await spinner(page).waitFor({ state: 'attached' });
    await release();
  };
}

/** A new account on a Basic trial (subscribed through the API and the sandbox's checkout calls), on /home. */
export async function subscribedWithTrial(page: Page, label: string): Promise<{ email: string; token: string }> {
  const account = await signedIn(page, label);
  await subscribeByApi(page, account.token, 'basic');
  await page.goto('/home');
  await page.getByRole('button', { name: /log out/i, includeHidden: true }).first().waitFor({ state: 'attached' });
  return account;
}

/** Cancel subscription, "Another reason" (no offer), Continue, Yes, cancel (decision 068). */
export async function cancelForAnotherReason(page: Page): Promise<void> {
  await page.getByRole('button', { name: /cancel subscription/i }).click();
  const why = page.getByRole('dialog', { name: 'Why are you cancelling?' });
  await why.getByRole('radio', { name: 'Another reason' }).check();
  await why.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Yes, cancel' }).click();
}

/** Signed in with a trial subscription, on /billing. */
export async function subscribedOnBilling(page: Page, label: string): Promise<void> {
  await subscribedWithTrial(page, label);
  await page.goto('/billing');
  await page.getByRole('button', { name: /cancel subscription/i }).waitFor();
}

export const accountFlows: FlowDrivers[] = [
  {
    name: 'profile',
    machine: profileMachine,
    drivers: {
      editing: async (page) => {
        await signedIn(page, 'flow-profile');
        await page.goto('/details');
        await page.getByText('Set Up Your Profile').waitFor();
      },
      uploading: async (page) => {
        await signedIn(page, 'flow-upload');
        await page.goto('/details');
        const release = await hold(page, '/api/v1/uploads');
        await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('x') });
        await spinner(page).waitFor();
        await release();
      },
      saving: async (page) => {
        await signedIn(page, 'flow-saving');
        await page.goto('/details');
        const release = await hold(page, '/api/v1/users/details');
        await page.getByLabel(/^name/i).fill('Ana Tester');
        await page.getByRole('button', { name: /^save$/i }).click();
        await page.getByText(/saving your profile/i).first().waitFor();
        await release();
      },
      done: async (page) => {
        await signedIn(page, 'flow-skip');
        await page.goto('/details');
        await page.getByRole('button', { name: /skip for now/i }).or(page.getByRole('link', { name: /skip for now/i })).click();
        await page.waitForURL(pathIs('/home'));
      },
    },
  },
  {
    name: 'home',
    machine: homeMachine,
    drivers: {
      checkingAccess: async (page) => {
        await signedIn(page, 'flow-home-check');
        const release = await hold(page, '/api/v1/classes/home');
        await page.goto('/home');
        await page.waitForRequest((r) => r.url().includes('/api/v1/classes/home'));
        await spinner(page).waitFor({ state: 'attached' });
        await release();
      },
      accessFailed: async (page) => {
        await signedIn(page, 'flow-home-check-fail');
        await fail(page, '/api/v1/classes/home', 503, 'Classes are resting');
        await page.goto('/home');
        await page.getByRole('alert').getByText('Classes are resting').waitFor();
        await page.getByRole('button', { name: /try again/i }).waitFor();
      },
      subscriber: async (page) => {
        await subscribedWithTrial(page, 'flow-home-subscriber');
        await page.getByRole('heading', { name: 'New this week' }).waitFor();
      },
      spinning: async (page) => {
        await signedIn(page, 'flow-home');
        await page.goto('/home');
        await spinner(page).waitFor({ state: 'attached' });
      },
      loading: async (page) => {
        await signedIn(page, 'flow-home-load');
        const release = await hold(page, '/api/v1/payments/home');
        await page.goto('/home');
        await page.waitForRequest((r) => r.url().includes('/api/v1/payments/home'));
        await spinner(page).waitFor({ state: 'attached' });
        await release();
      },
      'ready.idle': async (page) => {
        await signedIn(page, 'flow-home-ready');
        await page.goto('/home');
        await page.getByRole('button', { name: /^next$/i }).waitFor();
      },
      'ready.showingNotice': async (page) => {
        await signedIn(page, 'flow-home-fail');
        await fail(page, '/api/v1/payments/home', 400, 'Home is closed');
        await page.goto('/home');
        await page.getByText('Home is closed').waitFor();
      },
      leaving: async (page) => {
        await signedIn(page, 'flow-home-next');
        await page.goto('/home');
        await page.getByRole('button', { name: /^next$/i }).click();
        await page.waitForURL(pathIs('/pricing'));
      },
    },
  },
  {
    name: 'pricing',
    machine: pricingMachine,
    drivers: {
      loading: spinsWhileHeld('flow-pricing-load', '/pricing', '/api/v1/payments/plans'),
      loadingCurrentPlan: spinsWhileHeld('flow-pricing-current', '/pricing', '/api/v1/payments/subscriptions'),
      'ready.idle': async (page) => {
        await signedIn(page, 'flow-pricing');
        await page.goto('/pricing');
        await page.getByText('Choose the right plan for you').waitFor();
        await page.getByText(/starts with a 7-day free trial/).waitFor();
        // The popular plan is the one recommended (and its call to action the primary one).
        const standard = page.getByRole('article', { name: 'STANDARD' });
        await standard.getByText('Most popular').waitFor();
        assert.match((await standard.getByRole('button', { name: 'Choose Standard' }).getAttribute('class')) ?? '', /btn--primary/);
      },
      'ready.subscribing': async (page) => {
        await signedIn(page, 'flow-subscribing');
        await page.goto('/pricing');
        const release = await hold(page, '/api/v1/payments/subscribe');
        await page.getByRole('button', { name: 'Choose Basic' }).click();
        await page.getByText(/starting checkout for/i).first().waitFor();
        await release();
        // Released, the app leaves for the provider's checkout (see ready.openingPortal).
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
      },
      'ready.showingNotice': async (page) => {
        await signedIn(page, 'flow-pricing-fail');
        await fail(page, '/api/v1/payments/subscribe', 404, 'No such plan here');
        await page.goto('/pricing');
        await page.getByRole('button', { name: 'Choose Basic' }).click();
        await page.getByText('No such plan here').waitFor();
      },
      redirecting: async (page) => {
        await signedIn(page, 'flow-redirect');
        await page.goto('/pricing');
        await page.getByRole('button', { name: 'Choose Premium' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
      },
    },
  },
  {
    name: 'checkout-return',
    machine: checkoutReturnMachine,
    drivers: {
      checking: async (page) => {
        await signedIn(page, 'flow-return-none');
        await page.goto('/users');
        await page.waitForURL(pathIs('/cancel'));
        await page.getByText('Transaction Failed!').waitFor();
      },
      confirming: async (page) => {
        await signedIn(page, 'flow-return-wait');
        const release = await hold(page, '/api/v1/payments/subscription-current');
        await page.goto('/users?session_id=cs_sandbox_unknown');
        await page.getByText('Please Wait...').first().waitFor();
        await release();
      },
      confirmed: async (page) => {
        // The checkout's own return: through Pricing and the sandbox's card form.
        await signedIn(page, 'flow-return-ok');
        await subscribeInSandbox(page, 'basic');
        await page.getByText('Free trial started!').waitFor();
      },
      failed: async (page) => {
        await signedIn(page, 'flow-return-bad');
        await page.goto('/users?session_id=cs_sandbox_unknown');
        await page.waitForURL(pathIs('/cancel'));
        await page.getByText('Transaction Failed!').waitFor();
      },
      abandoned: async (page) => {
        await signedIn(page, 'flow-return-401');
        await fail(page, '/api/v1/payments/subscription-current', 401, 'Signed out');
        await fail(page, '/api/v1/refresh', 401, 'Signed out');
        await page.goto('/users?session_id=cs_sandbox_x');
        await page.waitForURL(pathIs('/login'));
      },
    },
  },
];
