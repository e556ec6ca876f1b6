// What the rate limits promise, as a client sees it, for either store: in memory
// (tests/server/rate-limits.test.ts) and in Redis (tests/redis/, when a Redis answers).
// The app sits behind one trusted proxy hop, so each request names its client in X-Forwarded-For.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@server/config';
import { createTestApp, expectContract, liveTestApp, newDeviceId, refreshCookie, TEST_PASSWORD, type TestApp } from '../../harness';

const SIGN_IN = '/api/v1/auth/sign-in';
const SIGN_UP = '/api/v1/auth/sign-up';
const REFRESH = '/api/v1/refresh';

export const scenarioLimits: Config['rateLimits'] = {
  signInPerAccount: { points: 3, duration: 600 },
  signInPerIp: { points: 4, duration: 600 },
  signUpPerIp: { points: 2, duration: 3600 },
  exchangePerIp: { points: 20, duration: 600 },
  forgotPasswordPerIp: { points: 4, duration: 600 },
  forgotPasswordPerAddress: { points: 2, duration: 600 },
  resetPasswordPerIp: { points: 3, duration: 600 },
};

let addressCounter = 0;
/** A client address no other request in this run used. */
export function newClientAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** A request the proxy forwards for `client`, after whatever X-Forwarded-For the client sent. */
export function viaProxy(client: string, spoofed?: string): Record<string, string> {
  return { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client };
}

export function newEmail(): string {
  return `rl-${randomBytes(5).toString('hex')}@example.com`;
}

export async function signInAs(test: Pick<TestApp, 'app'>, email: string, password: string, headers: Record<string, string>) {
  const response = await test.app.inject({ method: 'POST', url: SIGN_IN, headers, payload: { email, password, device_id: newDeviceId() } });
  expectContract(response, 'POST', SIGN_IN);
  return response;
}

export async function signUpVia(test: Pick<TestApp, 'app'>, headers: Record<string, string>, email = newEmail()) {
  const response = await test.app.inject({
    method: 'POST',
    url: SIGN_UP,
    headers,
    payload: { email, password: TEST_PASSWORD, cpassword: TEST_PASSWORD, device_id: newDeviceId(), country: 'ES' },
  });
  expectContract(response, 'POST', SIGN_UP);
  return response;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectTooMany(response: Awaited<ReturnType<typeof signInAs>>): number {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ isSuccess: false, statusCode: 429, code: 'auth.tooManyAttempts', message: expect.stringMatching(/too many attempts/i) });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

/** The scenarios, on an app whose limits live in Redis at `redisUrl`, or in memory when null. */
export function rateLimitScenarios(redisUrl: string | null): void {
  let running: TestApp | undefined;
  beforeAll(async () => {
    running = await createTestApp({ trustProxy: 1, rateLimits: scenarioLimits, redisUrl });
  });
  afterAll(() => running?.close());
  const t = liveTestApp(() => running);

  // Many password checks (each a deliberate ~200 ms of scrypt, more on a loaded machine) and waits of 1 to 2 s.
  describe('per account, from any address', { timeout: 120_000 }, () => {
    it('after the free attempts, admits one attempt per wait, each wait twice the last', async () => {
      const email = newEmail();
      const guess = () => signInAs(t, email, 'Wrong#Pass1', viaProxy(newClientAddress()));
      for (let i = 0; i < 3; i += 1) expect((await guess()).statusCode).toBe(401);
      expect(expectTooMany(await guess())).toBe(1);
      await sleep(1_100);
      expect((await guess()).statusCode).toBe(401);
      expect(expectTooMany(await guess())).toBe(2);
      await sleep(2_100);
      expect((await guess()).statusCode).toBe(401);
      expect(expectTooMany(await guess())).toBeGreaterThanOrEqual(3);
    });

    it('of many attempts at once past the free ones, admits exactly one', async () => {
      const email = newEmail();
      for (let i = 0; i < 3; i += 1) await signInAs(t, email, 'Wrong#Pass1', viaProxy(newClientAddress()));
      await sleep(1_100);
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => signInAs(t, email, 'Wrong#Pass1', viaProxy(newClientAddress()))),
      );
      expect(burst.map((response) => response.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
    });

    it('holds back only sign-in: the owner keeps a signed-in device, and a correct password after the wait ends the back-off', async () => {
      const email = newEmail();
      const home = viaProxy(newClientAddress());
      const created = await signUpVia(t, home, email);
      expect(created.statusCode).toBe(201);
      const guess = () => signInAs(t, email, 'Wrong#Pass1', viaProxy(newClientAddress()));
      for (let i = 0; i < 4; i += 1) await guess();
      expectTooMany(await signInAs(t, email, TEST_PASSWORD, home));
      const refreshed = await t.app.inject({ method: 'GET', url: REFRESH, headers: { ...home, cookie: refreshCookie(created)! } });
      expect(refreshed.statusCode).toBe(200);
      await sleep(1_100);
      expect((await signInAs(t, email, TEST_PASSWORD, home)).statusCode).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await guess()).statusCode).toBe(401);
    });
  });

  describe('per address, behind a proxy', { timeout: 60_000 }, () => {
    it('a left-most X-Forwarded-For the client chose does not reset the sign-in limit', async () => {
      const client = newClientAddress();
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        answers.push((await signInAs(t, newEmail(), 'Wrong#Pass1', viaProxy(client, newClientAddress()))).statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 401, 429]);
      expect((await signInAs(t, newEmail(), 'Wrong#Pass1', viaProxy(newClientAddress()))).statusCode).toBe(401);
    });

    it('a left-most X-Forwarded-For the client chose does not reset the sign-up limit', async () => {
      const client = newClientAddress();
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await signUpVia(t, viaProxy(client, newClientAddress()))).statusCode);
      expect(answers).toEqual([201, 201, 429]);
    });
  });
}
