// Runs only where both a PostgreSQL server and a Redis answer (TEST_POSTGRES_URL or
// TEST_DATABASE_URL, and TEST_REDIS_URL, as .ci/run sets them for `npm test`; vitest.config.ts
// includes tests/scale/ then). Two server processes share one
// PostgreSQL database and one Redis, started together on an empty database, behind HAProxy
// running the balancer's template (deploy/haproxy/, one trusted hop): what a client does through
// the balancer must not notice there are two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVOCATION_SYNC_MS } from '@server/modules/auth/revocations';
import { ApiClient } from '../server/fixtures/api-client';
import type { Balancer } from '../server/fixtures/haproxy';
import type { ServerProcess } from '../server/fixtures/server-process';
import { startSharedInstances, type SharedInstances } from '../server/fixtures/shared-instances';
import { newDeviceId, PNG, TEST_PASSWORD } from '../server/harness';

/** How long after a logout the other instance may still accept its access token (decision 018). */
const REVOCATION_BOUND_MS = 2 * DEFAULT_REVOCATION_SYNC_MS;

describe('two instances on one PostgreSQL and one Redis, behind HAProxy', () => {
  let shared: SharedInstances;
  let instances: ServerProcess[];
  let balancer: Balancer;
  let proxyUrl: string;

  beforeAll(async () => {
    shared = await startSharedInstances({ env: { RATE_LIMIT_SIGN_IN_PER_IP: '4/600' } });
    ({ instances, balancer } = shared);
    proxyUrl = balancer.url;
  }, 240_000);
  afterAll(async () => {
    await shared?.stop();
  });

  it('a journey whose requests alternate between them completes', async () => {
    const client = new ApiClient(proxyUrl);
    const before = await balancer.instances();
    expect((await client.signUp()).status).toBe(201);
    const image = await client.uploadImage();
    expect((await client.call('POST', '/api/v1/users/details', { name: 'Ana Pérez', image })).status).toBe(200);
    expect((await client.call('POST', '/api/v1/payments/plans')).status).toBe(200);
    const checkout = await client.subscribe();
    expect(await client.pay(checkout.path)).toBe(303);
    expect((await client.confirm(checkout.sessionId)).status).toBe(200);
    expect((await client.call('GET', '/api/v1/refresh')).status).toBe(200);
    expect((await client.call('GET', '/api/v1/refresh')).status).toBe(200);
    const { plans, payments } = await client.subscriptions();
    expect(plans).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect((await client.call('POST', '/api/v1/auth/logout')).status).toBe(200);
    // Each instance served part of the journey.
    const after = await balancer.instances();
    for (const [index, state] of after.entries()) expect(state.requests).toBeGreaterThan(before[index]!.requests);
  });

  it('a logout on one ends access on the other, within the bound of decision 018', async () => {
    const client = new ApiClient(instances[0]!.url);
    expect((await client.signUp()).status).toBe(201);
    const { token, cookie } = client;
    expect((await client.call('POST', '/api/v1/payments/plans', undefined, instances[1]!.url)).status).toBe(200);
    expect((await client.call('POST', '/api/v1/auth/logout')).status).toBe(200);
    Object.assign(client, { token, cookie });
    // At once on the instance that logged out; on the other when the database's notification
    // arrives (milliseconds), and at the latest 2 × 5 s after the logout (the catch-up read).
    expect((await client.call('POST', '/api/v1/payments/plans')).status).toBe(401);
    const deadline = Date.now() + REVOCATION_BOUND_MS;
    let other = 200;
    while (other !== 401 && Date.now() < deadline) {
      other = (await client.call('POST', '/api/v1/payments/plans', undefined, instances[1]!.url)).status;
      if (other !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(other).toBe(401);
    expect((await client.call('GET', '/api/v1/refresh', undefined, instances[1]!.url)).status).toBe(401);
  });

  it('an uploaded image is served by both', async () => {
    const client = new ApiClient(instances[0]!.url);
    expect((await client.signUp()).status).toBe(201);
    const image = await client.uploadImage();
    for (const instance of instances) {
      const served = await fetch(`${instance.url}/uploads/${image}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });

  it('rate limits are shared: alternating instances reach the limit at the same count as one, whatever the client forwards', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${proxyUrl}/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: TEST_PASSWORD, device_id: newDeviceId() }),
      });
      answers.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
  });
});
