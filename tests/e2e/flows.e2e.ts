// The model's states in the browser: for each flow a subscriber sees, reach every state of its
// machine through the UI (shortest route there, against the real server; a held or failed
// request where the state only exists while waiting or failing) and check what the screen shows.
// The list of states comes from the machines, so a new state without a route here fails.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { billingMachine } from '../../machines/billing.machine';
import { checkoutReturnMachine } from '../../machines/checkout-return.machine';
import { homeMachine } from '../../machines/home.machine';
import { landingMachine } from '../../machines/landing.machine';
import { pricingMachine } from '../../machines/pricing.machine';
import { profileMachine } from '../../machines/profile.machine';
import { sessionMachine } from '../../machines/session.machine';
import { signInMachine } from '../../machines/sign-in.machine';
import { signUpMachine } from '../../machines/sign-up.machine';
import { statesOf } from '../machines/model/machine-graph';
import { launch, newContext, PASSWORD, registerByApi, signedIn, uniqueEmail } from './browser';

type Driver = (page: Page) => Promise<void>;
const pathIs = (p: string) => (url: URL) => url.pathname === p;

/** Holds the next request to `part` until released, so a waiting state stays on screen. */
async function hold(page: Page, part: string): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route(`**${part}*`, async (route: Route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return async () => {
    release();
    await page.unroute(`**${part}*`);
  };
}

/** Answers the next requests to `part` with a failure of the given status (no server involved). */
async function fail(page: Page, part: string, status: number, message = 'Injected failure'): Promise<void> {
  await page.route(`**${part}*`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ isSuccess: false, message, statusCode: status }) }),
  );
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
}

/** The hero's promise line (range-free until the price range arrives). */
const heroLead = (page: Page) => page.locator('.hero__lead');

const flows: { name: string; machine: { root: unknown }; drivers: Record<string, Driver> }[] = [
  {
    name: 'landing',
    machine: landingMachine,
    drivers: {
      loading: async (page) => {
        const release = await hold(page, '/api/v1/payments/price-range');
        await page.goto('/');
        await heroLead(page).getByText('Watch anywhere. Cancel anytime.').waitFor();
        await release();
      },
      // The range comes from the real server's seeded plans (Mobile €8.99 … Premium €17.99).
      ready: async (page) => {
        await page.goto('/');
        await heroLead(page).getByText('Plans from €8.99 to €17.99 a month. Cancel anytime.').waitFor();
        await page.getByRole('button', { name: 'How much does FitStream cost?' }).click();
        await page.getByText(/Plans range from €8\.99 to €17\.99 a month\./).waitFor();
      },
      unavailable: async (page) => {
        await fail(page, '/api/v1/payments/price-range', 503, 'Plans are unavailable.');
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/payments/price-range'));
        await page.goto('/');
        await answered;
        await heroLead(page).getByText('Watch anywhere. Cancel anytime.').waitFor();
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
        await page.getByRole('button', { name: /log out/i }).first().waitFor({ state: 'attached' });
      },
      'signedIn.refreshing': async (page) => {
        await signedIn(page, 'flow-refresh');
        await page.evaluate(() => {
          const raw = JSON.parse(localStorage.getItem('fitstream.session') ?? '{}') as { user: { token: string } };
          raw.user.token = 'expired.jwt.token';
          localStorage.setItem('fitstream.session', JSON.stringify(raw));
        });
        const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/refresh'));
        await page.goto('/billing');
        assert.equal((await refreshed).status(), 200);
        await page.getByText(/no subscription found/i).waitFor();
      },
      signingOut: async (page) => {
        await signedIn(page, 'flow-logout');
        await page.goto('/home');
        await page.getByRole('button', { name: /log out/i }).first().click({ force: true });
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
        await page.getByLabel(/email/i).fill(uniqueEmail('held-up'));
        await page.getByLabel(/^password/i).fill(PASSWORD);
        await page.getByLabel(/confirm password/i).fill(PASSWORD);
        await page.getByRole('button', { name: /create account/i }).click();
        await page.getByText(/creating your account/i).first().waitFor();
        await release();
      },
      signedUp: async (page) => {
        await page.goto('/register');
        await page.getByLabel(/email/i).fill(uniqueEmail('flow-signup'));
        await page.getByLabel(/^password/i).fill(PASSWORD);
        await page.getByLabel(/confirm password/i).fill(PASSWORD);
        await page.getByRole('button', { name: /create account/i }).click();
        await page.waitForURL(pathIs('/details'));
      },
    },
  },
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
        await page.locator('[aria-busy=true], .spinner').first().waitFor();
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
      spinning: async (page) => {
        await signedIn(page, 'flow-home');
        await page.goto('/home');
        await page.locator('[aria-busy=true], .spinner').first().waitFor({ state: 'attached' });
      },
      loading: async (page) => {
        await signedIn(page, 'flow-home-load');
        const release = await hold(page, '/api/v1/payments/home');
        await page.goto('/home');
        await page.waitForRequest((r) => r.url().includes('/api/v1/payments/home'));
        await page.locator('[aria-busy=true], .spinner').first().waitFor({ state: 'attached' });
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
      loading: async (page) => {
        await signedIn(page, 'flow-pricing-load');
        const release = await hold(page, '/api/v1/payments/plans');
        await page.goto('/pricing');
        await page.locator('[aria-busy=true], .spinner').first().waitFor({ state: 'attached' });
        await release();
      },
      'ready.idle': async (page) => {
        await signedIn(page, 'flow-pricing');
        await page.goto('/pricing');
        await page.getByText('Choose the right plan for you').waitFor();
        assert.equal(await page.getByRole('radio', { name: /standard/i }).first().getAttribute('aria-checked'), 'true');
      },
      'ready.subscribing': async (page) => {
        await signedIn(page, 'flow-subscribing');
        await page.goto('/pricing');
        const release = await hold(page, '/api/v1/payments/subscribe');
        await page.getByRole('radio', { name: /basic/i }).first().click();
        await page.getByText(/starting checkout for/i).first().waitFor();
        await release();
      },
      'ready.showingNotice': async (page) => {
        await signedIn(page, 'flow-pricing-fail');
        await fail(page, '/api/v1/payments/subscribe', 404, 'No such plan here');
        await page.goto('/pricing');
        await page.getByRole('radio', { name: /basic/i }).first().click();
        await page.getByText('No such plan here').waitFor();
      },
      redirecting: async (page) => {
        await signedIn(page, 'flow-redirect');
        await page.goto('/pricing');
        await page.getByRole('radio', { name: /premium/i }).first().click();
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
        await signedIn(page, 'flow-return-ok');
        await page.goto('/pricing');
        await page.getByRole('radio', { name: /basic/i }).first().click();
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
        await page.fill('[name=card_number]', '4242 4242 4242 4242');
        await page.fill('[name=exp]', '12/34');
        await page.fill('[name=cvc]', '123');
        await page.fill('[name=name]', 'Ana Tester');
        await page.getByRole('button', { name: /start free trial|pay/i }).click();
        await page.waitForURL(pathIs('/success'));
        await page.getByText('Transaction Successful!').waitFor();
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
  {
    name: 'billing',
    machine: billingMachine,
    drivers: {
      loading: async (page) => {
        await signedIn(page, 'flow-billing-load');
        const release = await hold(page, '/api/v1/payments/subscriptions');
        await page.goto('/billing');
        await page.locator('[aria-busy=true], .spinner').first().waitFor({ state: 'attached' });
        await release();
      },
      'ready.idle': async (page) => {
        await signedIn(page, 'flow-billing');
        await page.goto('/billing');
        await page.getByText(/no subscription found/i).waitFor();
        await page.getByRole('tab', { name: /payment history/i }).click();
        await page.getByText(/no payment history/i).waitFor();
      },
      'ready.showingLoadError': async (page) => {
        await signedIn(page, 'flow-billing-fail');
        await fail(page, '/api/v1/payments/subscriptions', 400, 'Billing is closed');
        await page.goto('/billing');
        await page.getByText('Billing is closed').waitFor();
      },
      'ready.cancelling': async (page) => {
        await flowsSubscribe(page, 'flow-cancelling');
        const release = await hold(page, '/api/v1/payments/subscription-cancel');
        await page.getByRole('button', { name: /cancel subscription/i }).click();
        await page.getByText(/cancelling/i).first().waitFor();
        await release();
      },
      'ready.reactivating': async (page) => {
        await flowsSubscribe(page, 'flow-reactivating');
        await page.getByRole('button', { name: /cancel subscription/i }).click();
        await page.getByText('Cancels At Period End').waitFor();
        const release = await hold(page, '/api/v1/payments/subscription-reactivate');
        await page.getByRole('button', { name: /resume subscription/i }).click();
        await page.getByText(/resuming/i).first().waitFor();
        await release();
        await page.getByText('Your subscription will renew again').waitFor();
      },
      'ready.openingPortal': async (page) => {
        await flowsSubscribe(page, 'flow-portal-held');
        const release = await hold(page, '/api/v1/payments/portal');
        await page.getByRole('button', { name: /update payment method/i }).click();
        await page.getByText(/opening/i).first().waitFor();
        await release();
      },
      redirecting: async (page) => {
        await flowsSubscribe(page, 'flow-portal');
        await page.getByRole('button', { name: /update payment method/i }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/portal/'));
        await page.getByRole('heading', { name: 'Update payment method' }).waitFor();
      },
      'ready.showingNotice': async (page) => {
        await flowsSubscribe(page, 'flow-cancelled');
        await page.getByRole('button', { name: /cancel subscription/i }).click();
        await page.getByText('Your subscription has been cancelled').waitFor();
        await page.getByText('Cancels At Period End').waitFor();
      },
    },
  },
];

/** Signed in with a trial subscription, on /billing. */
async function flowsSubscribe(page: Page, label: string): Promise<void> {
  await signedIn(page, label);
  await page.goto('/pricing');
  await page.getByRole('radio', { name: /basic/i }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
  await page.fill('[name=card_number]', '4242 4242 4242 4242');
  await page.fill('[name=exp]', '12/34');
  await page.fill('[name=cvc]', '123');
  await page.fill('[name=name]', 'Ana Tester');
  await page.getByRole('button', { name: /start free trial|pay/i }).click();
  await page.waitForURL(pathIs('/success'));
  await page.goto('/billing');
  await page.getByRole('button', { name: /cancel subscription/i }).waitFor();
}

describe('every state of every subscriber flow, in the browser', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser.close();
  });

  for (const flow of flows) {
    describe(flow.name, () => {
      const states = statesOf(flow.machine as never).filter((s) => s.type === 'atomic' || s.type === 'final');
      it('has a browser route to every state of the machine', () => {
        const missing = states.map((s) => s.path).filter((p) => !flow.drivers[p]);
        assert.deepEqual(missing, [], `states of ${flow.name} with no browser route`);
      });
      for (const state of states) {
        const driver = flow.drivers[state.path];
        if (!driver) continue;
        it(`reaches ${state.path}`, async () => {
          const context = await newContext(browser);
          const page = await context.newPage();
          try {
            await driver(page);
          } finally {
            await context.close();
          }
        });
      }
    });
  }
});
