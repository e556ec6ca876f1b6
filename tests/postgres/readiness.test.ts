// Readiness against a real PostgreSQL server that goes away and comes back (decision 055): the
// app reaches it through a TCP proxy the test controls. /readyz answers 503 naming the database
// and the listener while the server cannot be reached, the listener alone when only its LISTEN
// connection is lost, the database when the server stops answering (without piling up queries),
// and 200 again once all is back.
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../server/fixtures/tcp-proxy';
import { createTestApp, expectContract, freshPostgres, type TestApp } from '../server/harness';

const baseUrl = process.env.TEST_DATABASE_URL!;

let t: TestApp;
let proxy: TcpProxy;
let database: Awaited<ReturnType<typeof freshPostgres>>;
beforeAll(async () => {
  database = await freshPostgres(baseUrl);
  const direct = new URL(database.url);
  proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  t = await createTestApp({ databaseUrl: proxied.toString() });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await database?.drop();
});

async function readyz(): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  expectContract(response, 'GET', '/readyz');
  return response;
}

/** /readyz's `not_ready` (empty when ready) once it is `wanted`, or the last one after 30 s of asking. */
async function readinessBecomes(wanted: string[]): Promise<string[]> {
  let notReady: string[] = [];
  for (let attempt = 0; attempt < 150; attempt++) {
    const response = await readyz();
    notReady = response.statusCode === 200 ? [] : response.json<{ not_ready: string[] }>().not_ready;
    if (JSON.stringify(notReady) === JSON.stringify(wanted)) return notReady;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return notReady;
}

/** The port toward PostgreSQL of the app's LISTEN connection, as the server sees it. */
async function listenerPort(): Promise<number> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ client_port: number }>(
      "SELECT client_port FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'",
    );
    expect(rows).toHaveLength(1);
    return rows[0]!.client_port;
  } finally {
    await admin.end();
  }
}

describe('readiness on a PostgreSQL server that goes away', () => {
  it('is 503 naming the database and the listener while the server cannot be reached, then 200 again', async () => {
    expect((await readyz()).statusCode).toBe(200);
    proxy.refuseNew(true);
    proxy.cut();
    expect(await readinessBecomes(['database', 'listener'])).toEqual(['database', 'listener']);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    proxy.refuseNew(false);
    expect(await readinessBecomes([])).toEqual([]);
  });

  it('is 503 naming the listener alone when only its connection is lost, then 200 once it is back', async () => {
    expect((await readyz()).statusCode).toBe(200);
    const port = await listenerPort();
    // The pool keeps the connection the check above used; the listener cannot come back.
    proxy.refuseNew(true);
    proxy.cut((upstreamPort) => upstreamPort === port);
    expect(await readinessBecomes(['listener'])).toEqual(['listener']);
    proxy.refuseNew(false);
    expect(await readinessBecomes([])).toEqual([]);
  });

  it('is 503 naming the database when the server stops answering, with one query waiting however many ask', async () => {
    expect((await readyz()).statusCode).toBe(200);
    proxy.stall(true);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => readyz()));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(503));
      expect(answers.map((answer) => answer.json<{ not_ready: string[] }>().not_ready)).toEqual(Array(10).fill(['database']));
    }
    // The first check's query waits; the later checks send none (the pool has idle connections they could use).
    expect(proxy.held().split('__drizzle_migrations').length - 1).toBe(1);
    proxy.stall(false);
    expect(await readinessBecomes([])).toEqual([]);
  });
});
