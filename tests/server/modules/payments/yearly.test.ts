// Yearly plans (docs/decisions/066) with the sandbox provider: a yearly checkout billed 10 monthly
// prices and renewed a year on, the interval on Billing, invoices and emails, and changes between
// monthly and yearly as plan changes (a dearer total per year is an upgrade, at once, prorated).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, subscriptions } from '@server/db/schema';
import { addInterval } from '@server/modules/payments/sandbox/periods';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { accountIdOf, authorization, callPayments, checkoutPath, confirmCheckout, listSubscriptions, payOnSandbox, roomyRateLimits, sessionIdOf } from '../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expectContract(response, 'POST', '/api/v1/sandbox/clock');
  expect(response.statusCode).toBe(200);
}

async function current(user: SignedUpUser) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.userId, await userIdOf(user)));
  return row!;
}

async function mails(user: SignedUpUser, template: string) {
  return test.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, await userIdOf(user)), eq(mailOutbox.template, template)));
}

async function history(user: SignedUpUser) {
  const response = await callPayments(test.app, user, 'history', { page: 1 });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { payment: { amount: number }; invoice: { lines: { kind: string; interval?: string; amount: number }[] } | null }[] }>().items;
}

/** A new account that checks out `plan` at `interval` and whose trial the test clock ends. */
async function paying(plan: string, interval: 'month' | 'year'): Promise<SignedUpUser> {
  const user = await signUp(test.app);
  const started = await callPayments(test.app, user, 'subscribe', { plan, interval });
  expect(started.statusCode).toBe(200);
  const url = started.json<{ url: string }>().url;
  expect((await payOnSandbox(test.app, url)).statusCode).toBe(303);
  expect((await confirmCheckout(test.app, user, sessionIdOf(url))).statusCode).toBe(200);
  await clock(user, 'end_trial');
  return user;
}

describe('a yearly checkout', () => {
  it('shows and bills 10 monthly prices, renews a year on, and says "per year" on Billing, invoices and emails', async () => {
    const user = await signUp(test.app);
    const started = await callPayments(test.app, user, 'subscribe', { plan: 'standard', interval: 'year' });
    const url = started.json<{ url: string }>().url;
    const page = await test.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(page.body).toContain('€139.90/year');

    expect((await payOnSandbox(test.app, url)).statusCode).toBe(303);
    const confirmed = await confirmCheckout(test.app, user, sessionIdOf(url));
    expect(confirmed.json().subscription).toMatchObject({ plan_id: 'standard', amount: 13990, interval: 'year', interval_count: 1 });
    expect(await mails(user, 'trialStarted')).toMatchObject([{ params: { amountMinor: 13990, interval: 'year' } }]);

    await clock(user, 'end_trial');
    const sub = await current(user);
    expect(sub.currentPeriodEnd.toISOString()).toBe(addInterval(sub.currentPeriodStart, 'year', 1).toISOString());
    const [billing] = (await listSubscriptions(test.app, user)).plans;
    expect(billing).toMatchObject({ amount: 13990, interval: 'year', subscription_status: 'active' });
    const [charge] = await history(user);
    expect(charge!.payment.amount).toBe(13990);
    expect(charge!.invoice!.lines).toMatchObject([{ kind: 'plan', interval: 'year', amount: 13990 }]);
    expect(await mails(user, 'receipt')).toMatchObject([{ params: { amountMinor: 13990, interval: 'year' } }]);

    await clock(user, 'renew');
    // (The test clock moves the account's billing time, not the server's: the period is a year long.)
    const renewed = await current(user);
    expect(renewed.currentPeriodEnd.toISOString()).toBe(addInterval(renewed.currentPeriodStart, 'year', 1).toISOString());
    expect((await history(user)).map((item) => item.payment.amount)).toEqual([13990, 13990, 0]);
  });

  it('keeps monthly the default and refuses an interval it does not sell (400)', async () => {
    const user = await signUp(test.app);
    expect((await callPayments(test.app, user, 'subscribe', { plan: 'basic', interval: 'week' })).statusCode).toBe(400);
    const started = await callPayments(test.app, user, 'subscribe', { plan: 'basic' });
    const page = await test.app.inject({ method: 'GET', url: checkoutPath(started.json<{ url: string }>().url) });
    expect(page.body).toContain('€9.99/month');
  });
});

describe('changing between monthly and yearly', () => {
  it('to a yearly plan dearer per year is an upgrade at once, its charge at the yearly rate to the period end', async () => {
    const user = await paying('standard', 'month'); // 16,788 a year
    const preview = (await callPayments(test.app, user, 'plan-change-preview', { plan: 'premium', interval: 'year' })).json().preview; // 17,990
    expect(preview).toMatchObject({ kind: 'upgrade', next_amount: 17990, to_plan: { id: 'premium', amount: 17990, interval: 'year' } });
    expect(preview.lines).toMatchObject([
      { kind: 'proration_credit', interval: 'month' },
      { kind: 'proration_charge', interval: 'year' },
    ]);
    const period = await current(user);
    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'premium', interval: 'year' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium', amount: 17990, interval: 'year', scheduled_change: null });
    expect(await mails(user, 'planChanged')).toMatchObject([{ params: { plan: 'Premium', interval: 'year' } }]);

    // The period keeps its end; from there it renews a year at a time.
    expect((await current(user)).currentPeriodEnd.toISOString()).toBe(period.currentPeriodEnd.toISOString());
    await clock(user, 'renew');
    const renewed = await current(user);
    expect(renewed.currentPeriodEnd.toISOString()).toBe(addInterval(renewed.currentPeriodStart, 'year', 1).toISOString());
    expect((await history(user))[0]!.payment.amount).toBe(17990);
  });

  it('to the same plan yearly (cheaper per year) waits for the renewal, then bills yearly', async () => {
    const user = await paying('standard', 'month');
    const period = await current(user);
    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'standard', interval: 'year' });
    expect(changed.json().preview).toMatchObject({ kind: 'downgrade', amount_due: 0, next_amount: 13990 });
    expect(changed.json().subscription).toMatchObject({
      plan_id: 'standard',
      interval: 'month',
      scheduled_change: { plan_id: 'standard', interval: 'year', effective_at: period.currentPeriodEnd.toISOString() },
    });
    await clock(user, 'renew');
    const [billing] = (await listSubscriptions(test.app, user)).plans;
    expect(billing).toMatchObject({ plan_id: 'standard', amount: 13990, interval: 'year', scheduled_change: null });
    expect((await history(user))[0]!.invoice!.lines).toMatchObject([{ kind: 'plan', interval: 'year', amount: 13990 }]);
  });

  it('from yearly to the same plan monthly (dearer per year) is an upgrade; the same plan and interval is refused (409)', async () => {
    const user = await paying('basic', 'year');
    expect((await callPayments(test.app, user, 'plan-change-preview', { plan: 'basic', interval: 'year' })).statusCode).toBe(409);
    const preview = await callPayments(test.app, user, 'plan-change-preview', { plan: 'basic', interval: 'month' });
    expect(preview.json().preview).toMatchObject({ kind: 'upgrade', next_amount: 999 });
    expect(preview.json().preview.amount_due).toBeGreaterThanOrEqual(0);
  });
});
