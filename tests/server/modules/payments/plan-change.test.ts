// Plan change, invoices and the sandbox test clock (server/modules/payments/plan-change-routes.ts,
// server/modules/payments/sandbox/clock-routes.ts) with the sandbox provider: proration recorded as a payment
// with a two-line invoice, downgrade at the renewal and its undo, a free change during the trial,
// invoice numbers, Payment History's pages, the PDF for its owner only, the billing emails.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoices, mailOutbox, payments, subscriptions, users } from '@server/db/schema';
import { anonymiseInvoices, issueInvoice } from '@server/modules/payments/invoices/invoices';
import { prorate } from '@server/modules/payments/plan-change';
import { recordPayment } from '@server/modules/payments/apply-checkout';
import { playbackAccess } from '@server/modules/playback/access';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, callPayments, confirmCheckout, roomyRateLimits, subscribeAndPay } from '../../fixtures/payments-flow';
import { pdfTextLines } from '../../fixtures/pdf-text';

const test = testAppForFile({ rateLimits: roomyRateLimits });

async function userIdOf(user: SignedUpUser): Promise<string> {
  const [row] = await test.app.db.select().from(users).where(eq(users.email, user.email));
  return row!.id;
}

async function clock(user: SignedUpUser, action: string) {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action } });
  expectContract(response, 'POST', '/api/v1/sandbox/clock');
  return response;
}

/** A new account on `plan`, in its trial. */
async function trialing(plan = 'standard'): Promise<SignedUpUser> {
  const user = await signUp(test.app);
  const sessionId = await subscribeAndPay(test.app, user, plan);
  expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
  return user;
}

/** A new account on `plan`, its trial ended by the test clock: a paid period. */
async function paying(plan = 'standard'): Promise<SignedUpUser> {
  const user = await trialing(plan);
  expect((await clock(user, 'end_trial')).statusCode).toBe(200);
  return user;
}

async function currentSubscription(user: SignedUpUser) {
  const [row] = await test.app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, await userIdOf(user))));
  return row!;
}

async function history(user: SignedUpUser, page = 1) {
  const response = await callPayments(test.app, user, 'history', { page });
  expect(response.statusCode).toBe(200);
  return response.json<{
    items: { payment: { id: string; amount: number; status: string }; invoice: { id: string; number: string; total: number; lines: { kind: string; amount: number; plan_name: string }[]; pdf_url: string } | null }[];
    total: number;
    page: number;
    pageSize: number;
  }>();
}

async function mails(user: SignedUpUser, template: string) {
  return test.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, await userIdOf(user)), eq(mailOutbox.template, template)));
}

describe('plan change during the trial', () => {
  it('changes at once without a charge and the trial continues', async () => {
    const user = await trialing('standard');
    const before = await currentSubscription(user);
    const preview = await callPayments(test.app, user, 'plan-change-preview', { plan: 'premium' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().preview).toMatchObject({ kind: 'trial', amount_due: 0, lines: [], next_amount: 1799 });

    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'premium' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium', subscription_status: 'trialing', scheduled_change: null });
    const after = await currentSubscription(user);
    expect(after.trialEnd?.toISOString()).toBe(before.trialEnd?.toISOString());
    // Only the 0.00 trial start was ever charged.
    const { items } = await history(user);
    expect(items.map((item) => item.payment.amount)).toEqual([0]);
    expect(await mails(user, 'planChanged')).toHaveLength(1);
  });
});

describe('upgrade on a paid period', () => {
  it('is at once: the unused time credited, the rest charged, one invoice with two lines, recorded as a payment', async () => {
    const user = await paying('standard');
    const period = await currentSubscription(user);
    const preview = (await callPayments(test.app, user, 'plan-change-preview', { plan: 'premium' })).json().preview;
    expect(preview.kind).toBe('upgrade');
    expect(preview.lines.map((line: { kind: string }) => line.kind)).toEqual(['proration_credit', 'proration_charge']);

    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'premium' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ plan_id: 'premium', subscription_status: 'active' });

    const { items } = await history(user);
    const [latest] = items;
    const [payment] = await test.app.db.select().from(payments).where(eq(payments.id, latest!.payment.id));
    const expected = prorate(1399, 1799, period.currentPeriodStart, period.currentPeriodEnd, payment!.createdAt);
    expect(expected.amountDue).toBeGreaterThan(0);
    expect(latest!.payment).toMatchObject({ amount: expected.amountDue, status: 'paid' });
    expect(latest!.invoice!.lines.map((line) => [line.kind, line.plan_name, line.amount])).toEqual([
      ['proration_credit', 'Standard', -expected.credit],
      ['proration_charge', 'Premium', expected.charge],
    ]);
    expect(latest!.invoice!.total).toBe(expected.amountDue);
    // Playback follows the plan from the moment it changes.
    const access = await playbackAccess(test.app.db, await userIdOf(user), new Date());
    expect(access).toMatchObject({ plan: { id: 'premium', maxVideoHeight: 2160, simultaneousScreens: 4 } });
  });
});

describe('downgrade', () => {
  it('waits for the renewal ("Changes to Basic on <date>"), can be undone, and applies at the renewal', async () => {
    const user = await paying('standard');
    const period = await currentSubscription(user);
    const changed = await callPayments(test.app, user, 'plan-change', { plan: 'basic' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      plan_id: 'standard',
      scheduled_change: { plan_id: 'basic', product_name: 'Basic', effective_at: period.currentPeriodEnd.toISOString() },
    });
    expect((await history(user)).items).toHaveLength(2); // trial start and first charge: nothing new

    const undone = await callPayments(test.app, user, 'plan-change-undo');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().subscription).toMatchObject({ plan_id: 'standard', scheduled_change: null });
    expect((await callPayments(test.app, user, 'plan-change-undo')).statusCode).toBe(409);
    // The inbox said "Your plan changes to Basic"; now it says the plan stays, once.
    expect(await mails(user, 'planChangeUndone')).toMatchObject([{ params: { plan: 'Standard' } }]);

    expect((await callPayments(test.app, user, 'plan-change', { plan: 'basic' })).statusCode).toBe(200);
    expect((await clock(user, 'renew')).statusCode).toBe(200);
    const renewed = await currentSubscription(user);
    expect(renewed).toMatchObject({ planId: 'basic', scheduledPlanId: null, status: 'active' });
    const { items } = await history(user);
    expect(items[0]!.payment.amount).toBe(999);
    expect(items[0]!.invoice!.lines).toMatchObject([{ kind: 'plan', plan_name: 'Basic', amount: 999 }]);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toMatchObject({ plan: { id: 'basic' } });
  });

  it('refuses the same plan (409), an unknown plan (404), and a change while the subscription is set to cancel (409)', async () => {
    const user = await paying('standard');
    expect((await callPayments(test.app, user, 'plan-change-preview', { plan: 'standard' })).statusCode).toBe(409);
    expect((await callPayments(test.app, user, 'plan-change-preview', { plan: 'nope' })).statusCode).toBe(404);
    const sub = await currentSubscription(user);
    expect((await callPayments(test.app, user, 'subscription-cancel', { subscription_id: sub.id })).statusCode).toBe(200);
    const refused = await callPayments(test.app, user, 'plan-change', { plan: 'premium' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payments.planChangeCancelling');
    expect(await mails(user, 'cancellationConfirmed')).toMatchObject([{ params: { accessUntil: sub.currentPeriodEnd.toISOString() } }]);
  });

  it('answers 404 without a subscription', async () => {
    const user = await signUp(test.app);
    expect((await callPayments(test.app, user, 'plan-change-preview', { plan: 'premium' })).statusCode).toBe(404);
  });
});

describe('invoices', () => {
  it('every payment has one (0.00 trial start included), numbered FS-<year>-<6 digits>; a receipt for each paid one', async () => {
    const trial = await trialing('standard');
    const { trialEnd } = await currentSubscription(trial);
    // Decisions "Trial start": no receipt "of €0.00" but "Your free trial has started", with the first charge.
    expect(await mails(trial, 'receipt')).toEqual([]);
    expect(await mails(trial, 'trialStarted')).toMatchObject([
      { params: { plan: 'Standard', amountMinor: 1399, currency: 'EUR', firstChargeAt: trialEnd!.toISOString() } },
    ]);

    const user = await paying('standard');
    const { items, total } = await history(user);
    expect(total).toBe(2);
    expect(items.map((item) => item.payment.amount)).toEqual([1399, 0]);
    for (const item of items) expect(item.invoice!.number).toMatch(/^FS-\d{4}-\d{6}$/);
    expect(items[1]!.invoice!.lines).toMatchObject([{ kind: 'trial', plan_name: 'Standard', amount: 0 }]);
    const receipts = await mails(user, 'receipt');
    expect(receipts.map((mail) => (mail.params as { invoiceNumber: string }).invoiceNumber)).toEqual([items[0]!.invoice!.number]);
    expect((receipts[0]!.params as { invoiceLink: string }).invoiceLink).toMatch(/^http:\/\/localhost:8080\/billing\?tab=history&invoice=inv_/);
  });

  it('never reuses a number, even for payments recorded at once', async () => {
    const user = await trialing();
    const userId = await userIdOf(user);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        test.app.db.transaction((tx) =>
          recordPayment(tx, {
            providerInvoiceId: `in_concurrent_${userId}_${index}`, userId, subscriptionId: null, amount: 100 + index,
            currency: 'EUR', status: 'paid', description: 'x', card: null, createdAt: new Date(),
          }),
        ),
      ),
    );
    const rows = await test.app.db.select({ number: invoices.number }).from(invoices);
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    // A second issue for the same payment keeps the first invoice.
    const [payment] = await test.app.db.select().from(payments).where(eq(payments.providerInvoiceId, `in_concurrent_${userId}_0`));
    const again = await issueInvoice(test.app.db, payment!.id, { lines: [] });
    const [first] = await test.app.db.select().from(invoices).where(eq(invoices.paymentId, payment!.id));
    expect(again!.number).toBe(first!.number);
  });

  it('Payment History is newest first, 10 a page', async () => {
    const user = await trialing();
    const userId = await userIdOf(user);
    for (let index = 0; index < 11; index += 1) {
      await test.app.db.transaction((tx) =>
        recordPayment(tx, {
          providerInvoiceId: `in_page_${userId}_${index}`, userId, subscriptionId: null, amount: 1000 + index, currency: 'EUR',
          status: 'paid', description: 'x', card: null, createdAt: new Date(Date.now() + (index + 1) * 1000),
        }),
      );
    }
    const first = await history(user, 1);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items.map((item) => item.payment.amount)).toEqual([1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]);
    const second = await history(user, 2);
    expect(second.items.map((item) => item.payment.amount)).toEqual([1000, 0]);
    expect((await callPayments(test.app, user, 'history', { page: 0 })).statusCode).toBe(400);

    // A receipt's link names its invoice: the answer is the page that holds it, whatever page is asked.
    const trialInvoice = second.items.find((item) => item.payment.amount === 0)!.invoice!;
    const located = await callPayments(test.app, user, 'history', { invoice: trialInvoice.id, page: 1 });
    expectContract(located, 'POST', '/api/v1/payments/history');
    expect(located.json()).toMatchObject({ page: 2, total: 12 });
    expect(located.json<{ items: { invoice: { id: string } | null }[] }>().items.map((item) => item.invoice?.id)).toContain(trialInvoice.id);
    expect((await callPayments(test.app, user, 'history', {})).json()).toMatchObject({ page: 1, total: 12 });

    const unknown = await callPayments(test.app, user, 'history', { invoice: 'inv_nope' });
    expectContract(unknown, 'POST', '/api/v1/payments/history');
    expect(unknown.statusCode).toBe(404);
    const stranger = await signUp(test.app);
    const foreign = await callPayments(test.app, stranger, 'history', { invoice: trialInvoice.id });
    expectContract(foreign, 'POST', '/api/v1/payments/history');
    expect(foreign.statusCode).toBe(403);
  });

  it('downloads as a PDF in the account language for its owner only: 403 for another account, 404 when unknown, 401 signed out', async () => {
    const owner = await paying('standard');
    const { items } = await history(owner);
    const invoice = items[0]!.invoice!;
    const url = invoice.pdf_url;
    expect(url).toBe(`/api/v1/payments/invoices/${invoice.id}/pdf`);

    const pdf = await test.app.inject({ method: 'GET', url, headers: authorization(owner) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toContain(`Invoice ${invoice.number}`);
    expect(lines).toContain('€13.99');
    expect(lines.some((line) => line.startsWith('Standard plan (per month), '))).toBe(true);
    expect(lines).toContain(`Billed to: ${owner.email}`);

    await test.app.db.update(users).set({ language: 'es' }).where(eq(users.email, owner.email));
    const spanish = pdfTextLines((await test.app.inject({ method: 'GET', url, headers: authorization(owner) })).rawPayload);
    expect(spanish).toContain(`Factura ${invoice.number}`);
    expect(spanish).toContain('13,99\u00a0€');
    expect(spanish.some((line) => line.startsWith('Plan Standard (al mes), '))).toBe(true);

    const other = await signUp(test.app);
    const forbidden = await test.app.inject({ method: 'GET', url, headers: authorization(other) });
    expectContract(forbidden, 'GET', url);
    expect(forbidden.statusCode).toBe(403);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/v1/payments/invoices/inv_nope/pdf', headers: authorization(owner) });
    expectContract(unknown, 'GET', '/api/v1/payments/invoices/inv_nope/pdf');
    expect(unknown.statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('anonymiseInvoices keeps the invoices with "Deleted account" and no email', async () => {
    const user = await paying('standard');
    const userId = await userIdOf(user);
    expect(await anonymiseInvoices(test.app.db, userId)).toBe(2);
    const rows = await test.app.db.select().from(invoices).where(eq(invoices.userId, userId));
    expect(rows.map((row) => [row.customerName, row.customerEmail])).toEqual([
      ['Deleted account', null],
      ['Deleted account', null],
    ]);
    await test.app.db.delete(users).where(eq(users.id, userId));
    const kept = await test.app.db.select().from(invoices).where(eq(invoices.id, rows[0]!.id));
    expect(kept).toMatchObject([{ userId: null, customerName: 'Deleted account', number: rows[0]!.number }]);
  });
});

describe('the sandbox test clock', () => {
  it('sends the trial reminder once, 2 days before the trial ends', async () => {
    const user = await trialing();
    expect(await mails(user, 'trialEnding')).toHaveLength(0);
    expect((await clock(user, 'trial_reminder')).statusCode).toBe(200);
    expect((await clock(user, 'trial_reminder')).statusCode).toBe(200);
    const sub = await currentSubscription(user);
    expect(await mails(user, 'trialEnding')).toMatchObject([{ params: { endsAt: sub.trialEnd!.toISOString() } }]);
  });

  it('makes the next renewal fail: past_due, a failed payment without an invoice, the payment-failed email, access during the grace period', async () => {
    const user = await paying();
    expect((await clock(user, 'fail_next_renewal')).statusCode).toBe(200);
    const renewed = await clock(user, 'renew');
    expect(renewed.json().subscription).toMatchObject({ subscription_status: 'past_due' });
    const { items } = await history(user);
    expect(items[0]).toMatchObject({ payment: { status: 'failed', amount: 1399 }, invoice: null });
    expect(await mails(user, 'paymentFailed')).toMatchObject([{ params: { billingLink: 'http://localhost:8080/billing' } }]);
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toHaveProperty('plan');
    expect((await clock(user, 'renew')).statusCode).toBe(404);
  });

  it('ends access at the renewal after a cancel', async () => {
    const user = await paying();
    const sub = await currentSubscription(user);
    await callPayments(test.app, user, 'subscription-cancel', { subscription_id: sub.id });
    const renewed = await clock(user, 'renew');
    expect(renewed.json().subscription).toMatchObject({ subscription_status: 'canceled' });
    expect(await playbackAccess(test.app.db, await userIdOf(user), new Date())).toEqual({ refusal: 'subscription_ended' });
  });

  it('has a page that moves an account chosen by email, in the browser\'s language', async () => {
    const user = await trialing();
    const page = await test.app.inject({ method: 'GET', url: '/sandbox/clock' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('test tool');
    expect(page.body).toContain('>End the trial now</button>');
    const post = (form: Record<string, string>, language = 'en') =>
      test.app.inject({
        method: 'POST',
        url: '/sandbox/clock',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
        payload: new URLSearchParams(form).toString(),
      });
    const nobody = await post({ email: 'nobody@example.com', action: 'end_trial' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body).toContain('No account has this email.');
    const sideways = await post({ email: user.email, action: 'sideways' }, 'es-ES,es;q=0.9');
    expect(sideways.statusCode).toBe(400);
    expect(sideways.body).toContain('Escribe el correo electrónico de una cuenta y elige un paso.');
    const moved = await post({ email: user.email, action: 'end_trial' }, 'es');
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('<html lang="es">');
    expect(moved.body).toContain('La prueba ha terminado y se ha cobrado el primer pago.');
    expect((await currentSubscription(user)).status).toBe('active');
    const again = await post({ email: user.email, action: 'end_trial' }, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Este paso no se aplica ahora a la suscripción.');

    // Every word of the Spanish page is Spanish: none of the English page's texts is left in it.
    const spanish = (await test.app.inject({ method: 'GET', url: '/sandbox/clock', headers: { 'accept-language': 'es' } })).body;
    expect(spanish).toContain('Reloj de prueba');
    for (const english of ['Test clock', 'Account email', 'End the trial now', 'Advance to the next renewal', 'Make the next renewal fail', 'Trial ends in 2 days', 'Sandbox mailbox', 'test tool']) {
      expect(spanish).not.toContain(english);
    }
  });
});
