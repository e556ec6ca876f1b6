// The cancel flow that listens, with the sandbox provider (server/modules/payments/cancel-flow-*.ts,
// decision 068): the offer each reason brings, a cancellation kept with its reason, 50 % off the
// next renewal once per account, the pause offered instead; each refusal changes nothing.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cancelReasons, subscriptions } from '@server/db/schema';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { accountIdOf, authorization, callPayments, confirmCheckout, roomyRateLimits, subscribeAndPay } from '../../fixtures/payments-flow';
import { addProfile, deviceAs } from '../../fixtures/profiles';

const test = testAppForFile({ rateLimits: roomyRateLimits });

interface SubscriptionBody {
  subscription_id: string;
  cancel_at_period_end: boolean;
  next_charge_percent_off?: number | null;
  pause?: { resumes_at: string } | null;
}

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expect(response.statusCode).toBe(200);
}

/** An account past its trial: a paid period under way. */
async function paying(): Promise<{ user: SignedUpUser; subscriptionId: string }> {
  const user = await signUp(test.app);
  const confirmed = await confirmCheckout(test.app, user, await subscribeAndPay(test.app, user));
  expect(confirmed.statusCode).toBe(200);
  await clock(user, 'end_trial');
  return { user, subscriptionId: confirmed.json<{ subscription: SubscriptionBody }>().subscription.subscription_id };
}

async function post(user: SignedUpUser, endpoint: string, payload: object, language = 'en') {
  const url = `/api/v1/payments/${endpoint}`;
  const response = await test.app.inject({ method: 'POST', url, headers: { ...authorization(user), 'accept-language': language }, payload });
  expectContract(response, 'POST', url);
  return response;
}

async function offerFor(user: SignedUpUser, subscriptionId: string, reason: string): Promise<string | null> {
  const response = await post(user, 'subscription-cancel-offer', { subscription_id: subscriptionId, reason });
  expect(response.statusCode).toBe(200);
  return response.json<{ offer: string | null }>().offer;
}

async function reasonsOf(user: SignedUpUser) {
  return test.app.db.select().from(cancelReasons).where(eq(cancelReasons.userId, await userIdOf(user)));
}

async function stored(subscriptionId: string) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

async function history(user: SignedUpUser) {
  const response = await callPayments(test.app, user, 'history', { page: 1 });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { payment: { amount: number }; invoice: { lines: { kind: string; amount: number }[] } | null }[] }>().items;
}

describe('the offer a reason brings', () => {
  it('is a pause for "unused", 50 % off for "too expensive", and nothing for any other reason', async () => {
    const { user, subscriptionId } = await paying();
    expect(await offerFor(user, subscriptionId, 'unused')).toBe('pause');
    expect(await offerFor(user, subscriptionId, 'too_expensive')).toBe('half_off');
    for (const reason of ['missing_features', 'switched_service', 'customer_service', 'too_complex', 'low_quality', 'other']) {
      expect(await offerFor(user, subscriptionId, reason)).toBeNull();
    }
    expect(await reasonsOf(user)).toEqual([]);
  });

  it('offers no pause during the trial (the pause rules), and an unknown reason is refused in the language asked', async () => {
    const user = await signUp(test.app);
    const confirmed = await confirmCheckout(test.app, user, await subscribeAndPay(test.app, user));
    const subscriptionId = confirmed.json<{ subscription: SubscriptionBody }>().subscription.subscription_id;
    expect(await offerFor(user, subscriptionId, 'unused')).toBeNull();
    const unknown = await post(user, 'subscription-cancel-offer', { subscription_id: subscriptionId, reason: 'bored' }, 'es');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('reason');
    expect(unknown.json<{ message: string }>().message).toMatch(/debe ser uno de estos valores/);
  });
});

describe('cancelling with a reason', () => {
  it('cancels at the period end and keeps the reason, the text and the offer it brought', async () => {
    const { user, subscriptionId } = await paying();
    const response = await post(user, 'subscription-cancel', { subscription_id: subscriptionId, reason: 'too_expensive', text: '  Too dear for me  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ subscription: SubscriptionBody }>().subscription.cancel_at_period_end).toBe(true);
    expect(await reasonsOf(user)).toMatchObject([{ subscriptionId, reason: 'too_expensive', text: 'Too dear for me', offerShown: 'half_off', offerAccepted: false }]);
    // Cancelling again (a second tab) records nothing more.
    expect((await post(user, 'subscription-cancel', { subscription_id: subscriptionId, reason: 'other' })).statusCode).toBe(200);
    expect(await reasonsOf(user)).toHaveLength(1);
    // The subscriber's own words are theirs: in the data export.
    const exported = await test.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: authorization(user) });
    expectContract(exported, 'GET', '/api/v1/account/export');
    expect(exported.json<{ cancelReasons: unknown[] }>().cancelReasons).toMatchObject([{ subscriptionId, reason: 'too_expensive', text: 'Too dear for me' }]);
  });

  it('still cancels without a reason (older clients), recording nothing', async () => {
    const { user, subscriptionId } = await paying();
    expect((await post(user, 'subscription-cancel', { subscription_id: subscriptionId })).statusCode).toBe(200);
    expect(await reasonsOf(user)).toEqual([]);
  });

  it('refuses a text over 500 characters or an unknown reason, in the language asked, and does not cancel', async () => {
    const { user, subscriptionId } = await paying();
    const long = await post(user, 'subscription-cancel', { subscription_id: subscriptionId, reason: 'other', text: 'x'.repeat(501) }, 'es');
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toBe('text: debe tener como máximo 500 caracteres.');
    const unknown = await post(user, 'subscription-cancel', { subscription_id: subscriptionId, reason: 'bored' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^reason: must be one of: too_expensive, /);
    expect((await stored(subscriptionId)).cancelAtPeriodEnd).toBe(false);
    expect(await reasonsOf(user)).toEqual([]);
  });
});

describe('50 % off the next month', () => {
  it('halves the next renewal charge once, shown on Billing and on the invoice, then charges the full price again', async () => {
    const { user, subscriptionId } = await paying();
    const { amount: full } = (await history(user))[0]!.payment;
    const accepted = await post(user, 'subscription-half-off', { subscription_id: subscriptionId, text: 'Money is tight' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ message: string }>().message).toBe('Done: 50 % off your next month.');
    expect(accepted.json<{ subscription: SubscriptionBody }>().subscription).toMatchObject({ next_charge_percent_off: 50, cancel_at_period_end: false });
    const listed = await callPayments(test.app, user, 'subscriptions');
    expect(listed.json<{ plans: SubscriptionBody[] }>().plans[0]!.next_charge_percent_off).toBe(50);
    expect(await reasonsOf(user)).toMatchObject([{ reason: 'too_expensive', text: 'Money is tight', offerShown: 'half_off', offerAccepted: true }]);

    await clock(user, 'renew');
    const [halved] = await history(user);
    // Half, rounded down in the subscriber's favour (13.99 → 6.99).
    const half = Math.floor(full / 2);
    expect(halved!.payment.amount).toBe(half);
    expect(halved!.invoice!.lines).toMatchObject([
      { kind: 'plan', amount: full },
      { kind: 'discount', amount: half - full },
    ]);
    expect((await stored(subscriptionId)).nextChargePercentOff).toBeNull();
    await clock(user, 'renew');
    expect((await history(user))[0]!.payment.amount).toBe(full);
  });

  it('is once per account, ever: a second acceptance, or the pause offer after it, is refused and changes nothing', async () => {
    const { user, subscriptionId } = await paying();
    expect((await post(user, 'subscription-half-off', { subscription_id: subscriptionId })).statusCode).toBe(200);
    const again = await post(user, 'subscription-half-off', { subscription_id: subscriptionId }, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Esta cuenta ya aceptó una oferta para quedarse: es una sola vez por cuenta.');
    expect(await offerFor(user, subscriptionId, 'too_expensive')).toBeNull();
    expect(await offerFor(user, subscriptionId, 'unused')).toBeNull();
    const pause = await post(user, 'subscription-pause', { subscription_id: subscriptionId, months: 1, cancel_reason: 'unused' });
    expect(pause.statusCode).toBe(409);
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
    expect(await reasonsOf(user)).toHaveLength(1);
  });

  it('is refused on a subscription already cancelling, changing nothing', async () => {
    const { user, subscriptionId } = await paying();
    expect((await post(user, 'subscription-cancel', { subscription_id: subscriptionId, reason: 'other' })).statusCode).toBe(200);
    const refused = await post(user, 'subscription-half-off', { subscription_id: subscriptionId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/cannot take the offer/);
    expect((await stored(subscriptionId)).nextChargePercentOff).toBeNull();
    expect((await reasonsOf(user)).filter((row) => row.offerAccepted)).toEqual([]);
  });

  it('is the owner\'s: another profile of the household is refused', async () => {
    const { user, subscriptionId } = await paying();
    const leo = await deviceAs(test.app, user, await addProfile(test.app, user, { name: 'Leo' }));
    const response = await post(leo, 'subscription-half-off', { subscription_id: subscriptionId });
    expect(response.statusCode).toBe(403);
    expect((await stored(subscriptionId)).nextChargePercentOff).toBeNull();
  });
});

describe('the pause offered instead', () => {
  it('pauses with the pause rules and counts as the account\'s one offer', async () => {
    const { user, subscriptionId } = await paying();
    const paused = await post(user, 'subscription-pause', { subscription_id: subscriptionId, months: 2, cancel_reason: 'unused', text: 'Injured' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json<{ subscription: SubscriptionBody }>().subscription.pause).not.toBeNull();
    expect(await reasonsOf(user)).toMatchObject([{ reason: 'unused', text: 'Injured', offerShown: 'pause', offerAccepted: true }]);
    const half = await post(user, 'subscription-half-off', { subscription_id: subscriptionId });
    expect(half.statusCode).toBe(409);
  });
});
