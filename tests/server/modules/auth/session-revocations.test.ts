// Signed-in requests check their session in memory (server/modules/auth/revocations.ts, decision 018).
// These tests pin the bound that makes that safe: an ended session stops working at once on
// the instance that ended it; on any other instance when the database's notification
// arrives, else at the next catch-up read, and a list that has not been read for two
// intervals asks the database per request. Runs on PGlite, and on PostgreSQL (also across two
// apps on one database: two instances) when TEST_DATABASE_URL is set.
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionRevocations } from '@server/modules/auth/revocations';
import { revokeSessions, startSession } from '@server/modules/auth/sessions';
import type { Database } from '@server/db/client';
import { sessions, users } from '@server/db/schema';
import { createTestApp, refreshCookie, signUp, testAppForFile, type SignedUpUser, type TestApp } from '../../harness';

const SIGNED_IN = '/api/v1/payments/plans';

async function status(app: FastifyInstance, user: Pick<SignedUpUser, 'token'>): Promise<number> {
  const response = await app.inject({ method: 'POST', url: SIGNED_IN, headers: { authorization: `FitStream ${user.token}` }, payload: {} });
  return response.statusCode;
}

function claimsOf(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
}

/** Resolves when `list` learns that `sessionId` ended (however it learns it). */
function learned(list: SessionRevocations, sessionId: string): Promise<void> {
  return new Promise((resolve) => {
    const before = list.onAdded;
    list.onAdded = (ids) => {
      before(ids);
      if (ids.includes(sessionId)) resolve();
    };
  });
}

/** Ends a session the way another instance (or psql) would: not through this app's functions. */
async function endElsewhere(db: Database, sessionId: string): Promise<void> {
  await db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId}`);
}

describe('one instance', () => {
  const t = testAppForFile();

  it('revokeSessions ends every session of the account at once, except the one named', async () => {
    const user = await signUp(t.app);
    const { sub: userId, sid: keptSession } = claimsOf(user.token);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: user.email, password: user.password, device_id: 'second-device-01' },
    });
    const second = { token: other.json<{ token: string }>().token };
    expect(await status(t.app, user)).toBe(200);
    expect(await status(t.app, second)).toBe(200);

    const ended = await revokeSessions(t.app.db, userId, { except: keptSession });
    expect(ended).toEqual([claimsOf(second.token).sid]);
    expect(await status(t.app, second)).toBe(401);
    expect(await status(t.app, user)).toBe(200);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: refreshCookie(other)! } });
    expect(refreshed.statusCode).toBe(401);

    expect(await revokeSessions(t.app.db, userId)).toEqual([keptSession]);
    expect(await status(t.app, user)).toBe(401);
    expect(await revokeSessions(t.app.db, userId)).toEqual([]);
  });

  it('a session ended behind the app (a trigger notifies) stops working when the notification arrives', async () => {
    const user = await signUp(t.app);
    const { sid } = claimsOf(user.token);
    expect(await status(t.app, user)).toBe(200);
    const heard = learned(t.app.sessionRevocations, sid);
    await endElsewhere(t.app.db, sid);
    await heard;
    expect(await status(t.app, user)).toBe(401);
  });

  it('a deleted account (sessions deleted by the cascade) is heard as well', async () => {
    const user = await signUp(t.app);
    const { sid, sub } = claimsOf(user.token);
    const heard = learned(t.app.sessionRevocations, sid);
    await t.app.db.delete(users).where(eq(users.id, sub));
    await heard;
    expect(await status(t.app, user)).toBe(401);
  });

  it('keeps the logout and replay behaviour: both end access at once', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } });
    expect(await status(t.app, user)).toBe(401);
  });
});

describe('the list without notifications (lost, or the connection down)', () => {
  const t = testAppForFile();
  const clock = { now: 1_000_000 };
  let list: SessionRevocations;
  beforeAll(async () => {
    list = new SessionRevocations(t.app.db, { syncIntervalMs: 5_000, accessTokenTtlSeconds: 900, now: () => clock.now });
    await list.start();
  });
  afterAll(() => list.stop());

  async function newSession(): Promise<{ sessionId: string; userId: string }> {
    const user = await signUp(t.app);
    const { sid, sub } = claimsOf(user.token);
    return { sessionId: sid, userId: sub };
  }

  it('answers from memory while current, and the catch-up read finds a session ended elsewhere', async () => {
    const { sessionId, userId } = await newSession();
    expect(list.current).toBe(true);
    await endElsewhere(t.app.db, sessionId);
    // Not heard yet: within the bound, memory still says open.
    expect(await list.isOpen(sessionId, userId)).toBe(true);
    await list.read();
    expect(await list.isOpen(sessionId, userId)).toBe(false);
  });

  it('asks the database once its last read is more than two intervals old, and trusts memory again after a read', async () => {
    const { sessionId, userId } = await newSession();
    const open = await newSession();
    clock.now += 10_001;
    expect(list.current).toBe(false);
    await endElsewhere(t.app.db, sessionId);
    expect(await list.isOpen(sessionId, userId)).toBe(false);
    expect(await list.isOpen(open.sessionId, open.userId)).toBe(true);
    await list.read();
    expect(list.current).toBe(true);
  });

  it('is fed at once by the functions that end sessions on this database', async () => {
    const { sessionId, userId } = await newSession();
    await revokeSessions(t.app.db, userId);
    expect(await list.isOpen(sessionId, userId)).toBe(false);
    const replaced = await startSession(t.app.db, userId, 'device-one-00');
    await startSession(t.app.db, userId, 'device-one-00');
    expect(await list.isOpen(replaced.sessionId, userId)).toBe(false);
  });

  it('forgets ended sessions once every access token of theirs has expired', async () => {
    const { userId } = await newSession();
    await revokeSessions(t.app.db, userId);
    expect(list.size).toBeGreaterThan(0);
    clock.now += 900_000 + 120_001;
    // The database rows are older than the read's look-back too: nothing brings them back.
    await t.app.db.update(sessions).set({ revokedAt: sql`now() - interval '1 day'` }).where(isNotNull(sessions.revokedAt));
    await list.read();
    expect(list.size).toBe(0);
  });
});

describe('while the list is current, a request costs no database round trip', () => {
  it('answers from memory with a database that refuses every query but the catch-up read', async () => {
    let reads = 0;
    const refusing = {
      execute: async () => {
        reads += 1;
        return { rows: [{ at: new Date().toISOString(), ids: ['00000000-0000-4000-8000-000000000001'] }] };
      },
      select: () => {
        throw new Error('no query expected');
      },
    } as unknown as Database;
    const list = new SessionRevocations(refusing, { syncIntervalMs: 5_000, accessTokenTtlSeconds: 900 });
    await list.start();
    try {
      expect(await list.isOpen('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000a')).toBe(true);
      expect(await list.isOpen('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a')).toBe(false);
      expect(reads).toBe(1);
    } finally {
      list.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ databaseUrl: first.config.databaseUrl, jwtSecret: first.config.jwtSecret });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a logout on one instance ends access on the other when the notification arrives', async () => {
    const user = await signUp(first.app);
    const { sid } = claimsOf(user.token);
    expect(await status(second.app, user)).toBe(200);
    const heard = learned(second.app.sessionRevocations, sid);
    await first.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } });
    expect(await status(first.app, user)).toBe(401);
    await heard;
    expect(await status(second.app, user)).toBe(401);
  });

  it('a replayed refresh token on one instance ends access on the other', async () => {
    const strict = await createTestApp({ databaseUrl: first.config.databaseUrl, jwtSecret: first.config.jwtSecret, refreshReuseSeconds: 0 });
    try {
      const user = await signUp(strict.app);
      const { sid } = claimsOf(user.token);
      const heard = learned(second.app.sessionRevocations, sid);
      expect((await strict.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie } })).statusCode).toBe(200);
      expect((await strict.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie } })).statusCode).toBe(401);
      await heard;
      expect(await status(second.app, user)).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('plans changed on one instance are read again on the other', async () => {
    const user = await signUp(second.app);
    const before = await second.app.inject({ method: 'POST', url: SIGNED_IN, headers: { authorization: `FitStream ${user.token}` }, payload: {} });
    const name = before.json<{ plans: { name: string }[] }>().plans[0]!.name;
    await first.app.db.execute(sql`UPDATE plans SET name = name || ' (renamed)' WHERE position = (SELECT min(position) FROM plans WHERE active)`);
    try {
      let seen = name;
      while (seen === name) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const after = await second.app.inject({ method: 'POST', url: SIGNED_IN, headers: { authorization: `FitStream ${user.token}` }, payload: {} });
        seen = after.json<{ plans: { name: string }[] }>().plans[0]!.name;
      }
      expect(seen).toBe(`${name} (renamed)`);
    } finally {
      await first.app.db.execute(sql`UPDATE plans SET name = ${name} WHERE name = ${`${name} (renamed)`}`);
    }
  });
});
