// The sandbox's payment-method page (server/modules/payments/sandbox/portal-routes.ts), reached by the link
// POST /api/v1/payments/portal answers: a test card replaces the card on the subscription and
// the browser goes back to /billing; the link works once and for 30 minutes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { portalSessions } from '@server/db/schema';
import { testAppForFile } from '../../../harness';
import { goodCard, listSubscriptions, openPortal, roomyRateLimits, subscribed } from '../../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

const newCard = { card_number: '4242 4242 4242 4242', exp: '07/41', cvc: '321', name: 'Ana Pérez' };

function submit(url: string, form: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: new URL(url, 'http://app.test').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('the sandbox portal page', () => {
  it('shows the card on file, a labelled card form under its own CSP, and a way back to billing', async () => {
    const user = await subscribed(test.app);
    const page = await test.app.inject({ method: 'GET', url: new URL(await openPortal(test.app, user), 'http://app.test').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Update payment method');
    expect(page.body).toContain('Card on file: VISA •••• 4242 · 12/2039');
    for (const name of ['card_number', 'exp', 'cvc', 'name']) expect(page.body).toContain(`id="${name}" name="${name}"`);
    expect(page.body).toContain('<a class="cancel" href="/billing">Back to billing</a>');
    expect(page.body).not.toMatch(/<(script|link)\b/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`default-src 'none'; style-src 'sha256-${hash}'`);
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('4242 replaces the card on the subscription and goes back to /billing; the link then stops working', async () => {
    const user = await subscribed(test.app);
    const url = await openPortal(test.app, user);
    const saved = await submit(url, newCard);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/billing');
    const { plans, payments } = await listSubscriptions(test.app, user);
    expect(plans[0]).toMatchObject({ card: { brand: 'visa', exp_month: 7, exp_year: 2041 }, cardlast4: '4242' });
    // Nothing is charged.
    expect(payments).toHaveLength(1);

    // A resubmitted form goes back to billing without writing again; the page itself is gone.
    expect((await submit(url, { ...newCard, exp: '01/42' })).headers.location).toBe('/billing');
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ card: { exp_month: 7, exp_year: 2041 } });
    const gone = await test.app.inject({ method: 'GET', url: new URL(url, 'http://app.test').pathname });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Back to billing');
  });

  it('declines 4000 0000 0000 0002 with the message (402) and refuses other numbers (400), keeping the card', async () => {
    const user = await subscribed(test.app);
    const url = await openPortal(test.app, user);
    const declined = await submit(url, { ...newCard, card_number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const invalid = await submit(url, { ...newCard, card_number: '1234 5678 9012 3456' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Your card number is invalid.');
    expect(invalid.body).toContain('aria-invalid="true"');
    const missing = await submit(url, { card_number: '4242 4242 4242 4242' });
    expect(missing.statusCode).toBe(400);
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ card: { exp_month: 12, exp_year: 2039 } });
    // Refusals do not use up the link.
    expect((await submit(url, goodCard)).statusCode).toBe(303);
  });

  it('answers 404 to an unknown or expired link', async () => {
    const user = await subscribed(test.app);
    for (const path of ['/sandbox/portal/not-a-token', `/sandbox/portal/${'x'.repeat(100)}`]) {
      expect((await test.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      const posted = await test.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(newCard).toString(),
      });
      expect(posted.statusCode).toBe(404);
    }
    const url = await openPortal(test.app, user);
    await test.app.db.update(portalSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await test.app.inject({ method: 'GET', url: new URL(url, 'http://app.test').pathname })).statusCode).toBe(404);
    expect((await submit(url, newCard)).statusCode).toBe(404);
    expect((await listSubscriptions(test.app, user)).plans[0]).toMatchObject({ card: { exp_year: 2039 } });
  });

  it('updates the card of the subscription of the account the link was made for', async () => {
    const owner = await subscribed(test.app);
    const other = await subscribed(test.app);
    const url = await openPortal(test.app, owner);
    expect((await submit(url, newCard)).statusCode).toBe(303);
    expect((await listSubscriptions(test.app, owner)).plans[0]).toMatchObject({ card: { exp_year: 2041 } });
    expect((await listSubscriptions(test.app, other)).plans[0]).toMatchObject({ card: { exp_year: 2039 } });
  });
});
