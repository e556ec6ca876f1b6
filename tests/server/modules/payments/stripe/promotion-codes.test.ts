// Promotion codes in Stripe mode (decision 069) through the real SDK and the fake Stripe: a code
// created by billing:codes makes Stripe's coupon and promotion code; a checkout carries it; a code
// added on Billing joins the subscription's discounts, keeping the retention coupon.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotionCodes } from '@server/db/schema';
import { parsePromotionCodeCommand, runPromotionCodeCommand } from '@server/modules/payments/promotion-code-admin';
import { signUp } from '../../../harness';
import { callPayments } from '../../../fixtures/payments-flow';
import { deliverEvent, payingStripeSubscriber, stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

async function create(...args: string[]) {
  const command = parsePromotionCodeCommand(['create', ...args]);
  if ('error' in command) throw new Error(command.error);
  return runPromotionCodeCommand(test.app.db, test.app.paymentProvider, command);
}

describe('promotion codes with Stripe', () => {
  it('creates the coupon and the promotion code at Stripe, and stores their ids', async () => {
    expect(await create('spring5', '--amount-off', '500', '--currency', 'EUR', '--duration', 'repeating', '--months', '3', '--expires', '2027-03-31', '--max-redemptions', '50')).toMatchObject({
      output: expect.stringContaining('SPRING5 created (Stripe coupon co_'),
    });
    const [coupon] = test.fake.calls('POST', '/v1/coupons').slice(-1);
    expect(coupon!.params).toMatchObject({ amount_off: '500', currency: 'eur', duration: 'repeating', duration_in_months: '3', max_redemptions: '50', redeem_by: String(Date.parse('2027-03-31T23:59:59.999Z') / 1000 | 0) });
    const [promotion] = test.fake.calls('POST', '/v1/promotion_codes').slice(-1);
    expect(promotion!.params).toMatchObject({ code: 'SPRING5', 'promotion[type]': 'coupon', 'promotion[coupon]': coupon!.params.id ?? expect.stringMatching(/^co_/) });
    const [row] = await test.app.db.select().from(promotionCodes).where(eq(promotionCodes.code, 'SPRING5'));
    expect(row!.providerCouponId).toMatch(/^co_/);
    expect(row!.providerPromotionCodeId).toMatch(/^promo_/);
  });

  it('a checkout with a code passes its promotion code to Stripe', async () => {
    await create('stripe20', '--percent-off', '20', '--duration', 'forever');
    const [row] = await test.app.db.select().from(promotionCodes).where(eq(promotionCodes.code, 'STRIPE20'));
    const user = await signUp(test.app);
    const subscribed = await callPayments(test.app, user, 'subscribe', { plan: 'standard', promotion_code: 'stripe20' });
    expect(subscribed.statusCode).toBe(200);
    const [checkout] = test.fake.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(checkout!.params['discounts[0][promotion_code]']).toBe(row!.providerPromotionCodeId);
  });

  it('Billing adds the code to the subscription, keeping the retention coupon; a webhook delivered twice records one payment', async () => {
    await create('keep10', '--percent-off', '10', '--duration', 'forever');
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    expect((await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId })).statusCode).toBe(200);
    const [retention] = test.fake.get(subscriptionId).discounts as string[];
    const applied = await callPayments(test.app, user, 'subscription-promotion-code', { subscription_id: subscriptionId, code: 'KEEP10' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().subscription).toMatchObject({ next_charge_percent_off: 50, discount: { code: 'KEEP10', percent_off: 10, charges_left: null } });
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update!.params).toMatchObject({ 'discounts[0][discount]': retention, 'discounts[1][promotion_code]': expect.stringMatching(/^promo_/) });
    expect(test.fake.get(subscriptionId).discounts).toHaveLength(2);
    const renewal = test.fake.renewalInvoice(subscriptionId, { paid: true, amount: 1399 });
    const event = test.fake.event('invoice.paid', renewal);
    for (let delivery = 0; delivery < 2; delivery += 1) expect((await deliverEvent(test, 'invoice.paid', renewal, JSON.parse(event.payload).id)).statusCode).toBe(200);
    const history = await callPayments(test.app, user, 'history', { page: 1 });
    expect(history.json().items.filter((item: { payment: { amount: number } }) => item.payment.amount > 0)).toHaveLength(1);
  });

  it('the retention offer accepted after a code joins the subscription\'s discounts instead of replacing the code', async () => {
    await create('first10', '--percent-off', '10', '--duration', 'forever');
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    expect((await callPayments(test.app, user, 'subscription-promotion-code', { subscription_id: subscriptionId, code: 'FIRST10' })).statusCode).toBe(200);
    const [code] = test.fake.get(subscriptionId).discounts as string[];
    expect((await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscriptionId })).statusCode).toBe(200);
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update!.params).toMatchObject({ 'discounts[0][discount]': code, 'discounts[1][coupon]': expect.any(String) });
    expect(test.fake.get(subscriptionId).discounts).toHaveLength(2);
  });
});
