// Pause and "Resume now" with the sandbox provider (server/modules/payments/pause-routes.ts,
// sandbox/pause-periods.ts, decision 065): access to the end of the paid period, then none and no
// charge; the reminder a week before; the charge on the resume date; each refusal changes nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, payments, subscriptionPauses, subscriptions } from '@server/db/schema';
import { settleSandboxPeriods } from '@server/modules/payments/sandbox/periods';
import { playbackAccess } from '@server/modules/playback/access';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { accountIdOf, authorization, callPayments, confirmCheckout, roomyRateLimits, subscribeAndPay } from '../../fixtures/payments-flow';
import { addProfile, deviceAs } from '../../fixtures/profiles';

const test = testAppForFile({ rateLimits: roomyRateLimits });
const day = 86_400_000;

interface SubscriptionBody {
  subscription_id: string;
  subscription_status: string;
  current_period_start: string;
  current_period_end: string;
  pause?: { paused_from: string; resumes_at: string } | null;
}

const userIdOf = (user: SignedUpUser) => accountIdOf(test.app, user);

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expectContract(response, 'POST', '/api/v1/sandbox/clock');
  expect(response.statusCode).toBe(200);
}

async function trialing(): Promise<{ user: SignedUpUser; subscriptionId: string }> {
  const user = await signUp(test.app);
  const sessionId = await subscribeAndPay(test.app, user);
  const confirmed = await confirmCheckout(test.app, user, sessionId);
  expect(confirmed.statusCode).toBe(200);
  return { user, subscriptionId: confirmed.json<{ subscription: SubscriptionBody }>().subscription.subscription_id };
}

/** An account past its trial: a paid period under way. */
async function paying() {
  const account = await trialing();
  await clock(account.user, 'end_trial');
  return account;
}

async function pause(user: SignedUpUser, subscriptionId: string, months: number, language = 'en') {
  const url = '/api/v1/payments/subscription-pause';
  const response = await test.app.inject({ method: 'POST', url, headers: { ...authorization(user), 'accept-language': language }, payload: { subscription_id: subscriptionId, months } });
  expectContract(response, 'POST', url);
  return response;
}

const resume = (user: SignedUpUser, subscriptionId: string) => callPayments(test.app, user, 'subscription-resume', { subscription_id: subscriptionId });

async function stored(subscriptionId: string) {
  const [row] = await test.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

async function paidCount(subscriptionId: string): Promise<number> {
  const rows = await test.app.db.select().from(payments).where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'paid')));
  return rows.filter((row) => row.amount > 0).length;
}

async function canWatch(user: SignedUpUser): Promise<boolean> {
  return 'plan' in (await playbackAccess(test.app.db, await userIdOf(user), new Date()));
}

/** Why classes do not play now (null: they do). */
async function refusal(user: SignedUpUser): Promise<string | null> {
  const access = await playbackAccess(test.app.db, await userIdOf(user), new Date());
  return 'refusal' in access ? access.refusal : null;
}

describe('pausing', () => {
  it('pauses from the end of the paid period: watching goes on until then, then stops with no charge, and billing resumes with a charge on the date', async () => {
    const { user, subscriptionId } = await paying();
    const before = await stored(subscriptionId);
    const response = await pause(user, subscriptionId, 1);
    expect(response.statusCode).toBe(200);
    const { subscription, message } = response.json<{ subscription: SubscriptionBody; message: string }>();
    expect(message).toBe('Your subscription is paused.');
    const resumesAt = new Date(before.currentPeriodEnd);
    resumesAt.setUTCMonth(resumesAt.getUTCMonth() + 1);
    expect(subscription.pause).toEqual({ paused_from: before.currentPeriodEnd.toISOString(), resumes_at: resumesAt.toISOString() });
    expect(await canWatch(user)).toBe(true);
    const charged = await paidCount(subscriptionId);

    // The paid period ends: the pause begins, nothing is charged and classes no longer play, as
    // paused (resume in Billing), not as ended (choose a plan).
    await clock(user, 'renew');
    expect(await paidCount(subscriptionId)).toBe(charged);
    expect(await refusal(user)).toBe('subscription_paused');
    const listed = await callPayments(test.app, user, 'subscriptions');
    expect(listed.json<{ plans: SubscriptionBody[] }>().plans[0]!.pause).not.toBeNull();

    // A week before the resume date, one email in the account's language.
    const paused = await stored(subscriptionId);
    const userId = await userIdOf(user);
    const weekBefore = new Date(paused.resumesAt!.getTime() - 6 * day);
    await settleSandboxPeriods(test.app.db, userId, weekBefore);
    await settleSandboxPeriods(test.app.db, userId, weekBefore);
    const reminders = await test.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'pauseEnding')));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params).toEqual({ resumesAt: paused.resumesAt!.toISOString() });

    // The resume date: charged once for a new period, and watching again.
    await clock(user, 'renew');
    expect(await paidCount(subscriptionId)).toBe(charged + 1);
    expect(await canWatch(user)).toBe(true);
    const after = (await callPayments(test.app, user, 'subscriptions')).json<{ plans: SubscriptionBody[] }>().plans[0]!;
    expect(after.pause).toBeNull();
    expect(after.subscription_status).toBe('active');
  });

  it('"Resume now" during the pause charges at once and gives access back for a new period from now', async () => {
    const { user, subscriptionId } = await paying();
    expect((await pause(user, subscriptionId, 3)).statusCode).toBe(200);
    await clock(user, 'renew');
    const charged = await paidCount(subscriptionId);
    expect(await canWatch(user)).toBe(false);
    const response = await resume(user, subscriptionId);
    expect(response.statusCode).toBe(200);
    const { subscription } = response.json<{ subscription: SubscriptionBody }>();
    expect(subscription.pause).toBeNull();
    expect(Math.abs(new Date(subscription.current_period_start).getTime() - Date.now())).toBeLessThan(60_000);
    expect(new Date(subscription.current_period_end).getTime()).toBeGreaterThan(Date.now() + 27 * day);
    expect(await paidCount(subscriptionId)).toBe(charged + 1);
    expect(await canWatch(user)).toBe(true);
  });

  it('"Resume now" before the pause begins drops it: no charge, and it does not count towards the two a year', async () => {
    const { user, subscriptionId } = await paying();
    const charged = await paidCount(subscriptionId);
    for (let round = 0; round < 3; round += 1) {
      expect((await pause(user, subscriptionId, 2)).statusCode).toBe(200);
      const response = await resume(user, subscriptionId);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ subscription: SubscriptionBody }>().subscription.pause).toBeNull();
    }
    expect(await paidCount(subscriptionId)).toBe(charged);
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
  });
});

describe('the pauses are the account holder\'s data', () => {
  it('are in the data export, and go with the account when it is deleted', async () => {
    const { user, subscriptionId } = await paying();
    expect((await pause(user, subscriptionId, 2)).statusCode).toBe(200);
    const exported = await test.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: authorization(user) });
    expectContract(exported, 'GET', '/api/v1/account/export');
    const { pauses } = exported.json<{ pauses: Array<{ subscriptionId: string; resumesAt: string }> }>();
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toMatchObject({ subscriptionId, resumesAt: (await stored(subscriptionId)).resumesAt!.toISOString() });
    const deleted = await test.app.inject({ method: 'POST', url: '/api/v1/account/delete', headers: authorization(user), payload: { password: user.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await test.app.db.select().from(subscriptionPauses).where(eq(subscriptionPauses.subscriptionId, subscriptionId))).toEqual([]);
  });
});

describe('refusals change nothing', () => {
  it('refuses a fourth month (400), in English and in Spanish', async () => {
    const { user, subscriptionId } = await paying();
    const english = await pause(user, subscriptionId, 4);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ isSuccess: false, code: 'payments.pauseMonths', message: 'A pause lasts 1, 2 or 3 months.' });
    const spanish = await pause(user, subscriptionId, 4, 'es');
    expect(spanish.json()).toMatchObject({ message: 'Una pausa dura 1, 2 o 3 meses.' });
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
  });

  it('refuses during the trial and while past due (409)', async () => {
    const trial = await trialing();
    const duringTrial = await pause(trial.user, trial.subscriptionId, 1);
    expect(duringTrial.statusCode).toBe(409);
    expect(duringTrial.json()).toMatchObject({ code: 'payments.pauseTrialing' });

    const late = await paying();
    await clock(late.user, 'fail_next_renewal');
    await clock(late.user, 'renew');
    expect((await stored(late.subscriptionId)).status).toBe('past_due');
    const pastDue = await pause(late.user, late.subscriptionId, 1, 'es');
    expect(pastDue.statusCode).toBe(409);
    expect(pastDue.json()).toMatchObject({ code: 'payments.pausePastDue', message: expect.stringContaining('pago pendiente') });
    expect((await stored(late.subscriptionId)).pausedFrom).toBeNull();
  });

  it('refuses a change of plan while a pause is asked for, until Resume now (409), in English and Spanish', async () => {
    const { user, subscriptionId } = await paying();
    expect((await pause(user, subscriptionId, 1)).statusCode).toBe(200);
    const before = await stored(subscriptionId);
    for (const [language, words] of [['en', 'Resume now'], ['es', 'Reanudar ahora']] as const) {
      const refused = await test.app.inject({
        method: 'POST',
        url: '/api/v1/payments/plan-change',
        headers: { ...authorization(user), 'accept-language': language },
        payload: { plan: 'premium' },
      });
      expectContract(refused, 'POST', '/api/v1/payments/plan-change');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'payments.planChangePaused', message: expect.stringContaining(words) });
    }
    expect(await stored(subscriptionId)).toEqual(before);
    expect((await resume(user, subscriptionId)).statusCode).toBe(200);
    expect((await callPayments(test.app, user, 'plan-change-preview', { plan: 'premium' })).statusCode).toBe(200);
  });

  it('refuses a third pause within a year, and a second one while paused', async () => {
    const { user, subscriptionId } = await paying();
    for (let round = 0; round < 2; round += 1) {
      expect((await pause(user, subscriptionId, 1)).statusCode).toBe(200);
      const again = await pause(user, subscriptionId, 1);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'payments.alreadyPaused' });
      await clock(user, 'renew'); // the pause begins
      await clock(user, 'renew'); // and ends, charged
    }
    const third = await pause(user, subscriptionId, 1);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'payments.pauseTooOften', message: 'A subscription can be paused at most twice a year.' });
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
  });

  it('refuses "Resume now" when not paused (409), another account\'s subscription (404) and a profile not the owner\'s (403)', async () => {
    const { user, subscriptionId } = await paying();
    const response = await resume(user, subscriptionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'payments.notPaused', message: 'This subscription is not paused.' });
    const stranger = await signUp(test.app);
    expect((await pause(stranger, subscriptionId, 1)).statusCode).toBe(404);
    // Billing is the owner's profile's (decision 064).
    const leo = await deviceAs(test.app, user, await addProfile(test.app, user, { name: 'Leo' }));
    expect((await pause(leo, subscriptionId, 1)).json()).toMatchObject({ statusCode: 403, code: 'profiles.ownerOnly' });
    expect((await stored(subscriptionId)).pausedFrom).toBeNull();
  });
});
