// Plan change in Stripe mode (docs/decisions/022) through the real SDK and a fake Stripe on
// 127.0.0.1: an upgrade updates the subscription's item with an immediate prorated invoice, a
// downgrade becomes a subscription schedule whose second phase starts at the renewal, undo
// releases the schedule, and the signed webhooks bring Stripe's results (the plan at the phase
// change, the proration invoice with Stripe's own PDF). A refusal by Stripe changes nothing.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '@server/db/schema';
import { playbackAccess } from '@server/modules/playback/access';
import { expectContract, signUp, type SignedUpUser } from '../../../harness';
import { callPayments, confirmCheckout } from '../../../fixtures/payments-flow';
import { stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

async function send(type: string, object: { id: string }) {
  const delivery = test.fake.event(type, object);
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });
  expect(response.statusCode).toBe(200);
}

async function userIdOf(user: SignedUpUser): Promise<string> {
  const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
  return row!.id;
}

/** A Standard subscriber past the trial (Stripe says active): the plan change is a real one. */
async function payingSubscriber(plan = 'standard') {
  const user = await signUp(test.app);
  const subscribed = await callPayments(test.app, user, 'subscribe', { plan });
  const sessionId = subscribed.json<{ url: string }>().url.split('/').pop()!;
  const { subscription } = test.fake.completeCheckout(sessionId);
  expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
  Object.assign(test.fake.get(subscription.id), { status: 'active', trial_end: null });
  await send('customer.subscription.updated', subscription);
  return { user, subscriptionId: subscription.id };
}

async function stored(subscriptionId: string) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

async function changePlan(user: SignedUpUser, plan: string) {
  const response = await callPayments(test.app, user, 'plan-change', { plan });
  expectContract(response, 'POST', '/api/v1/payments/plan-change');
  return response;
}

describe('plan change with Stripe', () => {
  it('upgrades at once: the item gets the new price with an immediate prorated invoice, whose PDF is Stripe\'s', async () => {
    const { user, subscriptionId } = await payingSubscriber('standard');
    const before = Math.floor(Date.now() / 1000);
    const changed = await changePlan(user, 'premium');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium' });

    // A price for Premium (it has no Stripe price id), then the item switched to it.
    const [price] = test.fake.calls('POST', '/v1/prices').slice(-1);
    expect(price!.params).toMatchObject({ currency: 'eur', unit_amount: '1799', 'recurring[interval]': 'month', 'metadata[plan_id]': 'premium' });
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update!.params).toMatchObject({
      'items[0][id]': expect.stringMatching(/^si_/),
      'items[0][price]': expect.stringMatching(/^price_/),
      'metadata[plan_id]': 'premium',
      proration_behavior: 'always_invoice',
    });
    expect(Number(update!.params.proration_date)).toBeGreaterThanOrEqual(before);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toMatchObject({ plan: { id: 'premium', maxVideoHeight: 2160 } });

    // Stripe's proration invoice arrives paid: one payment, its invoice linking Stripe's PDF.
    const invoice = test.fake.prorationInvoice(subscriptionId, 412);
    await send('customer.subscription.updated', test.fake.get(subscriptionId));
    await send('invoice.paid', invoice);
    const history = await callPayments(test.app, user, 'history', { page: 1 });
    const newest = history.json<{ items: Array<{ payment: { amount: number }; invoice: { pdf_url: string; net: number; tax: number; tax_rate: number | null } | null }> }>().items[0]!;
    expect(newest.payment.amount).toBe(412);
    expect(newest.invoice?.pdf_url).toBe(invoice.invoice_pdf);
    // What Stripe's invoice says of its tax (docs/decisions/032), not the configured rate (0 for this US account):
    // its net and tax; no rate, since the webhook's invoice names its tax rate without expanding it.
    expect(newest.invoice).toMatchObject({ net: invoice.total_excluding_tax, tax: 66, tax_rate: null });
    expect(newest.invoice!.net + newest.invoice!.tax).toBe(412);
    expect((await stored(subscriptionId)).planId).toBe('premium');
  });

  it('downgrades at the renewal through a schedule; the plan changes when Stripe starts that phase', async () => {
    const { user, subscriptionId } = await payingSubscriber('premium');
    const periodEnd = (await stored(subscriptionId)).currentPeriodEnd;
    const changed = await changePlan(user, 'basic');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium', scheduled_change: { plan_id: 'basic', effective_at: periodEnd.toISOString() } });

    const [created] = test.fake.calls('POST', '/v1/subscription_schedules').slice(-1);
    expect(created!.params).toEqual({ from_subscription: subscriptionId });
    const scheduleId = test.fake.get(subscriptionId).schedule as string;
    const [update] = test.fake.calls('POST', `/v1/subscription_schedules/${scheduleId}`).slice(-1);
    expect(update!.params).toMatchObject({
      end_behavior: 'release',
      'phases[0][end_date]': String(Math.floor(periodEnd.getTime() / 1000)),
      'phases[0][metadata][plan_id]': 'premium',
      'phases[1][items][0][price]': expect.stringMatching(/^price_/),
      'phases[1][metadata][plan_id]': 'basic',
      'phases[1][proration_behavior]': 'none',
    });

    // Stripe reports the schedule's creation: still Premium, the downgrade still scheduled.
    await send('customer.subscription.updated', test.fake.get(subscriptionId));
    expect(await stored(subscriptionId)).toMatchObject({ planId: 'premium', scheduledPlanId: 'basic' });
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toMatchObject({ plan: { id: 'premium' } });

    // The renewal: the schedule's second phase starts, and Basic is what plays from then on.
    await send('customer.subscription.updated', test.fake.startNextPhase(scheduleId));
    expect(await stored(subscriptionId)).toMatchObject({ planId: 'basic', scheduledPlanId: null });
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toMatchObject({ plan: { id: 'basic', maxVideoHeight: 720 } });
  });

  it('undoes a scheduled downgrade by releasing the schedule', async () => {
    const { user, subscriptionId } = await payingSubscriber('standard');
    expect((await changePlan(user, 'basic')).statusCode).toBe(200);
    const scheduleId = test.fake.get(subscriptionId).schedule as string;
    const undone = await callPayments(test.app, user, 'plan-change-undo');
    expectContract(undone, 'POST', '/api/v1/payments/plan-change-undo');
    expect(undone.statusCode).toBe(200);
    expect(test.fake.calls('POST', `/v1/subscription_schedules/${scheduleId}/release`)).toHaveLength(1);
    expect(test.fake.get(scheduleId)).toMatchObject({ status: 'released' });
    expect(test.fake.get(subscriptionId).schedule).toBeNull();
    expect(await stored(subscriptionId)).toMatchObject({ planId: 'standard', scheduledPlanId: null });
    await send('customer.subscription.updated', test.fake.get(subscriptionId));
    expect(await stored(subscriptionId)).toMatchObject({ planId: 'standard', scheduledPlanId: null });
  });

  it('during the trial, changes the item at once without a charge', async () => {
    const user = await signUp(test.app);
    const subscribed = await callPayments(test.app, user, 'subscribe', { plan: 'standard' });
    const sessionId = subscribed.json<{ url: string }>().url.split('/').pop()!;
    const { subscription } = test.fake.completeCheckout(sessionId);
    expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
    expect((await changePlan(user, 'basic')).json().subscription).toMatchObject({ plan_id: 'basic', subscription_status: 'trialing' });
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscription.id}`).slice(-1);
    expect(update!.params).toMatchObject({ proration_behavior: 'none', 'metadata[plan_id]': 'basic' });
    expect(update!.params.proration_date).toBeUndefined();
  });

  it("answers 502 in the user's language when Stripe refuses, and changes nothing", async () => {
    const { user, subscriptionId } = await payingSubscriber('standard');
    test.fake.fail(400, 'This subscription cannot be updated.');
    try {
      const refused = await test.app.inject({
        method: 'POST',
        url: '/api/v1/payments/plan-change',
        headers: { authorization: `FitStream ${user.token}`, 'accept-language': 'es' },
        payload: { plan: 'premium' },
      });
      expectContract(refused, 'POST', '/api/v1/payments/plan-change');
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ isSuccess: false, statusCode: 502, code: 'payments.providerUnavailable' });
      expect(refused.json().message).not.toMatch(/payment provider|subscription cannot/i);
    } finally {
      test.fake.recover();
    }
    expect(await stored(subscriptionId)).toMatchObject({ planId: 'standard', scheduledPlanId: null });
  });
});
