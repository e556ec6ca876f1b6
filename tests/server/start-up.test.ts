// Starting the server: what an operator sees when the configuration cannot work (one clear line
// and exit code 1, never a stack or a hang), and the warning for an https deployment whose
// PUBLIC_URL still says http.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestApp, freshPostgres, type TestApp } from './harness';

let scratch: string;
/** An already migrated database (a PGlite copy, or PostgreSQL under test), so a start gets past it quickly. */
let warmDatabase: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'fs-start-up-'));
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshPostgres(process.env.TEST_DATABASE_URL);
    dropDatabase = database.drop;
    warmDatabase = { DATABASE_URL: database.url };
  } else {
    const dataDir = path.join(scratch, 'warm');
    await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    warmDatabase = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await dropDatabase?.();
  await rm(scratch, { recursive: true, force: true });
});

/** Runs `server/main.ts` with `env` until it exits; answers its exit code and standard error. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: path.join(scratch, 'data'), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

// Each case starts a Node process; a loaded machine can take a while for that.
describe('start-up errors', { timeout: 120_000 }, () => {
  it.each([
    ['a DATABASE_URL nobody answers', () => ({ DATABASE_URL: 'postgres://fitstream:secret-pw@127.0.0.1:1/fitstream' }), /^FitStream cannot start: DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/fitstream \(.+\)\.$/],
    ['a DATA_DIR that cannot be written', () => ({ DATA_DIR: path.join(scratch, 'a-file', 'data') }), /^FitStream cannot start: DATA_DIR .*a-file\/data cannot be created or written to \(\w+\); set DATA_DIR to a writable directory\.$/],
    ['PAYMENTS=stripe without its keys', () => ({ PAYMENTS: 'stripe' }), /^FitStream cannot start: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\.$/],
    ['a REDIS_URL nobody answers', () => ({ REDIS_URL: 'redis://127.0.0.1:1', ...warmDatabase }), /^FitStream cannot start: REDIS_URL: cannot connect to Redis at 127\.0\.0\.1:1 \(.+\)\.$/],
  ])('%s: one clear line and exit code 1', async (_case, env, message) => {
    await writeFile(path.join(scratch, 'a-file'), 'not a directory');
    const { code, stderr } = await startServer(env());
    expect(code).toBe(1);
    expect(stderr.split('\n').filter((line) => line.startsWith('FitStream'))).toEqual([expect.stringMatching(message)]);
    expect(stderr).not.toContain('secret-pw');
  });
});

describe('https with an http PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('warns once that cookies lack Secure and HSTS is off', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const app = await buildApp({ ...t.config, logLevel: 'warn' }, { db: t.app.db, logStream: stream });
    try {
      await app.inject({ method: 'GET', url: '/api/v1/refresh' });
      expect(lines.filter((line) => /https/.test(line.msg))).toEqual([]);
      const overHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
      const first = await app.inject({ method: 'GET', url: '/api/v1/refresh', headers: overHttps });
      await app.inject({ method: 'GET', url: '/api/v1/refresh', headers: overHttps });
      expect(first.headers['strict-transport-security']).toBeUndefined();
      const warnings = lines.filter((line) => /arrived over https/.test(line.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.msg).toMatch(/PUBLIC_URL is http:\/\/localhost:8080: cookies are sent without Secure and HSTS is off/);
    } finally {
      await app.close();
    }
  });
});
