// Runs only where a Redis answers (TEST_REDIS_URL, as .ci/run sets it; vitest.config.ts includes
// tests/redis/ then): the rate-limit scenarios with Redis as the store, and two instances on one
// Redis sharing their counts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/harness';
import { newClientAddress, newEmail, rateLimitScenarios, scenarioLimits, signInAs, viaProxy } from '../server/modules/auth/rate-limit-scenarios';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe('rate limits in Redis', () => {
  rateLimitScenarios(redisUrl);
});

describe('two instances on one Redis', () => {
  const both: TestApp[] = [];
  beforeAll(async () => {
    const shared = { trustProxy: 1, rateLimits: scenarioLimits, redisUrl, redisKeyPrefix: `fs-test-${randomBytes(6).toString('hex')}:` } as const;
    both.push(await createTestApp(shared), await createTestApp(shared));
  });
  afterAll(() => Promise.all(both.map((test) => test.close())));

  it('count attempts together: alternating between them reaches the limit no sooner and no later', async () => {
    const client = newClientAddress();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await signInAs(both[i % 2]!, newEmail(), 'Wrong#Pass1', viaProxy(client))).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
  });

  it('share the back-off of an account', async () => {
    const email = newEmail();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await signInAs(both[i % 2]!, email, 'Wrong#Pass1', viaProxy(newClientAddress()))).statusCode);
    // The scenario's 3 free attempts, then the wait the last one started (decision 008), on either instance.
    expect(answers).toEqual([401, 401, 401, 429, 429]);
  });
});
