// Deletion and second subscriptions with Stripe (issue 22, item 4), against the fake Stripe: an
// older Checkout Session is expired when a newer one opens or the account is deleted, and a
// webhook reporting a subscription the account must not have cancels it at Stripe, refunds what
// it took, and says why there, instead of only logging while Stripe keeps charging.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providerEvents, subscriptions, users } from '@server/db/schema';
import { callPayments, confirmCheckout, listSubscriptions } from '../fixtures/payments-flow';
import { deliverAcceptedEvent, stripeTestAppForFile } from '../fixtures/stripe/stripe-test-app';
import { expectContract, signUp, TEST_PASSWORD, type SignedUpUser } from '../harness';
import { call } from './shared';

const test = stripeTestAppForFile();

async function accountId(user: SignedUpUser): Promise<string> {
  const [row] = await test.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  return row!.id;
}

/** A new account; `paid`: its trial already used, so a checkout takes money at once. */
async function account(options: { paid: boolean }): Promise<SignedUpUser> {
  const user = await signUp(test.app);
  if (options.paid) await test.app.db.update(users).set({ trialUsedAt: new Date() }).where(eq(users.email, user.email));
  return user;
}

async function subscribe(user: SignedUpUser, plan = 'standard'): Promise<string> {
  const response = await callPayments(test.app, user, 'subscribe', { plan });
  expect(response.statusCode).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop()!;
}

const deliver = (type: string, object: { id: string }, eventId?: string) => deliverAcceptedEvent(test, type, object, eventId);

function cancellationOf(subscriptionId: string) {
  return test.fake.get<{ status: string; cancellation_details: { comment: string | null } | null }>(subscriptionId);
}

describe('Checkout Sessions at Stripe', () => {
  it('an older open session is expired when a newer one opens, and cannot be paid', async () => {
    const user = await account({ paid: true });
    const older = await subscribe(user);
    const newer = await subscribe(user, 'premium');
    expect(test.fake.calls('POST', `/v1/checkout/sessions/${older}/expire`)).toHaveLength(1);
    expect(test.fake.get<{ status: string }>(older).status).toBe('expired');
    expect(() => test.fake.completeCheckout(older)).toThrow(/expired/);
    expect(test.fake.get<{ status: string }>(newer).status).toBe('open');
  });

  it('an open session is expired when the account is deleted', async () => {
    const user = await account({ paid: true });
    const open = await subscribe(user);
    expect((await call(test.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(test.fake.get<{ status: string }>(open).status).toBe('expired');
  });

  it('deletion erases nothing when Stripe cannot expire the open session (502), and can be tried again', async () => {
    const user = await account({ paid: true });
    const open = await subscribe(user);
    test.fake.fail(500, 'Stripe is down');
    try {
      const refused = await call(test.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ isSuccess: false, statusCode: 502, code: 'payments.providerUnavailable' });
    } finally {
      test.fake.recover();
    }
    const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
    expect(row!.deletedAt).toBeNull();
    expect((await call(test.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(test.fake.get<{ status: string }>(open).status).toBe('expired');
  });
});

describe('a webhook reporting a subscription the account must not have', () => {
  it('on a deleted account: cancelled at Stripe with the reason, the payment refunded, nothing stored, once', async () => {
    const user = await account({ paid: true });
    const id = await accountId(user);
    const sessionId = await subscribe(user);
    // Paid at Stripe just before the deletion; the webhook arrives after it.
    const { session, subscription } = test.fake.completeCheckout(sessionId);
    expect((await call(test.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);

    const eventId = await deliver('checkout.session.completed', session);
    expect(cancellationOf(subscription.id).status).toBe('canceled');
    expect(cancellationOf(subscription.id).cancellation_details?.comment).toMatch(/account was deleted/);
    const refunds = test.fake.refunds();
    expect(refunds.filter((refund) => (refund.metadata as Record<string, string>).subscription === subscription.id)).toEqual([
      expect.objectContaining({ amount: 1399, status: 'succeeded', metadata: expect.objectContaining({ fitstream_reason: 'account_deleted' }) }),
    ]);
    expect(await test.app.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect(await test.app.db.select().from(providerEvents).where(eq(providerEvents.id, eventId))).toHaveLength(1);

    // The same event again, and Stripe's own event for the subscription: no second refund, nothing current.
    await deliver('checkout.session.completed', session, eventId);
    await deliver('customer.subscription.created', subscription);
    expect(test.fake.refunds().filter((refund) => (refund.metadata as Record<string, string>).subscription === subscription.id)).toHaveLength(1);
    const stored = await test.app.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(stored.every((row) => row.status === 'canceled')).toBe(true);
  });

  it('on a deleted account in its trial: cancelled, with nothing to refund', async () => {
    const user = await account({ paid: false });
    const sessionId = await subscribe(user);
    const { session, subscription } = test.fake.completeCheckout(sessionId);
    expect((await call(test.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    await deliver('checkout.session.completed', session);
    expect(cancellationOf(subscription.id).status).toBe('canceled');
    expect(test.fake.refunds().filter((refund) => (refund.metadata as Record<string, string>).subscription === subscription.id)).toEqual([]);
  });

  it('a second paid subscription: cancelled and refunded at Stripe, the account keeps the first', async () => {
    const user = await account({ paid: true });
    const first = await subscribe(user);
    const { subscription: kept } = test.fake.completeCheckout(first);
    const second = await subscribe(user, 'premium');
    const { session, subscription: extra } = test.fake.completeCheckout(second);
    expect((await confirmCheckout(test.app, user, first)).statusCode).toBe(200);

    await deliver('checkout.session.completed', session);
    expect(cancellationOf(extra.id).status).toBe('canceled');
    expect(cancellationOf(extra.id).cancellation_details?.comment).toMatch(/already has a current subscription/);
    expect(test.fake.refunds().filter((refund) => (refund.metadata as Record<string, string>).subscription === extra.id)).toEqual([
      expect.objectContaining({ reason: 'duplicate', metadata: expect.objectContaining({ fitstream_reason: 'second_subscription' }) }),
    ]);
    expect(cancellationOf(kept.id).status).not.toBe('canceled');
    const { plans } = await listSubscriptions(test.app, user);
    expect(plans.map((row) => row.subscription_id)).toEqual([kept.id]);
  });

  it('a second paid subscription refunded shows in Payment History as refunded, with its amount, once', async () => {
    const user = await account({ paid: true });
    const first = await subscribe(user);
    test.fake.completeCheckout(first);
    const second = await subscribe(user, 'premium');
    const { session, subscription: extra } = test.fake.completeCheckout(second);
    expect((await confirmCheckout(test.app, user, first)).statusCode).toBe(200);
    await deliver('checkout.session.completed', session);
    // Stripe's own events about the refused subscription, and the same event again, change nothing more.
    await deliver('invoice.paid', test.fake.get<{ id: string }>(String(test.fake.get<{ latest_invoice: string }>(extra.id).latest_invoice)));
    await deliver('checkout.session.completed', session);

    const history = async () => {
      const response = await callPayments(test.app, user, 'history', {});
      expectContract(response, 'POST', '/api/v1/payments/history');
      return response.json<{ items: { payment: { status: string; amount: number; currency: string; description?: string } }[] }>().items.map((item) => item.payment);
    };
    const refundedAmount = test.fake.refunds().find((refund) => (refund.metadata as Record<string, string>).subscription === extra.id)!.amount;
    const refunded = (await history()).filter((payment) => payment.status === 'refunded');
    expect(refunded).toEqual([expect.objectContaining({ status: 'refunded', amount: refundedAmount, currency: 'EUR', description: 'Premium plan' })]);
    expect(refundedAmount).toBeGreaterThan(0);
  });
});
