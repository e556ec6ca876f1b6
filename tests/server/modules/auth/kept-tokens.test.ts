// A signed-in request whose token was verified before, while the list of ended sessions is
// current, is answered from memory without a promise (server/plugins/app/auth.ts, decision 080).
// These tests pin that such a kept token gets no more than a fresh one: refused at once after
// a logout, a sign-out of the other devices, or its expiry; refused when a byte changed or by a
// server with another secret; and, once the list is not current, only let through while the
// database says its session is open. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, testAppForFile, type SignedUpUser } from '../../harness';

const SIGNED_IN = '/api/v1/payments/plans';

async function call(app: FastifyInstance, token: string): Promise<{ status: number; message: string | undefined }> {
  const response = await app.inject({ method: 'POST', url: SIGNED_IN, headers: { authorization: `FitStream ${token}` }, payload: {} });
  return { status: response.statusCode, message: response.statusCode === 200 ? undefined : response.json<{ message: string }>().message };
}

/** Signed up, and the token used once: from now on it is a kept one. */
async function keptToken(app: FastifyInstance): Promise<SignedUpUser> {
  const user = await signUp(app);
  expect((await call(app, user.token)).status).toBe(200);
  expect((await call(app, user.token)).status).toBe(200);
  return user;
}

const sessionOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const ENDED = 'Your session has expired. Please sign in again.';

describe('a kept access token', () => {
  const t = testAppForFile();
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is refused at once after a logout', async () => {
    const user = await keptToken(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } });
    expect(await call(t.app, user.token)).toEqual({ status: 401, message: ENDED });
  });

  it('is refused at once after "sign out other devices" on another one', async () => {
    const user = await keptToken(t.app);
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: 'other-device-0001' } });
    const otherToken = other.json<{ token: string }>().token;
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/v1/account/sessions/sign-out-others', headers: { authorization: `FitStream ${otherToken}` } });
    expect(signedOut.statusCode).toBe(200);
    expect(await call(t.app, user.token)).toEqual({ status: 401, message: ENDED });
    expect((await call(t.app, otherToken)).status).toBe(200);
  });

  it('is refused at once when it expires, though its session is open', async () => {
    const user = await keptToken(t.app);
    const { exp } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000 - 1000);
    expect((await call(t.app, user.token)).status).toBe(200);
    vi.setSystemTime(exp * 1000);
    expect(await call(t.app, user.token)).toEqual({ status: 401, message: ENDED });
  });

  it('with one byte of its signature changed is a new token, and refused', async () => {
    const user = await keptToken(t.app);
    // A character in the middle of the signature (the last one also carries unused bits).
    const at = user.token.length - 10;
    const forged = `${user.token.slice(0, at)}${user.token[at] === 'A' ? 'B' : 'A'}${user.token.slice(at + 1)}`;
    expect(await call(t.app, forged)).toEqual({ status: 401, message: ENDED });
    expect((await call(t.app, user.token)).status).toBe(200);
  });

  it('is refused by a server with another secret', async () => {
    const user = await keptToken(t.app);
    const other = await createTestApp({ jwtSecret: `${t.config.jwtSecret}-other` });
    try {
      expect(await call(other.app, user.token)).toEqual({ status: 401, message: ENDED });
    } finally {
      await other.close();
    }
  });

  it('once the list of ended sessions is not current, passes only while the database says its session is open', async () => {
    const open = await keptToken(t.app);
    const ended = await keptToken(t.app);
    // As after two sync intervals without a successful read: the list no longer vouches for anything.
    vi.spyOn(t.app.sessionRevocations, 'current', 'get').mockReturnValue(false);
    expect(t.app.sessionRevocations.isOpenNow(sessionOf(open.token))).toBeUndefined();
    await t.app.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionOf(ended.token)}`);
    expect(await call(t.app, ended.token)).toEqual({ status: 401, message: ENDED });
    expect((await call(t.app, open.token)).status).toBe(200);
  });
});
