// The sandbox provider's hosted checkout page: what the payer sees, the test cards, and what a
// payment records (or, when refused, does not).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, payments, subscriptions } from '@server/db/schema';
import { signUp, testAppForFile } from '../../../harness';
import {
  checkoutPath,
  goodCard,
  listSubscriptions,
  payOnSandbox,
  roomyRateLimits,
  sessionIdOf,
  startCheckout,
} from '../../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

async function recorded(sessionId: string) {
  const db = test.app.db;
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
  const [checkout] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return { subs, checkout };
}

describe('the sandbox checkout page', () => {
  it('shows the plan, its price in euros, the 7-day trial and a labelled card form', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user, 'standard');
    expect(url).toMatch(/^\/sandbox\/checkout\/cs_sandbox_[0-9a-f]+$/);

    const page = await test.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Subscribe to Standard');
    expect(page.body).toContain('7-day free trial, then €13.99/month');
    expect(page.body).toContain('Due today: €0.00');
    for (const [name, label] of [
      ['card_number', 'Card number'],
      ['exp', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(page.body).toContain(`<label for="${name}">${label}</label>`);
      expect(page.body).toContain(`id="${name}" name="${name}"`);
    }
    expect(page.body).toContain('href="/pricing"');
    expect(page.body).not.toMatch(/<(script|link)\b/);
    // Its own stylesheet is allowed by hash (the browser hashes the exact <style> text); nothing else loads.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`default-src 'none'; style-src 'sha256-${hash}'`);
  });

  it('pays with 4242 4242 4242 4242 and goes back to the app with the session id', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const sessionId = sessionIdOf(url);
    const paid = await payOnSandbox(test.app, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/users?session_id=${sessionId}`);

    const { subs, checkout } = await recorded(sessionId);
    expect(checkout?.status).toBe('complete');
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'trialing', cardBrand: 'visa', cardLast4: '4242', cardExpMonth: 12, cardExpYear: 2039 });
    const trialDays = (subs[0]!.trialEnd!.getTime() - subs[0]!.currentPeriodStart.getTime()) / 86_400_000;
    expect(trialDays).toBe(7);
    expect(subs[0]!.currentPeriodEnd.getTime()).toBe(subs[0]!.trialEnd!.getTime());

    // Paying again (a resubmitted form) changes nothing and still goes back to the app.
    const again = await payOnSandbox(test.app, url);
    expect(again.statusCode).toBe(303);
    expect((await recorded(sessionId)).subs).toHaveLength(1);
    const history = await test.app.db.select().from(payments).where(eq(payments.subscriptionId, subs[0]!.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: 0, description: 'Free trial', status: 'paid' });

    // The paid page is no longer open; it leads back into the app.
    const page = await test.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This checkout is already paid');
    expect(page.body).toContain(`href="/users?session_id=${sessionId}"`);
  });

  it('expires a checkout left open for more than a day', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const sessionId = sessionIdOf(url);
    await test.app.db
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(checkoutSessions.id, sessionId));
    const page = await test.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This checkout is not available');
    expect((await payOnSandbox(test.app, url)).statusCode).toBe(404);
    expect((await recorded(sessionId)).checkout?.status).toBe('expired');
  });

  it('declines 4000 0000 0000 0002 with a clear message and records nothing', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const declined = await payOnSandbox(test.app, url, { ...goodCard, card_number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.headers['content-type']).toMatch(/^text\/html/);
    expect(declined.body).toContain('role="alert"');
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).toContain('Subscribe to Standard');
    const { subs, checkout } = await recorded(sessionIdOf(url));
    expect(subs).toHaveLength(0);
    expect(checkout?.status).toBe('open');
    expect((await listSubscriptions(test.app, user)).payments).toHaveLength(0);
  });

  it.each([
    [{ card_number: '4111 1111 1111 1111' }, 'Your card number is invalid', 'card_number'],
    [{ card_number: '' }, 'Please enter your card number.', 'card_number'],
    [{ exp: '13/30' }, 'Please enter the expiry date as MM/YY.', 'exp'],
    [{ exp: '01/20' }, 'Your card has expired.', 'exp'],
    [{ cvc: '12' }, 'security code (CVC)', 'cvc'],
    [{ name: '  ' }, 'Please enter the name on the card.', 'name'],
  ])('rejects %o with 400 and says why', async (change, message, field) => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const response = await payOnSandbox(test.app, url, { ...goodCard, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).toContain(`id="${field}" name="${field}"`);
    expect(response.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    expect((await recorded(sessionIdOf(url))).subs).toHaveLength(0);
  });

  it('rejects a form missing its fields with the page, not a server error', async () => {
    const user = await signUp(test.app);
    const url = await startCheckout(test.app, user);
    const response = await test.app.inject({
      method: 'POST',
      url: checkoutPath(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242424242424242',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please enter the expiry date as MM/YY.');
  });

  it('answers an unknown checkout with a 404 page', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await test.app.inject({
        method,
        url: '/sandbox/checkout/cs_sandbox_nope',
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(goodCard).toString() }
          : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('This checkout is not available');
    }
  });

  it('keeps only the newest checkout of an account payable', async () => {
    const user = await signUp(test.app);
    const first = await startCheckout(test.app, user, 'basic');
    const second = await startCheckout(test.app, user, 'premium');
    expect((await payOnSandbox(test.app, first)).statusCode).toBe(404);
    expect((await payOnSandbox(test.app, second)).statusCode).toBe(303);
    const { plans } = await listSubscriptions(test.app, user);
    expect(plans.map((plan) => plan.plan_id)).toEqual(['premium']);
  });
});
