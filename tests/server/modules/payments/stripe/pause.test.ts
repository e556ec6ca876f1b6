// Pause in Stripe mode (decision 065) through the real SDK and the fake Stripe: pause_collection
// { behavior: 'void', resumes_at } set and cleared, "Resume now" restarting the cycle, the
// reminder queued for a week before, and customer.subscription.updated carrying the pause
// (applied once however often it is delivered).
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { mailOutbox, subscriptions } from '@server/db/schema';
import { playbackAccess } from '@server/modules/playback/access';
import type { SignedUpUser } from '../../../harness';
import { accountIdOf, callPayments } from '../../../fixtures/payments-flow';
import { deliverEvent, payingStripeSubscriber, stripeTestAppForFile } from '../../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function stored(subscriptionId: string) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

describe('pause with Stripe', () => {
  it('pauses collection with void invoices until the resume date, and queues the reminder for a week before', async () => {
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    const { currentPeriodEnd } = await stored(subscriptionId);
    const response = await callPayments(test.app, user, 'subscription-pause', { subscription_id: subscriptionId, months: 2 });
    expect(response.statusCode).toBe(200);
    const resumesAt = new Date(currentPeriodEnd);
    resumesAt.setUTCMonth(resumesAt.getUTCMonth() + 2);
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update!.params).toMatchObject({ 'pause_collection[behavior]': 'void', 'pause_collection[resumes_at]': String(resumesAt.getTime() / 1000) });
    expect(response.json().subscription.pause).toEqual({ paused_from: currentPeriodEnd.toISOString(), resumes_at: resumesAt.toISOString() });
    const userId = await userIdOf(user);
    const [reminder] = await test.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'pauseEnding')));
    expect(reminder!.sendAfter.getTime()).toBe(resumesAt.getTime() - 7 * 86_400_000);
    // Still the paid period: classes play.
    expect(await playbackAccess(test.app.db, userId, new Date())).toHaveProperty('plan');

    // "Resume now" before it began: the pause is cleared at Stripe, the reminder dropped.
    const resumed = await callPayments(test.app, user, 'subscription-resume', { subscription_id: subscriptionId });
    expect(resumed.statusCode).toBe(200);
    const [clear] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(clear!.params).toMatchObject({ pause_collection: '' });
    expect(clear!.params).not.toHaveProperty('billing_cycle_anchor[type]');
    expect(test.fake.get(subscriptionId).pause_collection).toBeNull();
    const pending = await test.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'pauseEnding'), isNull(mailOutbox.sentAt)));
    expect(pending).toHaveLength(0);
  });

  it('"Resume now" once the pause began restarts the billing cycle now', async () => {
    const { user, subscriptionId } = await payingStripeSubscriber(test);
    expect((await callPayments(test.app, user, 'subscription-pause', { subscription_id: subscriptionId, months: 1 })).statusCode).toBe(200);
    // The paid period has ended (as if Stripe's clock moved on).
    const past = new Date(Date.now() - 60_000);
    await test.app.db.update(subscriptions).set({ pausedFrom: past, currentPeriodEnd: past }).where(eq(subscriptions.id, subscriptionId));
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).not.toHaveProperty('plan');
    const resumed = await callPayments(test.app, user, 'subscription-resume', { subscription_id: subscriptionId });
    expect(resumed.statusCode).toBe(200);
    const [update] = test.fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update!.params).toMatchObject({ pause_collection: '', 'billing_cycle_anchor[type]': 'now', proration_behavior: 'none' });
    expect(resumed.json().subscription.pause).toBeNull();
    expect(new Date(resumed.json().subscription.current_period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toHaveProperty('plan');
  });

  it('stores a pause that customer.subscription.updated carries, once, and clears it when Stripe does', async () => {
    const { subscriptionId } = await payingStripeSubscriber(test);
    const { currentPeriodEnd } = await stored(subscriptionId);
    const resumesAt = Math.floor(currentPeriodEnd.getTime() / 1000) + 30 * 86_400;
    Object.assign(test.fake.get(subscriptionId), { pause_collection: { behavior: 'void', resumes_at: resumesAt } });
    const first = await deliverEvent(test, 'customer.subscription.updated', test.fake.get(subscriptionId), 'evt_pause_once');
    expect(first.statusCode).toBe(200);
    const paused = await stored(subscriptionId);
    expect(paused.pausedFrom).toEqual(currentPeriodEnd);
    expect(paused.resumesAt).toEqual(new Date(resumesAt * 1000));
    // The same event again changes nothing, even after the row moved on.
    await test.app.db.update(subscriptions).set({ pausedFrom: null, resumesAt: null }).where(eq(subscriptions.id, subscriptionId));
    expect((await deliverEvent(test, 'customer.subscription.updated', test.fake.get(subscriptionId), 'evt_pause_once')).statusCode).toBe(200);
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
    // Stripe resumes by itself on the date: the pause is cleared.
    await test.app.db.update(subscriptions).set({ pausedFrom: currentPeriodEnd, resumesAt: new Date(resumesAt * 1000) }).where(eq(subscriptions.id, subscriptionId));
    Object.assign(test.fake.get(subscriptionId), { pause_collection: null });
    expect((await deliverEvent(test, 'customer.subscription.updated', test.fake.get(subscriptionId))).statusCode).toBe(200);
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
  });
});
