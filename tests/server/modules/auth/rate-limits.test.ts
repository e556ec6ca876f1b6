// Rate limits kept in memory (one instance), behind a proxy configured by hop count or by the
// balancer's addresses, and without one. The same scenarios run on Redis in tests/redis/.
import { describe, expect, it } from 'vitest';
import type { Config } from '@server/config';
import { createTestApp, type TestApp } from '../../harness';
import { newClientAddress, newEmail, rateLimitScenarios, scenarioLimits, signInAs, viaProxy } from './rate-limit-scenarios';

describe('rate limits in memory', () => {
  rateLimitScenarios(null);
});

/**
 * Sign-in answers for five attempts from one client that writes its own X-Forwarded-For:
 * a new left-most entry each time, or (without a proxy) a whole new header.
 */
async function spoofingClient(trustProxy: Config['trustProxy']): Promise<number[]> {
  let test: TestApp | undefined;
  try {
    test = await createTestApp({ trustProxy, rateLimits: scenarioLimits });
    const client = newClientAddress();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const headers = trustProxy ? viaProxy(client, newClientAddress()) : viaProxy(newClientAddress());
      answers.push((await signInAs(test, newEmail(), 'Wrong#Pass1', headers)).statusCode);
    }
    return answers;
  } finally {
    await test?.close();
  }
}

describe('client addresses', () => {
  it('TRUST_PROXY as the balancer addresses: the limit holds whatever the client writes in X-Forwarded-For', async () => {
    expect(await spoofingClient(['127.0.0.0/8', '::1'])).toEqual([401, 401, 401, 401, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored and the limit holds', async () => {
    expect(await spoofingClient(false)).toEqual([401, 401, 401, 401, 429]);
  });
});
