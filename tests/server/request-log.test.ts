// What the server logs per request: every API write and every failure at `info`, successful
// reads only at `debug`, never a successful request for the app's static files, nor the
// values of a failed query.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestApp, newDeviceId, signUp, TEST_PASSWORD, type TestApp } from './harness';

describe('request log', () => {
  let t: TestApp;
  let dist: string;
  const lines: Array<Record<string, unknown>> = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fs-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>FitStream</title>');
    await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp({ distDir: dist });
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    app = await buildApp({ ...t.config, logLevel: 'info' }, { db: t.app.db, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const completed = () => lines.filter((line) => line.msg === 'request completed');

  it('logs API writes and failures once each, with status and time, and skips successful reads and served files', async () => {
    await app.inject({ method: 'GET', url: '/' });
    await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    await app.inject({ method: 'GET', url: '/api/v1/payments/price-range' });
    await app.inject({ method: 'GET', url: '/assets/missing.js' });
    await signUp(app);
    expect(completed().map((line) => [line.method, line.url, line.statusCode])).toEqual([
      ['GET', '/assets/missing.js', 404],
      ['POST', '/api/v1/auth/sign-up', 201],
    ]);
    expect(typeof completed()[0]?.ms).toBe('number');
    // Each line names its request (the request's own logger is made when it first writes).
    expect(completed().map((line) => typeof line.reqId)).toEqual(['string', 'string']);
    expect(completed()[0]?.reqId).not.toBe(completed()[1]?.reqId);
  });

  it('logs successful reads too at LOG_LEVEL=debug, the plans list (a POST that only reads) among them', async () => {
    const debugLines: Array<Record<string, unknown>> = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) debugLines.push(JSON.parse(line));
    });
    const debugApp = await buildApp({ ...t.config, logLevel: 'debug' }, { db: t.app.db, logStream: stream });
    try {
      await debugApp.ready();
      const { token } = await signUp(debugApp);
      await debugApp.inject({ method: 'GET', url: '/api/v1/payments/price-range' });
      await debugApp.inject({ method: 'POST', url: '/api/v1/payments/plans', headers: { authorization: `FitStream ${token}` }, payload: {} });
      const reads = debugLines.filter((line) => line.msg === 'request completed' && line.statusCode === 200);
      expect(reads.map((line) => [line.method, line.url])).toEqual([
        ['GET', '/api/v1/payments/price-range'],
        ['POST', '/api/v1/payments/plans'],
      ]);
    } finally {
      await debugApp.close();
    }
  });

  it('logs the plans list at info only when it fails', async () => {
    const before = completed().length;
    await app.inject({ method: 'POST', url: '/api/v1/payments/plans', payload: {} });
    expect(completed().slice(before).map((line) => [line.url, line.statusCode])).toEqual([['/api/v1/payments/plans', 401]]);
  });
});

describe('failed queries in the log', () => {
  it('name the query but never its values: no email, no password hash', async () => {
    const t = await createTestApp();
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ ...t.config, logLevel: 'info' }, { db: t.app.db, logStream: stream });
    try {
      await app.ready();
      // Every later query on users fails, with the account's values as its parameters.
      await app.db.execute(sql`alter table users rename to users_gone`);
      const email = 'private.person@example.com';
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        payload: { email, password: TEST_PASSWORD, cpassword: TEST_PASSWORD, device_id: newDeviceId(), country: 'ES' },
      });
      expect(signUp.statusCode).toBe(500);
      const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password: TEST_PASSWORD, device_id: newDeviceId() } });
      expect(signIn.statusCode).toBe(500);
      const failures = lines.filter((line) => line.includes('"request failed"'));
      expect(failures).toHaveLength(2);
      for (const failure of failures) expect(failure).toMatch(/Failed query: (insert into|select .* from) \\"users\\"/);
      for (const line of lines) {
        expect(line).not.toContain(email);
        expect(line).not.toContain('scrypt$');
      }
    } finally {
      await app.close();
      await t.close();
    }
  });
});
