// Sessions: refresh-token rotation, its reuse window and replay, logout, access tokens that are
// forged, expired or belong to an ended session, and both Authorization schemes.
import { randomBytes } from 'node:crypto';
import { isNotNull, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../server/db/schema';
import { roomyRateLimits } from './fixtures/payments-flow';
import { createTestApp, expectContract, newDeviceId, refreshCookie, signUp, testAppForFile } from './harness';

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

/** Moves every rotation in this file's database back past the 30-second reuse window. */
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
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string; sid: string; email: string };
    const sign = (secret: string, exp: number) =>
      new SignJWT({ sid: claims.sid, email: claims.email }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    expect(await authenticated(`FitStream ${await sign(randomBytes(32).toString('hex'), now + 600)}`)).toBe(401);
    expect(await authenticated(`FitStream ${await sign(t.config.jwtSecret, now - 10)}`)).toBe(401);
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
