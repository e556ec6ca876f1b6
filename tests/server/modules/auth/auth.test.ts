// The auth API (server/modules/auth/routes.ts): sign-up and sign-in (good and bad input, duplicates,
// wrong credentials; rate limits: ../rate-limits.test.ts); one-time sign-in links (minted signed in only, exchanged
// once, used, expired or forged tokens refused alike); sessions (refresh-token rotation, its
// reuse window and replay, logout, access tokens forged, expired or of an ended session, both schemes). Each part
// runs on its own app, so one part's sign-ups never count against another's rate limits.
import { randomBytes } from 'node:crypto';
import { isNotNull, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ruleMessages } from '@domain/account-rules';
import { passwordHashConcurrency, passwordHashQueue } from '@server/modules/auth/password';
import { refreshTokens } from '@server/db/schema';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { createTestApp, expectContract, newDeviceId, refreshCookie, signUp, TEST_PASSWORD, testAppForFile } from '../../harness';

const SIGN_UP = '/api/v1/auth/sign-up';
const SIGN_IN = '/api/v1/auth/sign-in';

const t = testAppForFile();

function form(overrides: Record<string, unknown> = {}) {
  return { email: `new-${Math.random().toString(36).slice(2)}@example.com`, password: TEST_PASSWORD, cpassword: TEST_PASSWORD, device_id: newDeviceId(), country: 'ES', ...overrides };
}

async function postSignUp(payload: unknown) {
  const response = await t.app.inject({ method: 'POST', url: SIGN_UP, payload: payload as object });
  expectContract(response, 'POST', SIGN_UP);
  return response;
}

describe('sign-up', () => {
  it('creates the account, answers a token and sets the refresh cookie', async () => {
    const response = await postSignUp(form({ email: '  Mixed.Case@Example.COM ' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ isSuccess: true, email: 'mixed.case@example.com' });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = response.cookies.find((c) => c.name === 'fs_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, ruleMessages.emailInvalid.defaultMessage],
    ['a password without a symbol', { password: 'Abcdefg1', cpassword: 'Abcdefg1' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a password that is too short', { password: 'Ab1#', cpassword: 'Ab1#' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a password longer than 24', { password: 'Abcdefgh1#abcdefghijklmno', cpassword: 'Abcdefgh1#abcdefghijklmno' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a confirmation that differs', { cpassword: 'Other#Pass1' }, ruleMessages.passwordMismatch.defaultMessage],
    ['a lower-case country', { country: 'es' }, 'country: has an invalid format.'],
    ['a short device id', { device_id: 'abc' }, 'device_id: must be at least 9 characters long.'],
    ['an email that is a number', { email: 12345 }, 'email: must be a string.'],
    ['a password that is null', { password: null }, 'password: must be a string.'],
  ])('refuses %s with a message naming the problem', async (_label, overrides, message) => {
    const response = await postSignUp(form(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ isSuccess: false, message, statusCode: 400, code: expect.any(String) });
  });

  it('names a missing field', async () => {
    const { device_id: _omitted, ...rest } = form();
    const response = await postSignUp(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('device_id: is required.');
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const user = await signUp(t.app);
    const response = await postSignUp(form({ email: ` ${user.email.toUpperCase()}` }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists.');
  });

  it('answers 400 to malformed JSON and to a missing body', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expectContract(malformed, 'POST', SIGN_UP);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
    const empty = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'application/json' }, payload: '' });
    expectContract(empty, 'POST', SIGN_UP);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body must be a JSON object.');
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const response = await postSignUp(form({ email: 'x'.repeat(1.1 * 1024 * 1024) }));
    expectContract(response, 'POST', SIGN_UP);
    expect(response.statusCode).toBe(413);
  });

  it('answers 415 to a content type it does not take', async () => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expectContract(response, 'POST', SIGN_UP);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 415 });
  });
});

describe('sign-in', () => {
  it('signs in with the email in any case and sets a fresh refresh cookie', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: user.email.toUpperCase(), password: user.password, device_id: newDeviceId(), country: 'US' } });
    expectContract(response, 'POST', SIGN_IN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuccess: true, email: user.email });
    expect(refreshCookie(response)).not.toBe(user.cookie);
  });

  it('gives the same answer to a wrong password and to an unknown email', async () => {
    const user = await signUp(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: user.email, password: 'Wrong#Pass1', device_id: newDeviceId() } });
    const unknown = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: 'nobody@example.com', password: 'Wrong#Pass1', device_id: newDeviceId() } });
    for (const response of [wrong, unknown]) {
      expectContract(response, 'POST', SIGN_IN);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Incorrect email or password.');
      expect(refreshCookie(response)).toBeNull();
    }
  });

  it.each([
    ['a blank email', { email: '   ', password: 'x' }, ruleMessages.emailRequired.defaultMessage],
    ['an empty email', { email: '', password: 'x' }, ruleMessages.emailRequired.defaultMessage],
    ['an empty password', { email: 'ana@example.com', password: '' }, ruleMessages.passwordRequired.defaultMessage],
  ])('answers the rule message to %s', async (_case, fields, message) => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { ...fields, device_id: newDeviceId() } });
    expectContract(response, 'POST', SIGN_IN);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers every one of many sign-ups and sign-ins at once, more than the password hashes that run at once', async () => {
    // Its own app, so this burst counts against no other test's rate limits.
    const busy = await createTestApp({ rateLimits: { ...roomyRateLimits, signInPerIp: { points: 1_000, duration: 60 } } });
    try {
      const users = await Promise.all(Array.from({ length: 3 * passwordHashConcurrency }, () => signUp(busy.app)));
      const signIn = (email: string, password: string) =>
        busy.app.inject({ method: 'POST', url: SIGN_IN, payload: { email, password, device_id: newDeviceId(), country: 'US' } });
      const [wrong, ...answers] = await Promise.all([
        signIn(users[0]!.email, 'Wrong#Pass1'),
        ...users.flatMap((user) => [signIn(user.email, user.password), signIn(user.email, user.password)]),
      ]);
      expect(wrong!.statusCode).toBe(401);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.map((answer) => answer.json().email)).toEqual(users.flatMap((user) => [user.email, user.email]));
      expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await busy.close();
    }
  });
});

describe('one-time sign-in links', () => {
  const LINK = '/api/v1/auth/link-token';
  const EXCHANGE = '/api/v1/payments/index';
  const INVALID = 'This sign-in link is invalid or has expired.';

  const t = testAppForFile();

  async function mint(token: string) {
    const response = await t.app.inject({ method: 'POST', url: LINK, headers: { authorization: `FitStream ${token}` } });
    expectContract(response, 'POST', LINK);
    expect(response.statusCode).toBe(201);
    return response.json<{ nftoken: string; url: string; expiresAt: string }>();
  }

  async function exchange(payload: object) {
    const response = await t.app.inject({ method: 'POST', url: EXCHANGE, payload });
    expectContract(response, 'POST', EXCHANGE);
    return response;
  }

  describe('sign-in links', () => {
    it('mints a link of at least 128 bits, with a fresh device id, valid for 10 minutes', async () => {
      const user = await signUp(t.app);
      const link = await mint(user.token);
      expect(Buffer.from(link.nftoken, 'base64url').length).toBeGreaterThanOrEqual(16);
      const url = new URL(link.url, 'http://localhost');
      expect(url.pathname).toBe('/');
      expect(url.searchParams.get('nftoken')).toBe(link.nftoken);
      expect(url.searchParams.get('device_id')).toMatch(/^[A-Za-z0-9-]{9,20}$/);
      const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it('signs in exactly once, like sign-in', async () => {
      const user = await signUp(t.app);
      const link = await mint(user.token);
      const first = await exchange({ token: link.nftoken, device_id: newDeviceId() });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ isSuccess: true, email: user.email });
      expect(refreshCookie(first)).toBeTruthy();
      const again = await exchange({ token: link.nftoken });
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(INVALID);
    });

    it('works without a device id', async () => {
      const user = await signUp(t.app);
      const response = await exchange({ token: (await mint(user.token)).nftoken });
      expect(response.statusCode).toBe(200);
    });

    it('refuses expired and forged tokens with the same message', async () => {
      const user = await signUp(t.app);
      const link = await mint(user.token);
      await t.app.db.execute(sql`update link_tokens set expires_at = now() - interval '1 second'`);
      const expired = await exchange({ token: link.nftoken });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe(INVALID);
      const forged = await exchange({ token: randomBytes(32).toString('base64url') });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(INVALID);
    });

    it('names a missing token and refuses minting without a session', async () => {
      const missing = await exchange({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('token: is required.');
      const anonymous = await t.app.inject({ method: 'POST', url: LINK });
      expectContract(anonymous, 'POST', LINK);
      expect(anonymous.statusCode).toBe(401);
    });

    it('limits exchanges per address', async () => {
      const limited = await createTestApp({
        rateLimits: { ...t.config.rateLimits, exchangePerIp: { points: 2, duration: 600 } },
      });
      try {
        const attempt = () => limited.app.inject({ method: 'POST', url: EXCHANGE, payload: { token: 'forged-token' } });
        expect((await attempt()).statusCode).toBe(401);
        expect((await attempt()).statusCode).toBe(401);
        const blocked = await attempt();
        expectContract(blocked, 'POST', EXCHANGE);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toBeDefined();
      } finally {
        await limited.close();
      }
    });
  });
});

describe('sessions', () => {
  const REFRESH = '/api/v1/refresh';
  const LOGOUT = '/api/v1/auth/logout';
  const LINK = '/api/v1/auth/link-token';

  const t = testAppForFile({ rateLimits: roomyRateLimits });

  async function refresh(cookie?: string) {
    const response = await t.app.inject({ method: 'GET', url: REFRESH, headers: cookie ? { cookie } : {} });
    expectContract(response, 'GET', REFRESH);
    return response;
  }

  /** An authenticated call: minting a link answers 201 only for a live session. */
  async function authenticated(authorization: string) {
    const response = await t.app.inject({ method: 'POST', url: LINK, headers: { authorization } });
    expectContract(response, 'POST', LINK);
    return response.statusCode;
  }

  /** Moves every rotation in this part's database back past the 30-second reuse window. */
  async function pastReuseWindow(): Promise<void> {
    await t.app.db.execute(sql`update refresh_tokens set rotated_at = rotated_at - interval '31 seconds' where rotated_at is not null`);
  }

  describe('refresh', () => {
    it('rotates the cookie and answers a working access token', async () => {
      const user = await signUp(t.app);
      const response = await refresh(user.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isSuccess: true, email: user.email });
      const next = refreshCookie(response);
      expect(next).toBeTruthy();
      expect(next).not.toBe(user.cookie);
      expect(await authenticated(`Bearer ${response.json().token}`)).toBe(201);
      expect((await refresh(next!)).statusCode).toBe(200);
    });

    it('revokes the whole session when a rotated token is presented again after the reuse window', async () => {
      const user = await signUp(t.app);
      const first = await refresh(user.cookie);
      const newest = refreshCookie(first)!;
      await pastReuseWindow();
      const replay = await refresh(user.cookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe('Your session has ended. Please sign in again.');
      expect(replay.cookies.find((c) => c.name === 'fs_refresh')?.value).toBe('');
      expect((await refresh(newest)).statusCode).toBe(401);
      expect(await authenticated(`FitStream ${first.json().token}`)).toBe(401);
      expect(await authenticated(`FitStream ${user.token}`)).toBe(401);
    });

    it('answers every one of 20 refreshes at once with one cookie, all with the same new token', async () => {
      const user = await signUp(t.app);
      const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(user.cookie)));
      expect(answers.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const cookies = new Set(answers.map((response) => refreshCookie(response)));
      expect(cookies.size).toBe(1);
      const [next] = [...cookies];
      expect(next).not.toBe(user.cookie);
      for (const response of answers) expect(await authenticated(`Bearer ${response.json().token}`)).toBe(201);
      expect((await refresh(next!)).statusCode).toBe(200);
    });

    it('answers the same new token to a rotated one within the reuse window, which keeps the session', async () => {
      const user = await signUp(t.app);
      const first = await refresh(user.cookie);
      const again = await refresh(user.cookie);
      expect(again.statusCode).toBe(200);
      expect(refreshCookie(again)).toBe(refreshCookie(first));
      expect(await authenticated(`FitStream ${first.json().token}`)).toBe(201);
    });

    it('keeps no usable copy of the new token: the stored successor is sealed with the rotated token', async () => {
      const user = await signUp(t.app);
      const next = refreshCookie(await refresh(user.cookie))!.slice('fs_refresh='.length);
      const stored = await t.app.db.select({ sealed: refreshTokens.successorSealed }).from(refreshTokens).where(isNotNull(refreshTokens.successorSealed));
      expect(stored.length).toBeGreaterThan(0);
      const sealed = JSON.stringify(stored);
      expect(sealed).not.toContain(next);
      expect(sealed).not.toContain(Buffer.from(next).toString('base64url'));
    });

    it('does not bring back a session that ended within the reuse window', async () => {
      const user = await signUp(t.app);
      await refresh(user.cookie);
      await t.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: user.cookie } });
      expect((await refresh(user.cookie)).statusCode).toBe(401);
    });

    it('with REFRESH_REUSE_SECONDS=0, a rotated token presented again at once is a replay', async () => {
      const strict = await createTestApp({ refreshReuseSeconds: 0 });
      try {
        const user = await signUp(strict.app);
        const first = await strict.app.inject({ method: 'GET', url: REFRESH, headers: { cookie: user.cookie } });
        expect(first.statusCode).toBe(200);
        const replay = await strict.app.inject({ method: 'GET', url: REFRESH, headers: { cookie: user.cookie } });
        expect(replay.statusCode).toBe(401);
        const newest = await strict.app.inject({ method: 'GET', url: REFRESH, headers: { cookie: refreshCookie(first)! } });
        expect(newest.statusCode).toBe(401);
      } finally {
        await strict.close();
      }
    });

    it('answers 401 without a cookie or with an unknown one', async () => {
      expect((await refresh()).statusCode).toBe(401);
      expect((await refresh(`fs_refresh=${randomBytes(32).toString('base64url')}`)).statusCode).toBe(401);
    });

    it('ends the earlier session of a device that signs in again', async () => {
      const user = await signUp(t.app);
      const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: user.deviceId } });
      expect(again.statusCode).toBe(200);
      expect(await authenticated(`FitStream ${user.token}`)).toBe(401);
      expect(await authenticated(`FitStream ${again.json().token}`)).toBe(201);
    });
  });

  describe('logout', () => {
    it('revokes the session: the refresh cookie and the access token stop working', async () => {
      const user = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: user.cookie, authorization: `FitStream ${user.token}` } });
      expectContract(response, 'POST', LOGOUT);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isSuccess: true, message: expect.any(String) });
      expect(response.cookies.find((c) => c.name === 'fs_refresh')?.value).toBe('');
      expect((await refresh(user.cookie)).statusCode).toBe(401);
      expect(await authenticated(`FitStream ${user.token}`)).toBe(401);
    });

    it('works with only the cookie, and answers 200 with nothing at all', async () => {
      const user = await signUp(t.app);
      const byCookie = await t.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: user.cookie } });
      expect(byCookie.statusCode).toBe(200);
      expect(await authenticated(`Bearer ${user.token}`)).toBe(401);
      const bare = await t.app.inject({ method: 'POST', url: LOGOUT });
      expectContract(bare, 'POST', LOGOUT);
      expect(bare.statusCode).toBe(200);
    });
  });

  describe('access tokens', () => {
    it('accepts both the FitStream and the Bearer scheme', async () => {
      const user = await signUp(t.app);
      expect(await authenticated(`FitStream ${user.token}`)).toBe(201);
      expect(await authenticated(`Bearer ${user.token}`)).toBe(201);
    });

    it('refuses forged, expired, malformed and missing tokens with 401', async () => {
      const user = await signUp(t.app);
      const [, payload] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string; sid: string; email: string; pid: string; own: boolean };
      const sign = (secret: string, exp: number, profile: { pid?: string; own?: boolean } = { pid: claims.pid, own: claims.own }) =>
        new SignJWT({ sid: claims.sid, email: claims.email, ...profile }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
      const now = Math.floor(Date.now() / 1000);
      expect(await authenticated(`FitStream ${await sign(randomBytes(32).toString('hex'), now + 600)}`)).toBe(401);
      expect(await authenticated(`FitStream ${await sign(t.config.jwtSecret, now - 10)}`)).toBe(401);
      // A token from before profiles (no profile claim) is refused: the app refreshes it (decision 064).
      expect(await authenticated(`FitStream ${await sign(t.config.jwtSecret, now + 600, {})}`)).toBe(401);
      expect(await authenticated(`FitStream ${await sign(t.config.jwtSecret, now + 600)}`)).toBe(201);
      expect(await authenticated('FitStream not-a-jwt')).toBe(401);
      expect(await authenticated(`Basic ${user.token}`)).toBe(401);
      const none = await t.app.inject({ method: 'POST', url: LINK });
      expectContract(none, 'POST', LINK);
      expect(none.statusCode).toBe(401);
    });

    it('expires after the configured lifetime', async () => {
      const short = await createTestApp({ accessTokenTtlSeconds: 1 });
      try {
        const user = await signUp(short.app);
        await new Promise((resolve) => setTimeout(resolve, 2100));
        const response = await short.app.inject({ method: 'POST', url: LINK, headers: { authorization: `FitStream ${user.token}` } });
        expect(response.statusCode).toBe(401);
        const renewed = await short.app.inject({ method: 'GET', url: REFRESH, headers: { cookie: user.cookie } });
        expect(renewed.statusCode).toBe(200);
      } finally {
        await short.close();
      }
    });

    it('marks the refresh cookie Secure outside local development', async () => {
      const secure = await createTestApp({ secureCookies: true, publicUrl: 'https://fitstream.example' });
      try {
        const response = await secure.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: { email: 'secure@example.com', password: 'Str0ng#Pass', cpassword: 'Str0ng#Pass', device_id: newDeviceId(), country: 'US' } });
        expect(response.cookies.find((c) => c.name === 'fs_refresh')?.secure).toBe(true);
      } finally {
        await secure.close();
      }
    });
  });
});
