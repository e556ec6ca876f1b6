// Promotion codes with the sandbox provider (decision 069): checking one, a code at checkout taken
// off the first paid charge and counted down at renewals, a code added on Billing, and every
// refusal changing nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, promotionCodes, promotionRedemptions } from '@server/db/schema';
import { seedSandboxPromotionCodes } from '@server/modules/payments/sandbox/promotion-code-seeds';
import { lineText } from '@server/modules/payments/invoices/invoice-pdf';
import { signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { accountIdOf, authorization, callPayments, confirmCheckout, payOnSandbox, roomyRateLimits, sessionIdOf } from '../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

let codes = 0;
/** A code of its own for each test (the app is shared by the file). */
async function makeCode(values: Partial<typeof promotionCodes.$inferInsert> = {}): Promise<string> {
  codes += 1;
  const code = `TEST${codes}_${Date.now().toString(36).toUpperCase()}`;
  await test.app.db.insert(promotionCodes).values({ code, percentOff: 50, duration: 'once', ...values });
  return code;
}

async function timesRedeemed(code: string): Promise<number> {
  const [row] = await test.app.db.select().from(promotionCodes).where(eq(promotionCodes.code, code));
  return row!.timesRedeemed;
}

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expect(response.statusCode).toBe(200);
  return response.json<{ subscription: Record<string, unknown> }>().subscription;
}

async function post(user: SignedUpUser, endpoint: string, payload: object, language = 'en') {
  const response = await test.app.inject({ method: 'POST', url: `/api/v1/payments/${endpoint}`, headers: { ...authorization(user), 'accept-language': language }, payload });
  // Checked against the contract by the callPayments path too; here the language matters.
  return response;
}

/** Subscribe with a code, pay, confirm: answers the subscription body. */
async function subscribeWith(user: SignedUpUser, payload: object) {
  const response = await callPayments(test.app, user, 'subscribe', payload);
  expect(response.statusCode).toBe(200);
  const url = response.json<{ url: string }>().url;
  const page = await test.app.inject({ method: 'GET', url: new URL(url, 'http://app.test').pathname });
  expect((await payOnSandbox(test.app, url)).statusCode).toBe(303);
  const confirmed = await confirmCheckout(test.app, user, sessionIdOf(url));
  expect(confirmed.statusCode).toBe(200);
  return { page: page.body, subscription: confirmed.json<{ subscription: { subscription_id: string; discount: unknown } }>().subscription };
}

async function history(user: SignedUpUser) {
  const response = await callPayments(test.app, user, 'history', { page: 1 });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ items: { payment: { amount: number }; invoice: { lines: { kind: string; amount: number; code?: string }[] } | null }[] }>()
    .items.map((item) => ({ amount: item.payment.amount, lines: item.invoice?.lines.map((line) => ({ kind: line.kind, amount: line.amount, ...(line.code ? { code: line.code } : {}) })) }));
}

describe('the sandbox sample codes', () => {
  it('WELCOME50 (half off the first paid month, first subscription only) and FRIEND10 (10 % for ever) are there once', async () => {
    const user = await signUp(test.app);
    const welcome = await callPayments(test.app, user, 'promotion-code-check', { code: 'welcome50', plan: 'standard' });
    expect(welcome.json().discount).toMatchObject({ code: 'WELCOME50', percent_off: 50, duration: 'once', first_subscription_only: true });
    const friend = await callPayments(test.app, user, 'promotion-code-check', { code: 'FRIEND10', plan: 'standard', interval: 'year' });
    expect(friend.json().discount).toMatchObject({ code: 'FRIEND10', percent_off: 10, duration: 'forever', first_subscription_only: false });
    // Seeding again (another instance starting) changes nothing.
    await seedSandboxPromotionCodes(test.app.db);
    expect(await test.app.db.select().from(promotionCodes).where(eq(promotionCodes.code, 'WELCOME50'))).toHaveLength(1);
  });
});

describe('checking a code', () => {
  it('answers the discount and the first paid charge, whatever the case typed, and changes nothing', async () => {
    const code = await makeCode();
    const user = await signUp(test.app);
    const response = await callPayments(test.app, user, 'promotion-code-check', { code: ` ${code.toLowerCase()} `, plan: 'standard', interval: 'year' });
    expect(response.statusCode).toBe(200);
    const standard = (await callPayments(test.app, user, 'plans')).json<{ plans: { id: string; amount: number }[] }>().plans.find((plan) => plan.id === 'standard')!;
    expect(response.json()).toEqual({
      isSuccess: true,
      discount: { code, percent_off: 50, amount_off: null, currency: null, duration: 'once', duration_months: null, first_subscription_only: false },
      first_amount: Math.floor((standard.amount * 10) / 2),
    });
    expect(await timesRedeemed(code)).toBe(0);
  });

  it('refuses every reason with its code and text, in the language asked', async () => {
    const user = await signUp(test.app);
    const expired = await makeCode({ expiresAt: new Date(Date.now() - 1000) });
    const usedUp = await makeCode({ maxRedemptions: 1, timesRedeemed: 1 });
    const dollars = await makeCode({ percentOff: null, amountOff: 500, currency: 'USD' });
    const inactive = await makeCode({ active: false });
    const cases: [string, number, string][] = [
      ['NOPE-NOT-A-CODE', 404, 'payments.promotionCodeUnknown'],
      ['x y', 404, 'payments.promotionCodeUnknown'],
      [inactive, 404, 'payments.promotionCodeUnknown'],
      [expired, 409, 'payments.promotionCodeExpired'],
      [usedUp, 409, 'payments.promotionCodeUsedUp'],
      [dollars, 409, 'payments.promotionCodeCurrency'],
    ];
    for (const [code, status, messageCode] of cases) {
      const response = await post(user, 'promotion-code-check', { code, plan: 'standard' }, 'es');
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ isSuccess: false, statusCode: status, code: messageCode });
      expect(response.json().message).not.toMatch(/promotion code/i);
    }
  });

  it('is limited per account: 429 with the usual body', async () => {
    const user = await signUp(test.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) statuses.push((await post(user, 'promotion-code-check', { code: 'GUESS' + attempt, plan: 'standard' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    const limited = await post(user, 'promotion-code-check', { code: 'GUESS', plan: 'standard' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccess: false, statusCode: 429, code: 'auth.tooManyAttempts' });
    // Another account is not held back.
    expect((await post(await signUp(test.app), 'promotion-code-check', { code: 'GUESS', plan: 'standard' })).statusCode).toBe(404);
  });
});

describe('a code at checkout', () => {
  it('WELCOME-like: shown on the checkout page, nothing off the trial, half off the first paid month, then full price', async () => {
    const code = await makeCode({ firstSubscriptionOnly: true });
    const user = await signUp(test.app);
    const { page, subscription } = await subscribeWith(user, { plan: 'standard', promotion_code: code.toLowerCase() });
    // The checkout page names the code, what it takes off and the first payment after the trial.
    expect(page).toContain(`Promotion code ${code}`);
    expect(page).toMatch(/First payment of €\d/);
    expect(subscription.discount).toMatchObject({ code, percent_off: 50, duration: 'once', charges_left: 1 });
    expect(await timesRedeemed(code)).toBe(1);
    await clock(user, 'end_trial');
    const renewed = await clock(user, 'renew');
    expect(renewed.discount).toMatchObject({ code, charges_left: 0 });
    const [second, first, trial] = await history(user);
    expect(trial!.amount).toBe(0);
    const full = first!.lines!.find((line) => line.kind === 'plan')!.amount;
    expect(first).toEqual({ amount: Math.floor(full / 2), lines: [{ kind: 'plan', amount: full }, { kind: 'discount', amount: Math.floor(full / 2) - full, code }] });
    expect(second).toEqual({ amount: full, lines: [{ kind: 'plan', amount: full }] });
    // The invoice (and its PDF) names the code on the discount line, in the invoice's language.
    const line = { kind: 'discount' as const, code, planName: 'Standard', amount: -100, periodStart: '2026-12-06T00:00:00Z', periodEnd: '2027-01-06T00:00:00Z' };
    expect(lineText('en', line)).toContain(`Promotion code ${code}`);
    expect(lineText('es', line)).toContain(`Código promocional ${code}`);
    // The redemption is the subscriber's: in the data export.
    const exported = await test.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: authorization(user) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ promotionCodes: unknown[] }>().promotionCodes).toMatchObject([{ code, subscriptionId: subscription.subscription_id, chargesLeft: 0 }]);
  });

  it('for ever on a yearly plan: 10 % off every yearly charge', async () => {
    const code = await makeCode({ percentOff: 10, duration: 'forever' });
    const user = await signUp(test.app);
    const { subscription } = await subscribeWith(user, { plan: 'standard', interval: 'year', promotion_code: code });
    expect(subscription.discount).toMatchObject({ code, duration: 'forever', charges_left: null });
    await clock(user, 'end_trial');
    await clock(user, 'renew');
    const [second, first] = await history(user);
    for (const charge of [first!, second!]) {
      const full = charge.lines!.find((line) => line.kind === 'plan')!.amount;
      expect(charge.amount).toBe(Math.floor((full * 90) / 100));
      expect(charge.lines).toContainEqual({ kind: 'discount', amount: charge.amount - full, code });
    }
  });

  it('refusals open no checkout and redeem nothing', async () => {
    const user = await signUp(test.app);
    const usedUp = await makeCode({ maxRedemptions: 2, timesRedeemed: 2 });
    for (const [code, status] of [['UNKNOWN-CODE', 404], [usedUp, 409]] as const) {
      const response = await callPayments(test.app, user, 'subscribe', { plan: 'standard', promotion_code: code });
      expect(response.statusCode).toBe(status);
    }
    expect(await test.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, await accountIdOf(test.app, user)))).toEqual([]);
    expect(await timesRedeemed(usedUp)).toBe(2);
  });

  it('a first-subscription code is refused to an account that had one', async () => {
    const code = await makeCode({ firstSubscriptionOnly: true });
    const user = await signUp(test.app);
    const { subscription } = await subscribeWith(user, { plan: 'standard' });
    const cancelled = await callPayments(test.app, user, 'subscription-cancel', { subscription_id: subscription.subscription_id });
    expect(cancelled.statusCode).toBe(200);
    const refused = await post(user, 'promotion-code-check', { code, plan: 'standard' });
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'payments.promotionCodeFirstSubscriptionOnly' });
  });
});

describe('a code on Billing', () => {
  it('applies from the next charge, once per subscription, and a failed renewal retried is still discounted (after the retention offer too)', async () => {
    const code = await makeCode({ percentOff: 20, duration: 'repeating', durationMonths: 3 });
    const other = await makeCode();
    const user = await signUp(test.app);
    const { subscription } = await subscribeWith(user, { plan: 'standard' });
    await clock(user, 'end_trial');
    const applied = await callPayments(test.app, user, 'subscription-promotion-code', { subscription_id: subscription.subscription_id, code });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().subscription.discount).toMatchObject({ code, duration: 'repeating', duration_months: 3, charges_left: 3 });
    const again = await callPayments(test.app, user, 'subscription-promotion-code', { subscription_id: subscription.subscription_id, code: other });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'payments.promotionCodeAlreadyApplied' });
    expect(await timesRedeemed(other)).toBe(0);
    // The retention offer's 50 % stacks after the code; the renewal is declined and retried.
    expect((await callPayments(test.app, user, 'subscription-half-off', { subscription_id: subscription.subscription_id })).statusCode).toBe(200);
    await clock(user, 'fail_next_renewal');
    expect(await clock(user, 'renew')).toMatchObject({ subscription_status: 'past_due' });
    expect(await clock(user, 'next_retry')).toMatchObject({ subscription_status: 'active', next_charge_percent_off: null, discount: { charges_left: 2 } });
    const [retried] = await history(user);
    const full = retried!.lines!.find((line) => line.kind === 'plan')!.amount;
    const afterCode = Math.floor((full * 80) / 100);
    expect(retried).toEqual({
      amount: Math.floor(afterCode / 2),
      lines: [{ kind: 'plan', amount: full }, { kind: 'discount', amount: afterCode - full, code }, { kind: 'discount', amount: Math.floor(afterCode / 2) - afterCode }],
    });
  });

  it('is not for a cancelling subscription, and a first-subscription code is for the trial of the first one', async () => {
    const welcome = await makeCode({ firstSubscriptionOnly: true });
    const user = await signUp(test.app);
    const { subscription } = await subscribeWith(user, { plan: 'standard' });
    const during = await callPayments(test.app, user, 'subscription-promotion-code', { subscription_id: subscription.subscription_id, code: welcome });
    expect(during.statusCode).toBe(200);
    const late = await makeCode({ firstSubscriptionOnly: true });
    const second = await signUp(test.app);
    const paid = await subscribeWith(second, { plan: 'standard' });
    await clock(second, 'end_trial');
    const refused = await callPayments(test.app, second, 'subscription-promotion-code', { subscription_id: paid.subscription.subscription_id, code: late });
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'payments.promotionCodeFirstSubscriptionOnly' });
    await callPayments(test.app, second, 'subscription-cancel', { subscription_id: paid.subscription.subscription_id });
    const notNow = await post(second, 'subscription-promotion-code', { subscription_id: paid.subscription.subscription_id, code: await makeCode() }, 'es');
    expect(notNow.json()).toMatchObject({ statusCode: 409, code: 'payments.promotionCodeNotNow' });
    expect(await test.app.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.subscriptionId, paid.subscription.subscription_id))).toEqual([]);
  });

  it('two accounts racing for the last redemption: one wins, the count stops at the limit', async () => {
    const code = await makeCode({ maxRedemptions: 1 });
    const [a, b] = [await signUp(test.app), await signUp(test.app)];
    const subs = [(await subscribeWith(a, { plan: 'standard' })).subscription, (await subscribeWith(b, { plan: 'standard' })).subscription];
    const answers = await Promise.all(
      [a, b].map((user, index) => post(user, 'subscription-promotion-code', { subscription_id: subs[index]!.subscription_id, code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ code: 'payments.promotionCodeUsedUp' });
    expect(await timesRedeemed(code)).toBe(1);
  });
});
