// The Stripe provider through the real SDK, pointed at a fake Stripe on 127.0.0.1 (no network):
// checkout creation (trial only the first time), confirmation by retrieval, cancel/reactivate,
// the Billing customer portal, and provider failures answered as 502.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, plans, subscriptions, users } from '@server/db/schema';
import { expectContract, signUp, type SignedUpUser } from '../../../harness';
import { callPayments, confirmCheckout, listSubscriptions } from '../../../fixtures/payments-flow';
import { stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

async function subscribe(user: SignedUpUser, plan = 'standard'): Promise<string> {
  const response = await callPayments(test.app, user, 'subscribe', { plan });
  expect(response.statusCode).toBe(200);
  const { url } = response.json<{ url: string }>();
  const sessionId = url.split('/').pop()!;
  expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
  return sessionId;
}

async function userId(user: SignedUpUser): Promise<string> {
  const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
  return row!.id;
}

describe('Stripe checkout', () => {
  it('creates a subscription-mode Checkout Session with a 7-day trial the first time', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user, 'standard');
    const [created] = test.fake.calls('POST', '/v1/checkout/sessions').slice(-1);
    const id = await userId(user);
    expect(created!.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: id,
      'metadata[user_id]': id,
      'metadata[plan_id]': 'standard',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1399',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '1',
      'subscription_data[trial_period_days]': '7',
      'subscription_data[metadata][user_id]': id,
      success_url: 'http://localhost:8080/users?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/pricing',
      locale: 'en',
    });
    // The customer is created once and remembered on the account.
    const [row] = await test.app.db.select().from(users).where(eq(users.id, id));
    expect(created!.params.customer).toBe(row!.providerCustomerId);
    expect(row!.providerCustomerId).toMatch(/^cus_/);
    const [checkout] = await test.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(checkout).toMatchObject({ provider: 'stripe', planId: 'standard', trialDays: 7, status: 'open' });
  });

  it('confirms by retrieving the session: 402 until paid, then one trialing subscription with its card', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(402);

    const paid = test.fake.completeCheckout(sessionId);
    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().subscription).toMatchObject({
      subscription_id: paid.subscription.id,
      subscription_status: 'trialing',
      plan_id: 'standard',
      card: { brand: 'visa', exp_month: 12, exp_year: 2034 },
      cardlast4: '4242',
      cancel_at_period_end: false,
    });
    const retrieve = test.fake.calls('GET', `/v1/checkout/sessions/${sessionId}`).at(-1)!;
    expect(Object.values(retrieve.params)).toEqual(
      expect.arrayContaining([
        'subscription.default_payment_method',
        'subscription.latest_invoice',
        'subscription.customer.invoice_settings.default_payment_method',
      ]),
    );

    await confirmCheckout(test.app, user, sessionId);
    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans).toHaveLength(1);
    expect(listed.payments).toEqual([expect.objectContaining({ amount: 0, description: 'Free trial', status: 'paid' })]);
  });

  it("confirms with the customer's default card when the subscription has none of its own", async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    const { subscription, session } = test.fake.completeCheckout(sessionId);
    Object.assign(test.fake.get(subscription.id), { default_payment_method: null });
    test.fake.changeDefaultCard(session.customer as string, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });

    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().subscription).toMatchObject({
      subscription_id: subscription.id,
      card: { brand: 'mastercard', exp_month: 3, exp_year: 2031 },
      cardlast4: '4444',
    });
    const { payments } = await listSubscriptions(test.app, user);
    expect(payments).toEqual([expect.objectContaining({ amount: 0, cardlast4: '4444' })]);
  });

  it("confirms with the subscription's own card over the customer's default (the one Stripe charges)", async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    const { session } = test.fake.completeCheckout(sessionId);
    test.fake.changeDefaultCard(session.customer as string, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });

    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.json().subscription).toMatchObject({ card: { brand: 'visa', exp_month: 12, exp_year: 2034 }, cardlast4: '4242' });
  });

  it('answers 402 while the first payment is incomplete, and confirms once it is paid', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    const { subscription, invoice } = test.fake.completeCheckout(sessionId);
    Object.assign(test.fake.get(subscription.id), { status: 'incomplete' });
    Object.assign(invoice, { status: 'open' });
    const pending = await confirmCheckout(test.app, user, sessionId);
    expect(pending.statusCode).toBe(402);
    expect((await callPayments(test.app, user, 'home')).json().hasSubscription).toBe(false);

    Object.assign(test.fake.get(subscription.id), { status: 'trialing' });
    Object.assign(invoice, { status: 'paid' });
    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().subscription).toMatchObject({ subscription_id: subscription.id, subscription_status: 'trialing' });
    const listed = await listSubscriptions(test.app, user);
    expect([listed.plans.length, listed.payments.length]).toEqual([1, 1]);
  });

  it('cancels and reactivates at Stripe (cancel_at_period_end)', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    const { subscription } = test.fake.completeCheckout(sessionId);
    await confirmCheckout(test.app, user, sessionId);

    const cancelled = await callPayments(test.app, user, 'subscription-cancel', { subscription_id: subscription.id });
    expect(cancelled.json().subscription).toMatchObject({ subscription_status: 'trialing', cancel_at_period_end: true });
    expect(test.fake.calls('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toEqual({ cancel_at_period_end: 'true' });
    expect(test.fake.get(subscription.id).cancel_at_period_end).toBe(true);

    const reactivated = await callPayments(test.app, user, 'subscription-reactivate', { subscription_id: subscription.id });
    expect(reactivated.json().subscription).toMatchObject({ cancel_at_period_end: false });
    expect(test.fake.get(subscription.id).cancel_at_period_end).toBe(false);
  });

  it('deleting the account cancels the subscription at Stripe at once, without proration or a final invoice', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    const paid = test.fake.completeCheckout(sessionId);
    expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
    const deleted = await test.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    const cancel = test.fake.calls('DELETE', `/v1/subscriptions/${paid.subscription.id}`);
    expect(cancel).toHaveLength(1);
    expect(cancel[0]!.params).toMatchObject({ prorate: 'false', invoice_now: 'false' });
    const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, paid.subscription.id));
    expect(row!.status).toBe('canceled');
  });

  it('keeps the account when Stripe refuses the cancellation (502), so deletion can be tried again', async () => {
    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    test.fake.completeCheckout(sessionId);
    expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
    test.fake.fail(500, 'internal');
    try {
      const refused = await test.app.inject({
        method: 'POST',
        url: '/api/v1/account/delete',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { password: user.password },
      });
      expect(refused.statusCode).toBe(502);
    } finally {
      test.fake.recover();
    }
    const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
    expect(row!.deletedAt).toBeNull();
  });

  it('offers no trial on the second subscription and reuses the customer', async () => {
    const user = await signUp(test.app);
    const first = await subscribe(user);
    const { subscription } = test.fake.completeCheckout(first);
    await confirmCheckout(test.app, user, first);
    // The first subscription ended.
    await test.app.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, subscription.id));
    const customersBefore = test.fake.calls('POST', '/v1/customers').length;

    const second = await subscribe(user, 'premium');
    const created = test.fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(created.params['subscription_data[trial_period_days]']).toBeUndefined();
    expect(created.params['line_items[0][price_data][unit_amount]']).toBe('1799');
    expect(test.fake.calls('POST', '/v1/customers')).toHaveLength(customersBefore);

    test.fake.completeCheckout(second);
    const confirmed = await confirmCheckout(test.app, user, second);
    expect(confirmed.json().subscription).toMatchObject({ subscription_status: 'active', plan_id: 'premium', trial_end: null });
    const { payments } = await listSubscriptions(test.app, user);
    expect(payments.map((payment) => payment.amount)).toEqual([1799, 0]);
  });

  it('answers 409 to a second paid checkout while one subscription is current, and keeps one', async () => {
    const user = await signUp(test.app);
    // The first paid before the second opened: a newer checkout expires only open ones.
    const first = await subscribe(user);
    const { subscription } = test.fake.completeCheckout(first);
    const second = await subscribe(user, 'premium');
    test.fake.completeCheckout(second);
    expect((await confirmCheckout(test.app, user, first)).statusCode).toBe(200);

    const conflict = await confirmCheckout(test.app, user, second);
    expectContract(conflict, 'POST', '/api/v1/payments/subscription-current');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('You already have an active subscription; this checkout was not applied.');
    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans.map((row) => row.subscription_id)).toEqual([subscription.id]);
  });

  it("uses the plan's Stripe price when it has one", async () => {
    await test.app.db.update(plans).set({ providerPriceId: 'price_1MobileMonthly' }).where(eq(plans.id, 'mobile'));
    try {
      const user = await signUp(test.app);
      await subscribe(user, 'mobile');
      const created = test.fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
      expect(created.params['line_items[0][price]']).toBe('price_1MobileMonthly');
      expect(created.params['line_items[0][price_data][unit_amount]']).toBeUndefined();
    } finally {
      await test.app.db.update(plans).set({ providerPriceId: null }).where(eq(plans.id, 'mobile'));
    }
  });

  it('answers 502 with a safe message when Stripe refuses', async () => {
    const user = await signUp(test.app);
    test.fake.fail(400, 'No such price: price_secret_internal');
    try {
      const response = await callPayments(test.app, user, 'subscribe', { plan: 'basic' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('The payment provider could not be reached. Please try again later.');
    } finally {
      test.fake.recover();
    }
  });

  it('opens the Billing customer portal for the customer, returning to /billing; 404 without a subscription; 502 when Stripe refuses', async () => {
    const nobody = await signUp(test.app);
    const none = await callPayments(test.app, nobody, 'portal');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No subscription found');

    const user = await signUp(test.app);
    const sessionId = await subscribe(user);
    test.fake.completeCheckout(sessionId);
    await confirmCheckout(test.app, user, sessionId);
    const opened = await callPayments(test.app, user, 'portal');
    expect(opened.statusCode).toBe(200);
    const { url } = opened.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
    expect(test.fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer: row!.providerCustomerId,
      return_url: 'http://localhost:8080/billing',
      locale: 'en',
    });

    test.fake.fail(500, 'internal');
    try {
      const failed = await callPayments(test.app, user, 'portal');
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe('The payment provider could not be reached. Please try again later.');
    } finally {
      test.fake.recover();
    }
  });
});
