// A failed renewal in the sandbox (decision 067), driven by the test clock: card 4000 0000 0000
// 0341 attaches, then fails on renewal; retries after 1, 3, 5 and 7 days, each emailed; access
// during the 7-day grace; unpaid after the last retry; a new card on the portal pays at once.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, users } from '@server/db/schema';
import { playbackAccess } from '@server/modules/playback/access';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../../harness';
import {
  accountIdOf,
  authorization,
  callPayments,
  confirmCheckout,
  listSubscriptions,
  openPortal,
  payOnSandbox,
  roomyRateLimits,
  sessionIdOf,
  startCheckout,
} from '../../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

const failingCard = { card_number: '4000 0000 0000 0341', exp: '12/39', cvc: '123', name: 'Ana Pérez' };
const goodNewCard = { card_number: '4242 4242 4242 4242', exp: '07/41', cvc: '321', name: 'Ana Pérez' };

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expectContract(response, 'POST', '/api/v1/sandbox/clock');
  return response;
}

/** A new account that paid its checkout with `card`; its trial then ends on the test clock. */
async function renewedWith(card: Record<string, string>, language = 'en'): Promise<SignedUpUser> {
  const user = await signUp(test.app);
  if (language !== 'en') await test.app.db.update(users).set({ language }).where(eq(users.email, user.email));
  const url = await startCheckout(test.app, user);
  expect((await payOnSandbox(test.app, url, card)).statusCode).toBe(303);
  expect((await confirmCheckout(test.app, user, sessionIdOf(url))).statusCode).toBe(200);
  expect((await clock(user, 'end_trial')).statusCode).toBe(200);
  return user;
}

async function failureMails(user: SignedUpUser) {
  return test.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, await userIdOf(user)), eq(mailOutbox.template, 'paymentFailed')))
    .orderBy(mailOutbox.createdAt);
}

async function home(user: SignedUpUser) {
  const response = await callPayments(test.app, user, 'home');
  expect(response.statusCode).toBe(200);
  return response.json<{ hasSubscription: boolean; payment_failure: Record<string, unknown> | null }>();
}

async function updateCard(user: SignedUpUser, card: Record<string, string>) {
  const url = await openPortal(test.app, user);
  return test.app.inject({
    method: 'POST',
    url: new URL(url, 'http://app.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
}

const day = 86_400_000;

describe('a failed renewal in the sandbox', () => {
  it('card 0341: past_due with 7 days of access, retried on days 1, 3, 5 and 7, each emailed, then unpaid without access', async () => {
    const user = await renewedWith(failingCard);
    const { plans, payments } = await listSubscriptions(test.app, user);
    expect(plans[0]).toMatchObject({ subscription_status: 'past_due', cardlast4: '0341' });
    const failure = plans[0]!.payment_failure as { failed_at: string; next_retry_at: string; grace_ends_at: string; retries: number; in_grace: boolean };
    const failedAt = Date.parse(failure.failed_at);
    expect(failure).toMatchObject({ retries: 0, in_grace: true });
    expect(Date.parse(failure.next_retry_at) - failedAt).toBe(day);
    expect(Date.parse(failure.grace_ends_at) - failedAt).toBe(7 * day);
    expect(payments[0]).toMatchObject({ amount: 1399, status: 'failed', cardlast4: '0341' });
    // The grace period: classes still play, and the shell is told for its banner.
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toHaveProperty('plan');
    expect(await home(user)).toMatchObject({ payment_failure: { retries: 0, in_grace: true } });
    expect((await failureMails(user)).map((mail) => mail.params)).toEqual([
      { billingLink: 'http://localhost:8080/billing', graceEndsAt: failure.grace_ends_at, nextRetryAt: failure.next_retry_at },
    ]);

    for (const retries of [1, 2, 3]) {
      expect((await clock(user, 'next_retry')).statusCode).toBe(200);
      const [plan] = (await listSubscriptions(test.app, user)).plans;
      expect(plan).toMatchObject({ subscription_status: 'past_due', payment_failure: { retries } });
    }
    // Day 7: the last retry fails on the grace period's last day: unpaid, and no more access.
    const last = await clock(user, 'next_retry');
    expect(last.json().subscription).toMatchObject({ subscription_status: 'unpaid', payment_failure: { retries: 4, next_retry_at: null, in_grace: false } });
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toEqual({ refusal: 'payment_required' });
    expect(await home(user)).toMatchObject({ hasSubscription: false, payment_failure: { in_grace: false, next_retry_at: null } });
    const mails = await failureMails(user);
    expect(mails).toHaveLength(5);
    expect(mails[4]!.params).toMatchObject({ nextRetryAt: null });
    expect((await clock(user, 'next_retry')).statusCode).toBe(404);
    // One failed payment for the invoice, however many attempts.
    expect((await listSubscriptions(test.app, user)).payments.filter((payment) => payment.status === 'failed')).toHaveLength(1);

    // A new card pays the invoice at once: active, access back, the banner's state gone.
    expect((await updateCard(user, goodNewCard)).statusCode).toBe(303);
    const settled = await listSubscriptions(test.app, user);
    expect(settled.plans[0]).toMatchObject({ subscription_status: 'active', payment_failure: null, cardlast4: '4242' });
    expect(settled.payments[0]).toMatchObject({ amount: 1399, status: 'paid', cardlast4: '4242' });
    expect(settled.payments.filter((payment) => payment.status === 'failed')).toHaveLength(0);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toHaveProperty('plan');
    expect(await home(user)).toMatchObject({ hasSubscription: true, payment_failure: null });
  });

  it('a card update during the grace period settles at once; another failing card changes nothing', async () => {
    const user = await renewedWith(failingCard);
    expect((await updateCard(user, failingCard)).statusCode).toBe(303);
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ subscription_status: 'past_due', payment_failure: { retries: 0 } });
    expect((await updateCard(user, goodNewCard)).statusCode).toBe(303);
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ subscription_status: 'active', payment_failure: null });
    // Nothing is due any more: the clock has no retry to move to.
    expect((await clock(user, 'next_retry')).statusCode).toBe(404);
  });

  it('a renewal the clock declined is paid by the first retry with a good card; the email is in Spanish', async () => {
    const user = await renewedWith({ ...goodNewCard }, 'es');
    expect((await clock(user, 'fail_next_renewal')).statusCode).toBe(200);
    expect((await clock(user, 'renew')).json().subscription).toMatchObject({ subscription_status: 'past_due', payment_failure: { retries: 0 } });
    expect((await clock(user, 'next_retry')).json().subscription).toMatchObject({ subscription_status: 'active', payment_failure: null });
    const [mail] = await failureMails(user);
    expect(mail).toMatchObject({ language: 'es' });
  });
});
