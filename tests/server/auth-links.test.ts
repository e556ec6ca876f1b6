// One-time sign-in links: minting (signed in only), exchanging once, and refusing used,
// expired or forged tokens with the same message.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectContract, newDeviceId, refreshCookie, signUp, testAppForFile } from './harness';

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
