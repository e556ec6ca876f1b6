// Stripe webhooks: signature checks, each event type applied, replays ignored, and events in
// any order converging on the same state. The real SDK talks to a fake Stripe on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, providerEvents } from '@server/db/schema';
import { createTestApp, expectContract, signUp, type SignedUpUser, type TestApp } from '../../harness';
import { callPayments, confirmCheckout, listSubscriptions } from '../../fixtures/payments-flow';
import { stripeTestAppForFile } from '../../fixtures/stripe/stripe-test-app';

const webhookUrl = '/api/v1/payments/webhook';
const test = stripeTestAppForFile();

async function deliver(app: TestApp['app'], delivery: { payload: string; signature?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: webhookUrl,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature === undefined ? {} : { 'stripe-signature': delivery.signature }),
    },
    payload: delivery.payload,
  });
  expectContract(response, 'POST', webhookUrl);
  return response;
}

async function send(type: string, object: { id: string }, eventId?: string) {
  const response = await deliver(test.app, test.fake.event(type, object, eventId));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ isSuccess: true, received: true });
}

/** `fitstream_payment_webhooks_total` for one event type and outcome, as a scrape shows it. */
async function processed(type: string, outcome: string): Promise<number> {
  const line = (await test.app.metrics.metrics()).split('\n').find((text) => text.startsWith(`fitstream_payment_webhooks_total{type="${type}",outcome="${outcome}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** A user who went through Stripe's checkout page (nothing confirmed or delivered yet). */
async function paidCheckout() {
  const user = await signUp(test.app);
  const subscribed = await callPayments(test.app, user, 'subscribe', { plan: 'standard' });
  const sessionId = subscribed.json<{ url: string }>().url.split('/').pop()!;
  return { user, ...test.fake.completeCheckout(sessionId) };
}

/** What the billing screen would show, without ids and times that differ between accounts. */
async function billing(user: SignedUpUser) {
  const { plans, payments } = await listSubscriptions(test.app, user);
  return {
    plans: plans.map(({ subscription_status, cancel_at_period_end, card, cardlast4, plan_id }) => ({
      subscription_status,
      cancel_at_period_end,
      card,
      cardlast4,
      plan_id,
    })),
    payments: payments.map(({ amount, status, description, cardlast4 }) => ({ amount, status, description, cardlast4 })),
  };
}

describe('webhook signatures', () => {
  it('rejects a missing, wrong or stale signature, and a tampered body, with 400', async () => {
    const { subscription } = await paidCheckout();
    const good = test.fake.event('customer.subscription.updated', subscription);
    const tampered = good.payload.replace('"trialing"', '"active"');
    const cases = [
      { payload: good.payload },
      { payload: good.payload, signature: 'nonsense' },
      { payload: good.payload, signature: good.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000') },
      { payload: tampered, signature: good.signature },
      { payload: good.payload, signature: good.signature.replace(/t=\d+/, 't=1000000000') },
    ];
    const rejectedBefore = await processed('unverified', 'bad_signature');
    for (const delivery of cases) {
      const response = await deliver(test.app, delivery);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400 });
    }
    // The operator's view: deliveries whose signature failed (the one without the header is
    // refused by the contract before), and no type taken from a body nobody signed.
    expect(await processed('unverified', 'bad_signature')).toBe(rejectedBefore + cases.length - 1);
    expect(await processed('customer.subscription.updated', 'applied')).toBe(0);
    const recorded = await test.app.db.select().from(providerEvents).where(eq(providerEvents.id, good.id));
    expect(recorded).toHaveLength(0);
  });

  it('answers 404 when payments are the sandbox', async () => {
    const sandbox = await createTestApp();
    try {
      const response = await deliver(sandbox.app, { payload: '{}', signature: 't=1,v1=00' });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

describe('webhook events', () => {
  it('checkout.session.completed records the subscription and its payment; confirming later adds nothing', async () => {
    const { user, session, subscription } = await paidCheckout();
    await send('checkout.session.completed', session);
    const [checkout] = await test.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(checkout?.status).toBe('complete');
    expect(await billing(user)).toEqual({
      plans: [{ subscription_status: 'trialing', cancel_at_period_end: false, card: { brand: 'visa', exp_month: 12, exp_year: 2034 }, cardlast4: '4242', plan_id: 'standard' }],
      payments: [{ amount: 0, status: 'paid', description: 'Free trial', cardlast4: '4242' }],
    });
    const confirmed = await confirmCheckout(test.app, user, session.id);
    expect(confirmed.json().subscription.subscription_id).toBe(subscription.id);
    const listed = await listSubscriptions(test.app, user);
    expect([listed.plans.length, listed.payments.length]).toEqual([1, 1]);
  });

  it('customer.subscription.updated and .deleted follow the cancellation to its end', async () => {
    const { user, session, subscription } = await paidCheckout();
    await confirmCheckout(test.app, user, session.id);
    Object.assign(test.fake.get(subscription.id), { cancel_at_period_end: true });
    await send('customer.subscription.updated', test.fake.get(subscription.id));
    expect((await billing(user)).plans[0]).toMatchObject({ subscription_status: 'trialing', cancel_at_period_end: true });

    Object.assign(test.fake.get(subscription.id), { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await send('customer.subscription.deleted', test.fake.get(subscription.id));
    expect((await billing(user)).plans[0]).toMatchObject({ subscription_status: 'canceled' });
    expect((await callPayments(test.app, user, 'home')).json().hasSubscription).toBe(false);
  });

  it('invoice.paid records a renewal; invoice.payment_failed records the failure and past_due', async () => {
    const { user, session, subscription } = await paidCheckout();
    await confirmCheckout(test.app, user, session.id);
    Object.assign(test.fake.get(subscription.id), { status: 'active', trial_end: null });
    await send('invoice.paid', test.fake.renewalInvoice(subscription.id, { paid: true }));
    expect(await billing(user)).toMatchObject({
      plans: [{ subscription_status: 'active' }],
      payments: [
        { amount: 1399, status: 'paid', description: 'Standard plan', cardlast4: '4242' },
        { amount: 0, status: 'paid', description: 'Free trial' },
      ],
    });

    Object.assign(test.fake.get(subscription.id), { status: 'past_due' });
    const failed = test.fake.renewalInvoice(subscription.id, { paid: false });
    await send('invoice.payment_failed', failed);
    const after = await billing(user);
    expect(after.plans[0]).toMatchObject({ subscription_status: 'past_due' });
    expect(after.payments[0]).toMatchObject({ amount: 1399, status: 'failed' });
    // Stripe's retry succeeds: the same invoice becomes paid, still one payment row.
    Object.assign(failed, { status: 'paid', amount_paid: 1399 });
    Object.assign(test.fake.get(subscription.id), { status: 'active' });
    await send('invoice.paid', failed);
    const settled = await billing(user);
    expect(settled.payments).toHaveLength(3);
    expect(settled.payments[0]).toMatchObject({ amount: 1399, status: 'paid' });
    expect(settled.plans[0]).toMatchObject({ subscription_status: 'active' });
  });

  it('maps Stripe-only statuses onto the product’s (incomplete_expired → canceled)', async () => {
    const { user, subscription } = await paidCheckout();
    Object.assign(test.fake.get(subscription.id), { status: 'incomplete_expired' });
    await send('customer.subscription.updated', test.fake.get(subscription.id));
    expect((await billing(user)).plans[0]).toMatchObject({ subscription_status: 'canceled' });
  });

  it('ignores a replayed event: no second application, no call to Stripe', async () => {
    const { user, session, subscription } = await paidCheckout();
    const delivery = test.fake.event('checkout.session.completed', session);
    const before = { applied: await processed('checkout.session.completed', 'applied'), duplicate: await processed('checkout.session.completed', 'duplicate') };
    expect((await deliver(test.app, delivery)).statusCode).toBe(200);
    const callsBefore = test.fake.requests.length;
    const replay = await deliver(test.app, delivery);
    expect(replay.statusCode).toBe(200);
    expect(await processed('checkout.session.completed', 'applied')).toBe(before.applied + 1);
    expect(await processed('checkout.session.completed', 'duplicate')).toBe(before.duplicate + 1);
    expect(test.fake.requests.length).toBe(callsBefore);
    const recorded = await test.app.db.select().from(providerEvents).where(eq(providerEvents.id, delivery.id));
    expect(recorded).toHaveLength(1);
    const listed = await listSubscriptions(test.app, user);
    expect(listed.plans.map((plan) => plan.subscription_id)).toEqual([subscription.id]);
    expect(listed.payments).toHaveLength(1);
  });

  describe('customer.updated (a card changed in the Billing customer portal)', () => {
    const mastercard = { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 };

    /** A confirmed subscription whose card, like the portal leaves it, is only the customer's default. */
    async function portalCardChange() {
      const account = await paidCheckout();
      await confirmCheckout(test.app, account.user, account.session.id);
      const customerId = account.session.customer as string;
      Object.assign(test.fake.get(account.subscription.id), { default_payment_method: null });
      test.fake.changeDefaultCard(customerId, mastercard);
      return { ...account, customerId };
    }

    it("shows the customer's new default card on /billing", async () => {
      const { user, customerId, subscription } = await portalCardChange();
      expect((await billing(user)).plans[0]).toMatchObject({ cardlast4: '4242' });

      await send('customer.updated', test.fake.get(customerId));
      const listed = await listSubscriptions(test.app, user);
      expect(listed.plans).toEqual([
        expect.objectContaining({
          subscription_id: subscription.id,
          subscription_status: 'trialing',
          card: { brand: 'mastercard', exp_month: 3, exp_year: 2031 },
          cardlast4: '4444',
        }),
      ]);
      // A past payment keeps the card it was paid with.
      expect(listed.payments).toEqual([expect.objectContaining({ amount: 0, cardlast4: '4242' })]);
      const retrieve = test.fake.calls('GET', `/v1/subscriptions/${subscription.id}`).at(-1)!;
      expect(Object.values(retrieve.params)).toContain('customer.invoice_settings.default_payment_method');
    });

    it("keeps the subscription's own card while it has one: Stripe charges that one", async () => {
      const account = await paidCheckout();
      await confirmCheckout(test.app, account.user, account.session.id);
      const customerId = account.session.customer as string;
      test.fake.changeDefaultCard(customerId, mastercard);
      await send('customer.updated', test.fake.get(customerId));
      expect((await billing(account.user)).plans[0]).toMatchObject({
        card: { brand: 'visa', exp_month: 12, exp_year: 2034 },
        cardlast4: '4242',
      });
    });

    it('ignores a replay: no second application, no call to Stripe', async () => {
      const { user, customerId } = await portalCardChange();
      const delivery = test.fake.event('customer.updated', test.fake.get(customerId));
      expect((await deliver(test.app, delivery)).statusCode).toBe(200);
      const after = await billing(user);
      expect(after.plans[0]).toMatchObject({ cardlast4: '4444' });

      const callsBefore = test.fake.requests.length;
      const replay = await deliver(test.app, delivery);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ isSuccess: true, received: true });
      expect(test.fake.requests.length).toBe(callsBefore);
      const recorded = await test.app.db.select().from(providerEvents).where(eq(providerEvents.id, delivery.id));
      expect(recorded).toHaveLength(1);
      expect(await billing(user)).toEqual(after);
    });

    it('ignores a customer it does not know, with 200', async () => {
      const known = await portalCardChange();
      const stranger = { ...structuredClone(test.fake.get(known.customerId)), id: 'cus_unknown_to_fitstream', metadata: {} };
      const callsBefore = test.fake.requests.length;
      const delivery = test.fake.event('customer.updated', stranger);
      const response = await deliver(test.app, delivery);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isSuccess: true, received: true });
      expect(test.fake.requests.length).toBe(callsBefore);
      const recorded = await test.app.db.select().from(providerEvents).where(eq(providerEvents.id, delivery.id));
      expect(recorded).toHaveLength(1);
      // The known account's stored card is untouched by the stranger's event.
      expect((await billing(known.user)).plans[0]).toMatchObject({ cardlast4: '4242' });
    });
  });

  it('acknowledges events of no interest', async () => {
    await send('customer.created', test.fake.get((await paidCheckout()).session.customer as string));
  });

  it('converges on the same state whatever order the events arrive in', async () => {
    const inOrder = await paidCheckout();
    const reversed = await paidCheckout();
    for (const account of [inOrder, reversed]) {
      Object.assign(test.fake.get(account.subscription.id), { cancel_at_period_end: true, status: 'active', trial_end: null });
    }
    const events = (account: typeof inOrder) => {
      const renewal = test.fake.renewalInvoice(account.subscription.id, { paid: true });
      return [
        () => send('checkout.session.completed', account.session),
        () => send('customer.subscription.updated', test.fake.get(account.subscription.id)),
        () => send('invoice.paid', renewal),
      ];
    };
    for (const deliver of events(inOrder)) await deliver();
    for (const deliver of events(reversed).reverse()) await deliver();

    const expected = {
      plans: [{ subscription_status: 'active', cancel_at_period_end: true, card: { brand: 'visa', exp_month: 12, exp_year: 2034 }, cardlast4: '4242', plan_id: 'standard' }],
      payments: [
        { amount: 1399, status: 'paid', description: 'Standard plan', cardlast4: '4242' },
        { amount: 0, status: 'paid', description: 'Free trial', cardlast4: '4242' },
      ],
    };
    expect(await billing(inOrder.user)).toEqual(expected);
    expect(await billing(reversed.user)).toEqual(expected);
    // The app's confirmation after all that still finds the one subscription.
    for (const account of [inOrder, reversed]) {
      const confirmed = await confirmCheckout(test.app, account.user, account.session.id);
      expect(confirmed.json().subscription.subscription_id).toBe(account.subscription.id);
      expect((await listSubscriptions(test.app, account.user)).plans).toHaveLength(1);
    }
  });
});
