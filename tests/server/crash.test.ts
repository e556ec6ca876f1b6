// Proof under a crash: the server is killed with SIGKILL after the sandbox payment and before
// the app confirms it (and, harder, while the payment itself is in flight), then restarted on
// the same data. The account ends with exactly one subscription and one payment. On PGlite,
// or on PostgreSQL when TEST_DATABASE_URL is set (as .ci/run does for the database suites).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { ApiClient } from './fixtures/api-client';
import { sharedJwtSecret, startServerProcess, type ServerProcess } from './fixtures/server-process';
import { freshPostgres } from './harness';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Two server starts per test; a loaded machine can take a while for each. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

describe(`a server killed mid-purchase, restarted on the same ${postgresUrl ? 'PostgreSQL database' : 'PGlite data directory'}`, { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  let running: ServerProcess | undefined;
  let client: ApiClient;

  beforeEach(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-crash-'));
    const database = postgresUrl ? await freshPostgres(postgresUrl) : undefined;
    if (!database) await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    env = { DATA_DIR: dataDir, JWT_SECRET: sharedJwtSecret(), ...(database ? { DATABASE_URL: database.url } : {}) };
    cleanUp = async () => {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterEach(async () => {
    await running?.stop('SIGKILL');
    await cleanUp();
  });

  /** Kills the server and starts a new one on the same data; answers calls to the new one. */
  async function restart(): Promise<ApiClient['call']> {
    await running!.stop('SIGKILL');
    running = await startServerProcess(env);
    const url = running.url;
    return (method, urlPath, body) => client.call(method, urlPath, body, url);
  }

  /** A signed-up client with a checkout open, on the first server. */
  async function openCheckout(): Promise<{ path: string; sessionId: string }> {
    running = await startServerProcess(env);
    client = new ApiClient(running.url);
    expect((await client.signUp()).status).toBe(201);
    return client.subscribe();
  }

  async function expectOneSubscriptionAndPayment(sessionId: string, call: ApiClient['call']): Promise<void> {
    const confirm = () => call('POST', '/api/v1/payments/subscription-current', { customer: sessionId, deviceId: client.deviceId });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await confirm()).status).toBe(200);
    const listed = await call('POST', '/api/v1/payments/subscriptions');
    expect(listed.status).toBe(200);
    expect(listed.body.plans).toHaveLength(1);
    expect(listed.body.payments).toHaveLength(1);
  }

  it('after the payment, before the confirmation: one subscription, one payment', async () => {
    const checkout = await openCheckout();
    expect(await client.pay(checkout.path)).toBe(303);
    const call = await restart();
    await expectOneSubscriptionAndPayment(checkout.sessionId, call);
  });

  it('during the payment: paying again after the restart still makes one subscription, one payment', async () => {
    const checkout = await openCheckout();
    const inFlight = client.pay(checkout.path).catch(() => 0);
    const call = await restart();
    await inFlight;
    // The page may have been paid before the kill or not: paying again answers 303 either way.
    expect(await client.pay(checkout.path, running!.url)).toBe(303);
    await expectOneSubscriptionAndPayment(checkout.sessionId, call);
  });
});
