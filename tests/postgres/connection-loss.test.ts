// Runs only where a PostgreSQL server is under test (TEST_DATABASE_URL, as .ci/run sets it;
// vitest.config.ts includes tests/postgres/ then): what only a real server can do to the app.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../server/harness';

describe('PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('survives losing its idle connections (a server restart or failover) and answers again', async () => {
    const before = await t.app.inject({ method: 'POST', url: '/api/v1/payments/plans', headers: { authorization: `FitStream ${(await signUp(t.app)).token}` } });
    expect(before.statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: t.config.databaseUrl! });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const user = await signUp(t.app);
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/payments/plans', headers: { authorization: `FitStream ${user.token}` } });
    expect(after.statusCode).toBe(200);
    expect(after.json().plans).toHaveLength(4);
  });
});
