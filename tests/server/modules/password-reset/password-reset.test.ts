// The password-reset API (server/modules/password-reset/routes.ts): the same answer for every address,
// the emailed link (hash stored, 30 minutes, once), the new password by the sign-up rules, every
// session ended and this device signed in; limits per address and per client address.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '@server/db/schema';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { scenarioLimits } from '../auth/rate-limit-scenarios';
import { createTestApp, expectContract, newDeviceId, refreshCookie, signUp, testAppForFile, type FileTestApp } from '../../harness';

const FORGOT = '/api/v1/auth/forgot-password';
const RESET = '/api/v1/auth/reset-password';
const NEW_PASSWORD = 'N3w#Secret';

const roomy = { points: 1000, duration: 3600 };
const t = testAppForFile({ rateLimits: { ...roomyRateLimits, forgotPasswordPerIp: roomy, forgotPasswordPerAddress: roomy } });

async function forgot(app: FileTestApp['app'], email: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  const response = await app.inject({ method: 'POST', url: FORGOT, payload: { email }, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  expectContract(response, 'POST', FORGOT);
  await app.mail.queued();
  return response;
}

async function reset(app: FileTestApp['app'], token: string, password = NEW_PASSWORD, remoteAddress?: string) {
  const response = await app.inject({
    method: 'POST',
    url: RESET,
    payload: { token, password, cpassword: password, device_id: newDeviceId() },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expectContract(response, 'POST', RESET);
  return response;
}

/** The token in the newest reset email to `email`, read from the outbox as a mail client would. */
async function linkTokenFor(app: FileTestApp['app'], email: string): Promise<string> {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(sql`created_at desc`);
  const row = rows.find((candidate) => candidate.template === 'passwordReset');
  if (!row) throw new Error(`no reset email to ${email}`);
  const link = new URL(String((row.params as { link: string }).link));
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8080/reset-password');
  return link.searchParams.get('token') ?? '';
}

async function resetEmails(app: FileTestApp['app'], email: string): Promise<number> {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return rows.filter((row) => row.template === 'passwordReset').length;
}

describe('asking for a reset link', () => {
  it('answers the same for an address with an account and one without, and emails only the account', async () => {
    const user = await signUp(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await forgot(t.app, user.email.toUpperCase());
    const absent = await forgot(t.app, unknown);
    expect(known.statusCode).toBe(200);
    expect(absent.statusCode).toBe(200);
    expect(known.body).toBe(absent.body);
    expect(known.json().message).toBe('If an account exists for that address, we have sent a link to reset the password.');
    expect(await resetEmails(t.app, user.email)).toBe(1);
    expect(await resetEmails(t.app, unknown)).toBe(0);
  });

  it('answers in the request language, and writes the email in the account language', async () => {
    const user = await signUp(t.app);
    await t.app.db.update(users).set({ language: 'es' }).where(eq(users.email, user.email));
    const response = await forgot(t.app, user.email, { 'accept-language': 'es' });
    expect(response.json().message).toBe('Si existe una cuenta con esa dirección, te hemos enviado un enlace para restablecer la contraseña.');
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)).orderBy(sql`created_at desc`).limit(1);
    expect(row).toMatchObject({ template: 'passwordReset', language: 'es', params: { minutes: 30 } });
  });

  it('stores only a hash of the token, valid 30 minutes', async () => {
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const token = await linkTokenFor(t.app, user.email);
    const [stored] = await t.app.db
      .select({ tokenHash: passwordResetTokens.tokenHash, minutes: sql<number>`round(extract(epoch from (expires_at - created_at)) / 60)` })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(stored).toBeDefined();
    expect(Number(stored?.minutes)).toBe(30);
    const all = await t.app.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('refuses an address the rules refuse, with the rule message', async () => {
    const response = await forgot(t.app, 'not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400, code: 'validation.email.invalid' });
  });
});

describe('setting a new password with the link', () => {
  it('changes the password, ends every session and signs this device in', async () => {
    const user = await signUp(t.app);
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: newDeviceId() } });
    const otherCookie = refreshCookie(other);
    await forgot(t.app, user.email);
    const response = await reset(t.app, await linkTokenFor(t.app, user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuccess: true, email: user.email });
    const cookie = refreshCookie(response);
    expect(cookie).not.toBeNull();

    // Both earlier sessions are over: their refresh cookies and access tokens.
    for (const old of [user.cookie, otherCookie ?? '']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: old } })).statusCode).toBe(401);
    }
    const oldAccess = await t.app.inject({ method: 'POST', url: '/api/v1/auth/link-token', headers: { authorization: `Bearer ${user.token}` } });
    expect(oldAccess.statusCode).toBe(401);
    // This device's new session works.
    const newAccess = await t.app.inject({ method: 'POST', url: '/api/v1/auth/link-token', headers: { authorization: `Bearer ${response.json().token}` } });
    expect(newAccess.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: cookie ?? '' } })).statusCode).toBe(200);

    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password, device_id: newDeviceId() } });
    expect((await signIn(user.password)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const token = await linkTokenFor(t.app, user.email);
    expect((await reset(t.app, token)).statusCode).toBe(200);
    const again = await reset(t.app, token, 'An0ther#Pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'auth.resetLinkInvalid', statusCode: 400 });
  });

  it('of two uses at once, one wins', async () => {
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const token = await linkTokenFor(t.app, user.email);
    const answers = await Promise.all([reset(t.app, token), reset(t.app, token, 'An0ther#Pass')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('expires after 30 minutes', async () => {
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const token = await linkTokenFor(t.app, user.email);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    // 29 minutes in, it still works; one more minute and it does not (a second user's link for the first part).
    await t.app.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResetTokens.tokenHash, tokenHash));
    const response = await reset(t.app, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('auth.resetLinkInvalid');
    const stillValid = await signUp(t.app);
    await forgot(t.app, stillValid.email);
    const fresh = await linkTokenFor(t.app, stillValid.email);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(fresh).digest('hex')));
    expect((await reset(t.app, fresh)).statusCode).toBe(200);
  });

  it('ends the other links of the account', async () => {
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const first = await linkTokenFor(t.app, user.email);
    await forgot(t.app, user.email);
    const second = await linkTokenFor(t.app, user.email);
    expect(second).not.toBe(first);
    expect((await reset(t.app, second)).statusCode).toBe(200);
    expect((await reset(t.app, first)).statusCode).toBe(400);
  });

  it('refuses an unknown token and a password the rules refuse, changing nothing', async () => {
    expect((await reset(t.app, 'made-up-token')).json()).toMatchObject({ code: 'auth.resetLinkInvalid' });
    const user = await signUp(t.app);
    await forgot(t.app, user.email);
    const token = await linkTokenFor(t.app, user.email);
    const weak = await reset(t.app, token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('validation.password.invalid');
    const mismatch = await t.app.inject({ method: 'POST', url: RESET, payload: { token, password: NEW_PASSWORD, cpassword: 'Different#1', device_id: newDeviceId() } });
    expect(mismatch.json().code).toBe('validation.cpassword.mismatch');
    // The link was not spent by the refused attempts.
    expect((await reset(t.app, token)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('per address (known or not, from any client address), with Retry-After and the error shape', async () => {
    const limited = await createTestApp({ rateLimits: scenarioLimits });
    try {
      const user = await signUp(limited.app);
      for (const email of [user.email, 'nobody-limited@example.com']) {
        const answers = [];
        for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) answers.push(await forgot(limited.app, email, {}, address));
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
        const over = answers[2]!;
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.json()).toMatchObject({ isSuccess: false, statusCode: 429, code: 'auth.tooManyAttempts' });
      }
      expect(await resetEmails(limited.app, user.email)).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('per client address for asking and for setting', async () => {
    const limited = await createTestApp({ rateLimits: scenarioLimits });
    try {
      const codes = [];
      for (let i = 0; i < 5; i += 1) codes.push((await forgot(limited.app, `someone-${i}@example.com`, {}, '203.0.113.9')).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 429]);
      const resets = [];
      for (let i = 0; i < 4; i += 1) resets.push((await reset(limited.app, `made-up-${i}`, NEW_PASSWORD, '203.0.113.10')).statusCode);
      expect(resets).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
