// A rolling restart behind the balancer (runs where PostgreSQL and Redis answer, like
// two-instances.test.ts): two instances behind HAProxy running deploy/haproxy/'s template, a
// signed-in client sending a steady stream of requests (reads and writes), one instance sent
// SIGTERM, taken out of the rotation by its readiness (503) while it still listens, left to drain
// and exit, and started again on its port. The client must notice nothing: every request
// answered 200, before, during and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../server/fixtures/api-client';
import { steadyStream, until } from '../server/fixtures/steady-stream';
import { sharedJwtSecret } from '../server/fixtures/server-process';
import { startSharedInstances, type SharedInstances } from '../server/fixtures/shared-instances';

describe('a rolling restart behind HAProxy', () => {
  let shared: SharedInstances;

  beforeAll(async () => {
    shared = await startSharedInstances({ env: { PLAYBACK_SECRET: sharedJwtSecret(), SHUTDOWN_GRACE_SECONDS: '3' } });
  }, 240_000);
  afterAll(async () => {
    await shared?.stop();
  });

  it('an instance sent SIGTERM under a steady stream of requests, and started again, loses none of them', async () => {
    const { balancer, instances } = shared;
    const client = new ApiClient(balancer.url);
    expect((await client.signUp()).status).toBe(201);
    const stream = steadyStream(client);
    try {
      await until(() => stream.answered() >= 20, 'the first answers');
      // Drains and exits: out of the balancer's rotation at once, its listener closed after the grace.
      const stopping = instances[0]!.stop('SIGTERM');
      // Taken out by its readiness answering 503 while it still listens, not by a refused connection;
      // from then on it is sent nothing.
      const [out] = await balancer.until((states) => states[0]!.status.startsWith('DOWN'));
      expect(out!.check).toBe('L7STS');
      await stopping;
      expect((await balancer.instances())[0]!.requests).toBe(out!.requests);
      const whileAlone = stream.answered();
      await until(() => stream.answered() >= whileAlone + 20, 'answers from the other instance alone');

      await shared.restart(0);
      const [back] = await balancer.until((states) => states[0]?.status === 'UP', 30_000);
      await balancer.until((states) => states[0]!.requests > back!.requests + 10, 30_000);
    } finally {
      expect(await stream.stop()).toEqual([]);
    }
    expect(stream.answered()).toBeGreaterThan(60);
  }, 180_000);
});
