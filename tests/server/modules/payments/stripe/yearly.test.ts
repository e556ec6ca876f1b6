// Yearly plans with Stripe (docs/decisions/066), through the real SDK and the fake Stripe: a
// yearly checkout is a yearly Price (the plan's own, or one made inline at 10 monthly prices), and
// the subscription Stripe reports bills the interval of its price; a change to a yearly plan asks
// Stripe for a yearly price.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans, subscriptions } from '@server/db/schema';
import { expectContract, signUp } from '../../../harness';
import { callPayments, confirmCheckout, listSubscriptions } from '../../../fixtures/payments-flow';
import { stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

describe('a yearly Stripe checkout', () => {
  it('asks Stripe for a yearly price of 10 monthly prices, and Billing shows the yearly subscription', async () => {
    const user = await signUp(test.app);
    const started = await callPayments(test.app, user, 'subscribe', { plan: 'premium', interval: 'year' });
    const sessionId = started.json<{ url: string }>().url.split('/').pop()!;
    expect(test.fake.calls('POST', '/v1/checkout/sessions').at(-1)!.params).toMatchObject({
      'metadata[plan_id]': 'premium',
      'line_items[0][price_data][unit_amount]': '17990',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][recurring][interval_count]': '1',
    });
    test.fake.completeCheckout(sessionId);
    const confirmed = await confirmCheckout(test.app, user, sessionId);
    expect(confirmed.json().subscription).toMatchObject({ plan_id: 'premium', amount: 17990, interval: 'year' });
    const [billing] = (await listSubscriptions(test.app, user)).plans;
    expect(billing).toMatchObject({ plan_id: 'premium', amount: 17990, interval: 'year' });
  });

  it("uses the plan's yearly Stripe price when it has one, and the monthly one for a monthly checkout", async () => {
    await test.app.db
      .update(plans)
      .set({ providerPriceId: 'price_BasicMonthly', providerYearlyPriceId: 'price_BasicYearly' })
      .where(eq(plans.id, 'basic'));
    try {
      await callPayments(test.app, await signUp(test.app), 'subscribe', { plan: 'basic', interval: 'year' });
      expect(test.fake.calls('POST', '/v1/checkout/sessions').at(-1)!.params['line_items[0][price]']).toBe('price_BasicYearly');
      await callPayments(test.app, await signUp(test.app), 'subscribe', { plan: 'basic' });
      expect(test.fake.calls('POST', '/v1/checkout/sessions').at(-1)!.params['line_items[0][price]']).toBe('price_BasicMonthly');
    } finally {
      await test.app.db.update(plans).set({ providerPriceId: null, providerYearlyPriceId: null }).where(eq(plans.id, 'basic'));
    }
  });
});

describe('a change between monthly and yearly with Stripe', () => {
  it('switches the item to a yearly price of 10 monthly prices, invoiced at once when dearer per year', async () => {
    const user = await signUp(test.app);
    const started = await callPayments(test.app, user, 'subscribe', { plan: 'standard' });
    const sessionId = started.json<{ url: string }>().url.split('/').pop()!;
    const { subscription } = test.fake.completeCheckout(sessionId);
    expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
    // Past the trial, as Stripe reports it: the change is a real one.
    await test.app.db.update(subscriptions).set({ status: 'active', trialEnd: null }).where(eq(subscriptions.id, subscription.id));

    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'premium', interval: 'year' });
    expectContract(changed, 'POST', '/api/v1/payments/plan-change');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium', amount: 17990, interval: 'year' });
    expect(test.fake.calls('POST', '/v1/prices').at(-1)!.params).toMatchObject({
      unit_amount: '17990',
      'recurring[interval]': 'year',
      'recurring[interval_count]': '1',
      'metadata[plan_id]': 'premium',
    });
    expect(test.fake.calls('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toMatchObject({
      'items[0][price]': expect.stringMatching(/^price_/),
      proration_behavior: 'always_invoice',
      'metadata[plan_id]': 'premium',
    });
  });
});
