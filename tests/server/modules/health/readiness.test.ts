// GET /livez and GET /readyz (decision 055) on the database under test (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): ready when everything answers; 503 in the contract's error shape,
// naming what is not ready, when the database, the change feed's listener or MEDIA_DIR is gone,
// and while shutting down. tests/postgres/readiness.test.ts takes a PostgreSQL server away and
// brings it back.
import { rename, rm, writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestApp, expectContract, signUp, type TestApp } from '../../harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Closes an app whose database was closed under it (the harness's close would close it again). */
async function closeWithoutDatabase(test: TestApp): Promise<void> {
  const { databaseUrl, dataDir } = test.config;
  await test.app.close().catch(() => undefined);
  if (databaseUrl && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
}

async function readyz(test: TestApp, language = 'en'): Promise<LightMyRequestResponse> {
  const response = await test.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': language } });
  expectContract(response, 'GET', '/readyz');
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

describe('GET /livez and /readyz', () => {
  it('answer 200, never cached, when everything answers', async () => {
    t = await createTestApp();
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expectContract(live, 'GET', '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await readyz(t);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ isSuccess: true, status: 'ready' });
  });

  it('answer 50 concurrent checks, all ready', async () => {
    t = await createTestApp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t!.app.inject({ method: 'GET', url: '/readyz' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
  });

  it('is 503 naming the database (and the listener) once the database is closed; /livez still answers', async () => {
    t = await createTestApp();
    expect((await readyz(t)).statusCode).toBe(200);
    const client = (t.app.db as unknown as { $client: { close?: () => Promise<void>; end?: () => Promise<void> } }).$client;
    await (client.close ? client.close() : client.end!());
    const response = await readyz(t);
    expect(response.statusCode).toBe(503);
    const body = response.json<{ code: string; not_ready: string[]; statusCode: number }>();
    expect(body.code).toBe('health.notReady');
    expect(body.statusCode).toBe(503);
    expect(body.not_ready).toContain('database');
    expect(body.not_ready).not.toContain('media_dir');
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    await closeWithoutDatabase(t);
    t = undefined;
  });

  it('is 503 naming the listener when the change feed no longer listens', async () => {
    t = await createTestApp();
    await t.app.changeFeed.close();
    const response = await readyz(t, 'es');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ not_ready: ['listener'], message: 'Este servidor no está listo: listener.' });
  });

  it('is 503 naming media_dir while MEDIA_DIR is missing or not a folder, and 200 again once it is back', async () => {
    t = await createTestApp();
    const { mediaDir } = t.config;
    await rename(mediaDir, `${mediaDir}.away`);
    expect((await readyz(t)).json()).toMatchObject({ statusCode: 503, not_ready: ['media_dir'] });
    await writeFile(mediaDir, 'not a folder');
    expect((await readyz(t)).json()).toMatchObject({ statusCode: 503, not_ready: ['media_dir'] });
    await rm(mediaDir);
    await rename(`${mediaDir}.away`, mediaDir);
    expect((await readyz(t)).statusCode).toBe(200);
  });

  it('is 503 naming migrations when the newest migration is not recorded as applied', async () => {
    t = await createTestApp();
    const { sql } = await import('drizzle-orm');
    await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect((await readyz(t)).json()).toMatchObject({ statusCode: 503, not_ready: ['migrations'] });
  });

  it('is 503 shutting_down at once when shutdown begins, while other routes still answer', async () => {
    t = await createTestApp();
    t.app.health.beginShutdown();
    const response = await readyz(t);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'health.shuttingDown', not_ready: ['shutting_down'], message: 'This server is shutting down.' });
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    // A sign-up (signUp throws unless it is answered 201) still works.
    expect((await signUp(t.app)).token).not.toBe('');
  });

  it('logs nothing for healthy checks at info, and a line for a 503', async () => {
    t = await createTestApp();
    const lines: { msg?: string; url?: string; statusCode?: number }[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const logged = await buildApp({ ...t.config, logLevel: 'info' }, { db: t.app.db, logStream: stream });
    try {
      await logged.ready();
      const before = lines.length;
      expect((await logged.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(lines.slice(before)).toEqual([]);
      await rename(t.config.mediaDir, `${t.config.mediaDir}.away`);
      expect((await logged.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect(lines.slice(before).map((line) => [line.msg, line.url, line.statusCode])).toEqual([['request completed', '/readyz', 503]]);
    } finally {
      await logged.close();
    }
  });
});
