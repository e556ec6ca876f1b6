// The payments API (server/modules/payments/routes.ts) with the sandbox provider, as the app uses it:
// plans, subscribe, pay, confirm (idempotent), billing lists, cancel/reactivate, the trial once
// per account, home, and the payment-method portal's link.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, payments, plans, portalSessions, subscriptions } from '@server/db/schema';
import { expectContract, signUp, testAppForFile } from '../../harness';
import {
  callPayments,
  confirmCheckout,
  listSubscriptions,
  openPortal,
  payOnSandbox,
  roomyRateLimits,
  sessionIdOf,
  startCheckout,
  subscribeAndPay,
  subscribed,
} from '../../fixtures/payments-flow';
import { ownerProfileName } from '../../fixtures/profiles';

const test = testAppForFile({ rateLimits: roomyRateLimits });

/** Moves a subscription (and its payments) a period back in time, so its period has ended. */
async function endPeriod(subscriptionId: string) {
  const past = new Date(Date.now() - 60_000);
  const start = new Date(past.getTime() - 7 * 86_400_000);
  await test.app.db
    .update(subscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: past })
    .where(eq(subscriptions.id, subscriptionId));
  await test.app.db.update(payments).set({ createdAt: start }).where(eq(payments.subscriptionId, subscriptionId));
}

describe('plans', () => {
  it('lists the plans on sale in tier order with every field', async () => {
    const user = await signUp(test.app);
    const response = await callPayments(test.app, user, 'plans');
    expect(response.statusCode).toBe(200);
    const { plans } = response.json<{ plans: Array<Record<string, unknown>> }>();
    expect(plans.map((plan) => plan.id)).toEqual(['basic', 'standard', 'premium', 'mobile']);
    expect(plans[1]).toEqual({
      id: 'standard',
      position: 1,
      name: 'Standard',
      amount: 1399,
      // Billed yearly at 10 monthly prices (docs/decisions/066).
      yearly_amount: 13990,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      quality: 'FULL HD',
      resolution: '1080p',
      resolutionFull: 'Full HD (1080p)',
      simultaneousScreens: 2,
      downloads: 2,
      devices: ['TV', 'computer', 'mobile phone', 'tablet'],
      popular: true,
    });
  });

  it.each(['plans', 'subscribe', 'subscription-current', 'subscriptions', 'subscription-cancel', 'subscription-reactivate', 'home'])(
    '%s needs a signed-in user (401)',
    async (endpoint) => {
      const response = await callPayments(test.app, null, endpoint, {});
      expect(response.statusCode).toBe(401);
    },
  );
});

describe('price range', () => {
  it('tells a visitor the cheapest and dearest monthly price and the trial, from the plans', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/payments/price-range' });
    expectContract(response, 'GET', '/api/v1/payments/price-range');
    expect(response.json()).toEqual({ isSuccess: true, min: 899, max: 1799, currency: 'EUR', trialDays: 7 });
  });

  it('follows the prices when a plan changes', async () => {
    await test.app.db.update(plans).set({ amount: 2099 }).where(eq(plans.id, 'premium'));
    try {
      const response = await test.app.inject({ method: 'GET', url: '/api/v1/payments/price-range' });
      expect(response.json()).toMatchObject({ min: 899, max: 2099 });
    } finally {
      await test.app.db.update(plans).set({ amount: 1799 }).where(eq(plans.id, 'premium'));
    }
  });
});

describe('subscribing with the sandbox', () => {
  it('takes the payer from subscribe to a trialing subscription with a card and a payment', async () => {
    const user = await signUp(test.app);
    const home = await callPayments(test.app, user, 'home');
    expect(home.json()).toMatchObject({ isSuccess: true, email: user.email, name: ownerProfileName(user), hasSubscription: false });

    const sessionId = await subscribeAndPay(test.app, user, 'standard');
    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.statusCode).toBe(200);
    const { subscription } = confirmed.json<{ subscription: Record<string, unknown> }>();
    expect(subscription).toMatchObject({
      subscription_status: 'trialing',
      plan_id: 'standard',
      product_name: 'Standard',
      amount: 1399,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      cancel_at_period_end: false,
      card: { brand: 'visa', exp_month: 12, exp_year: 2039 },
      cardlast4: '4242',
    });
    expect(subscription.subscription_id).toMatch(/^sub_sandbox_/);
    expect(subscription.trial_end).toBe(subscription.current_period_end);

    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans).toHaveLength(1);
    expect(listed.plans[0]).toEqual(subscription);
    expect(listed.payments).toHaveLength(1);
    expect(listed.payments[0]).toMatchObject({ amount: 0, currency: 'EUR', status: 'paid', description: 'Free trial', cardlast4: '4242' });

    expect((await callPayments(test.app, user, 'home')).json()).toMatchObject({ hasSubscription: true });
  });

  it('confirms the same checkout twice into one subscription and one payment', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribeAndPay(test.app, user);
    const first = await confirmCheckout(test.app, user, sessionId);
    const second = await confirmCheckout(test.app, user, sessionId);
    expect(second.statusCode).toBe(200);
    expect(second.json().subscription).toEqual(first.json().subscription);
    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans).toHaveLength(1);
    expect(listed.payments).toHaveLength(1);
  });

  it("will not confirm another account's checkout, nor an unknown one (404)", async () => {
    const owner = await signUp(test.app);
    const stranger = await signUp(test.app);
    const sessionId = await subscribeAndPay(test.app, owner);
    const theirs = await confirmCheckout(test.app, stranger, sessionId);
    expect(theirs.statusCode).toBe(404);
    const unknown = await confirmCheckout(test.app, stranger, 'cs_sandbox_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json().message).toBe(unknown.json().message);
    expect((await listSubscriptions(test.app, stranger)).plans).toHaveLength(0);
  });

  it('answers 402 for a checkout that was not paid', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const sessionId = decodeURIComponent(new URL(url, 'http://app.test').pathname.split('/').pop()!);
    const response = await confirmCheckout(test.app, user, sessionId);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Payment was not completed.');
  });

  it('answers a message and no url while a subscription is current', async () => {
    const user = await signUp(test.app);
    await subscribeAndPay(test.app, user);
    const response = await callPayments(test.app, user, 'subscribe', { plan: 'premium' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isSuccess: true, message: 'You already have an active subscription.' });
  });

  it('answers 404 for a plan that does not exist', async () => {
    const user = await signUp(test.app);
    const response = await callPayments(test.app, user, 'subscribe', { plan: 'gold' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This plan does not exist.');
  });

  it.each([
    ['subscribe', {}],
    ['subscribe', { plan: 7 }],
    ['subscribe', { plan: '' }],
    ['subscription-current', {}],
    ['subscription-current', { customer: ['x'] }],
    ['subscription-cancel', {}],
    ['subscription-reactivate', { subscription_id: 1 }],
  ])('rejects a malformed %s body %o with 400 naming the field', async (endpoint, payload) => {
    const user = await signUp(test.app);
    const response = await callPayments(test.app, user, endpoint, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/plan|customer|subscription_id/);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const user = await signUp(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/payments/subscribe',
      headers: { authorization: `FitStream ${user.token}`, 'content-type': 'application/json' },
      payload: '{"plan":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400 });
  });
});

describe('cancelling and reactivating', () => {
  it('flags cancel at period end, keeps access, and can be undone', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribeAndPay(test.app, user);
    const { subscription } = (await confirmCheckout(test.app, user, sessionId)).json();
    const id = subscription.subscription_id as string;

    const cancelled = await callPayments(test.app, user, 'subscription-cancel', { subscription_id: id });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      isSuccess: true,
      message: 'Your subscription has been cancelled',
      subscription: { subscription_id: id, subscription_status: 'trialing', cancel_at_period_end: true },
    });
    // Cancelling again is harmless.
    const again = await callPayments(test.app, user, 'subscription-cancel', { subscription_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.cancel_at_period_end).toBe(true);

    const reactivated = await callPayments(test.app, user, 'subscription-reactivate', { subscription_id: id });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().subscription).toMatchObject({ subscription_status: 'trialing', cancel_at_period_end: false });
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ cancel_at_period_end: false });
    // The inbox said "Your subscription is cancelled": a resume says it renews, once (a second resume changes nothing).
    expect((await callPayments(test.app, user, 'subscription-reactivate', { subscription_id: id })).statusCode).toBe(200);
    const resumed = await test.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.template, 'subscriptionResumed')));
    expect(resumed).toMatchObject([{ language: 'en', params: { renewsAt: reactivated.json().subscription.current_period_end } }]);
  });

  it("will not cancel another account's subscription (404)", async () => {
    const owner = await signUp(test.app);
    const stranger = await signUp(test.app);
    const { subscription } = (await confirmCheckout(test.app, owner, await subscribeAndPay(test.app, owner))).json();
    for (const endpoint of ['subscription-cancel', 'subscription-reactivate']) {
      const response = await callPayments(test.app, stranger, endpoint, { subscription_id: subscription.subscription_id });
      expect(response.statusCode).toBe(404);
    }
    const unknown = await callPayments(test.app, stranger, 'subscription-cancel', { subscription_id: 'sub_sandbox_nope' });
    expect(unknown.statusCode).toBe(404);
    expect((await listSubscriptions(test.app, owner)).plans[0]).toMatchObject({ cancel_at_period_end: false });
  });

  it('ends a cancelled subscription at period end; the next one has no trial and is charged', async () => {
    const user = await signUp(test.app);
    const first = (await confirmCheckout(test.app, user, await subscribeAndPay(test.app, user))).json().subscription;
    await callPayments(test.app, user, 'subscription-cancel', { subscription_id: first.subscription_id });
    await endPeriod(first.subscription_id);

    const ended = await listSubscriptions(test.app, user);
    expect(ended.plans[0]).toMatchObject({ subscription_id: first.subscription_id, subscription_status: 'canceled' });
    expect((await callPayments(test.app, user, 'home')).json().hasSubscription).toBe(false);
    const late = await callPayments(test.app, user, 'subscription-cancel', { subscription_id: first.subscription_id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Only a current subscription can be cancelled.');
    const reactivate = await callPayments(test.app, user, 'subscription-reactivate', { subscription_id: first.subscription_id });
    expect(reactivate.statusCode).toBe(409);

    const url = await startCheckout(test.app, user, 'premium');
    const page = await test.app.inject({ method: 'GET', url: new URL(url, 'http://app.test').pathname });
    expect(page.body).not.toContain('free trial');
    expect(page.body).toContain('Pay €17.99');
    expect((await payOnSandbox(test.app, url)).statusCode).toBe(303);
    const sessionId = sessionIdOf(url);
    const second = (await confirmCheckout(test.app, user, sessionId)).json().subscription;
    expect(second).toMatchObject({ subscription_status: 'active', plan_id: 'premium', trial_end: null });

    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans.map((plan) => plan.subscription_id)).toEqual([second.subscription_id, first.subscription_id]);
    expect(listed.payments.map((payment) => payment.amount)).toEqual([1799, 0]);
  });

  it('renews a sandbox subscription whose period ended without a cancellation', async () => {
    const user = await signUp(test.app);
    const sub = (await confirmCheckout(test.app, user, await subscribeAndPay(test.app, user, 'basic'))).json().subscription;
    await endPeriod(sub.subscription_id);
    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans[0]).toMatchObject({ subscription_status: 'active', cancel_at_period_end: false });
    expect(new Date(String(listed.plans[0]!.current_period_end)).getTime()).toBeGreaterThan(Date.now());
    expect(listed.payments.map((payment) => payment.amount)).toEqual([999, 0]);
    // Reading again charges nothing more.
    expect((await listSubscriptions(test.app, user)).payments).toHaveLength(2);
  });
});

describe('POST /api/v1/payments/portal', () => {
  it('answers 401 without credentials', async () => {
    const response = await callPayments(test.app, null, 'portal');
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 'No subscription found' to an account that never subscribed", async () => {
    const user = await signUp(test.app);
    const response = await callPayments(test.app, user, 'portal');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ isSuccess: false, message: 'No subscription found', statusCode: 404, code: 'payments.noSubscription' });
  });

  it('answers an unguessable link on this server, stored only as a hash, valid 30 minutes', async () => {
    const user = await subscribed(test.app);
    const before = Date.now();
    const url = await openPortal(test.app, user);
    const match = /^\/sandbox\/portal\/([A-Za-z0-9_-]{43})$/.exec(url);
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(await openPortal(test.app, user)).not.toBe(url);
    const [row] = await test.app.db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toBeDefined();
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });
});

describe('contract', () => {
  it('declares the JSON answers of the portal endpoint', async () => {
    const user = await subscribed(test.app);
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/payments/portal', headers: { authorization: `FitStream ${user.token}` } });
    expectContract(response, 'POST', '/api/v1/payments/portal');
    expect(response.json()).toEqual({ isSuccess: true, url: expect.any(String) });
  });
});
