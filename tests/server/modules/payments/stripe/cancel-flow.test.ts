// The cancel flow's 50 % off in Stripe mode (decision 068) through the real SDK and the fake
// Stripe: a coupon of its own (percent_off 50, duration once) applied to the subscription; the
// renewal invoice paid with it clears "50 % off your next month"; refusals reach no Stripe.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cancelReasons, subscriptions } from '@server/db/schema';
import { callPayments } from '../../../fixtures/payments-flow';
import { deliverEvent, payingStripeSubscriber, stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

async function stored(subscriptionId: string) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

describe('50 % off with Stripe', () => {
  it('applies a once-only 50 % coupon to the subscription; the renewal paid with it ends the offer', async () => {
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    const response = await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId });
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription.next_charge_percent_off).toBe(50);
    const [created] = test.fake.calls('POST', '/v1/coupons');
    expect(created!.params).toMatchObject({ percent_off: '50', duration: 'once', max_redemptions: '1' });
    const [applied] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(applied!.params['discounts[0][coupon]']).toMatch(/^co_/);
    expect(test.fake.get(subscriptionId).discounts).toHaveLength(1);

    const renewal = test.fake.renewalInvoice(subscriptionId, { paid: true, amount: 1399 });
    expect(renewal.amount_paid).toBe(699);
    expect((await deliverEvent(test, 'invoice.paid', renewal)).statusCode).toBe(200);
    expect((await stored(subscriptionId)).nextChargePercentOff).toBeNull();
    const history = await callPayments(test.app, user, 'history', { page: 1 });
    expect(history.json().items[0].payment.amount).toBe(699);
    // The next renewal is charged in full: the coupon was once.
    expect(test.fake.renewalInvoice(subscriptionId, { paid: true, amount: 1399 }).amount_paid).toBe(1399);
  });

  it('refuses a second acceptance without a word to Stripe', async () => {
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    expect((await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId })).statusCode).toBe(200);
    const coupons = test.fake.calls('POST', '/v1/coupons').length;
    const again = await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'payments.retentionOfferUsed' });
    expect(test.fake.calls('POST', '/v1/coupons')).toHaveLength(coupons);
  });

  it('records nothing when Stripe refuses the coupon', async () => {
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    test.fake.fail(400, 'No such coupon.');
    const refused = await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId });
    test.fake.recover();
    expect(refused.statusCode).toBe(502);
    expect(await test.app.db.select().from(cancelReasons).where(eq(cancelReasons.subscriptionId, subscriptionId))).toEqual([]);
    expect((await stored(subscriptionId)).nextChargePercentOff).toBeNull();
  });
});
