// Stripe's Smart Retries through webhooks (decision 067): invoice.payment_failed stores the
// failed renewal (first failure, attempts, next_payment_attempt, 7-day grace) and emails each
// attempt once, however often or late its events come; invoice.paid settles it.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema';
import { playbackAccess } from '@server/modules/playback/access';
import { signUp, type SignedUpUser } from '../../harness';
import { accountIdOf, callPayments, confirmCheckout, listSubscriptions } from '../../fixtures/payments-flow';
import { deliverAcceptedEvent, stripeTestAppForFile } from '../../fixtures/stripe/stripe-test-app';

const test = stripeTestAppForFile();
const day = 86_400;

const send = (type: string, object: { id: string }, eventId?: string) => deliverAcceptedEvent(test, type, object, eventId);

async function activeSubscriber() {
  const user = await signUp(test.app);
  const subscribed = await callPayments(test.app, user, 'subscribe', { plan: 'standard' });
  const sessionId = subscribed.json<{ url: string }>().url.split('/').pop()!;
  const { subscription } = test.fake.completeCheckout(sessionId);
  await confirmCheckout(test.app, user, sessionId);
  Object.assign(test.fake.get(subscription.id), { status: 'active', trial_end: null });
  return { user, subscription };
}

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function failureMails(user: SignedUpUser) {
  return test.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, await userIdOf(user)), eq(mailOutbox.template, 'paymentFailed')));
}

async function current(user: SignedUpUser) {
  return (await listSubscriptions(test.app, user)).plans[0]!;
}

describe('failed renewals from Stripe webhooks', () => {
  it('stores each attempt once, keeps the grace period from the first, and invoice.paid settles it', async () => {
    const { user, subscription } = await activeSubscriber();
    Object.assign(test.fake.get(subscription.id), { status: 'past_due' });
    const invoice = test.fake.renewalInvoice(subscription.id, { paid: false, attemptCount: 1 });
    const finalized = (invoice.status_transitions as { finalized_at: number }).finalized_at;
    const eventId = await send('invoice.payment_failed', invoice);
    const expected = {
      failed_at: new Date(finalized * 1000).toISOString(),
      retries: 0,
      next_retry_at: new Date((finalized + day) * 1000).toISOString(),
      grace_ends_at: new Date((finalized + 7 * day) * 1000).toISOString(),
    };
    expect(await current(user)).toMatchObject({ subscription_status: 'past_due', payment_failure: expected });
    // The same event again, and another event about the same attempt: nothing new, one email.
    await send('invoice.payment_failed', invoice, eventId);
    await send('invoice.payment_failed', invoice);
    expect(await failureMails(user)).toHaveLength(1);

    // Smart Retries' third attempt on day 3; a late event about the second changes nothing after it.
    Object.assign(invoice, { attempt_count: 3, next_payment_attempt: finalized + 5 * day });
    await send('invoice.payment_failed', invoice);
    Object.assign(invoice, { attempt_count: 2, next_payment_attempt: finalized + 3 * day });
    await send('invoice.payment_failed', invoice);
    expect(await current(user)).toMatchObject({
      payment_failure: { ...expected, retries: 2, next_retry_at: new Date((finalized + 5 * day) * 1000).toISOString() },
    });
    expect(await failureMails(user)).toHaveLength(2);

    // The last attempt fails: Stripe leaves the subscription unpaid, without a next attempt.
    Object.assign(test.fake.get(subscription.id), { status: 'unpaid' });
    Object.assign(invoice, { attempt_count: 5, next_payment_attempt: null });
    await send('invoice.payment_failed', invoice);
    expect(await current(user)).toMatchObject({ subscription_status: 'unpaid', payment_failure: { retries: 4, next_retry_at: null, in_grace: false } });
    expect((await failureMails(user)).map((mail) => mail.params.nextRetryAt)).toContain(null);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toEqual({ refusal: 'payment_required' });

    // Paid (a new card in the portal pays the open invoice): active, no failure left.
    Object.assign(test.fake.get(subscription.id), { status: 'active' });
    Object.assign(invoice, { status: 'paid', amount_paid: 1399, next_payment_attempt: null });
    const paidId = await send('invoice.paid', invoice);
    await send('invoice.paid', invoice, paidId);
    expect(await current(user)).toMatchObject({ subscription_status: 'active', payment_failure: null });
    expect((await callPayments(test.app, user, 'home')).json()).toMatchObject({ hasSubscription: true, payment_failure: null });
    expect(await failureMails(user)).toHaveLength(3);
  });

  it('a failure Stripe no longer reports (the subscription is active again) is not stored', async () => {
    const { user, subscription } = await activeSubscriber();
    const invoice = test.fake.renewalInvoice(subscription.id, { paid: false });
    await send('invoice.payment_failed', invoice);
    expect(await current(user)).toMatchObject({ subscription_status: 'active', payment_failure: null });
    expect(await failureMails(user)).toHaveLength(0);
  });
});
