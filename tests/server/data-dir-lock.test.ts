// The embedded database's folder belongs to one server process (server/db/data-dir-lock.ts): a
// second start on the same DATA_DIR exits with one line naming the folder and the process that
// holds it; a killed owner's lock is taken over; a damaged folder is said plainly. And a start
// prints no Fastify deprecation warning.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from './fixtures/server-process';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'fs-data-dir-lock-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A DATA_DIR holding a copy of the migrated PGlite template, so a start gets past it quickly. */
async function warmDataDir(name: string): Promise<string> {
  const dataDir = path.join(scratch, name);
  await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The environment of a start on `dataDir` (the fixture stops the sample media's encoding with the server). */
const startEnv = (dataDir: string) => ({ DATA_DIR: dataDir });

/** Runs `server/main.ts` until it exits (or 90 s); answers its exit code and standard error. */
function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DIST_DIR: '/nonexistent-dist', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A start that does not exit (a lock that failed to hold) must not outlive the test.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const startUpLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('FitStream'));

// Each case starts Node processes; a loaded machine can take a while for that.
// PGlite only: with TEST_DATABASE_URL there is no PGlite template to start from.
describe.skipIf(inject('pgliteTemplateDir') === '')('one server per DATA_DIR', { timeout: 180_000 }, () => {
  it('a second start on the same DATA_DIR exits with one line naming the folder and the process that holds it', async () => {
    const dataDir = await warmDataDir('shared');
    const first = await startServerProcess(startEnv(dataDir));
    try {
      expect(first.stderr()).not.toMatch(/FSTDEP|DeprecationWarning/);
      const second = await startExpectingExit(startEnv(dataDir));
      expect(second.code).toBe(1);
      expect(startUpLines(second.stderr)).toEqual([
        `FitStream cannot start: the database folder ${dataDir}/pglite is in use by process ${first.pid} (another FitStream server?); stop that process, or give this server a DATA_DIR of its own.`,
      ]);
      // The first one still serves.
      expect((await fetch(`${first.url}/api/v1/payments/price-range`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Stopped, it leaves the folder free: nothing but the database in DATA_DIR.
    expect(await readdir(dataDir)).not.toContain('pglite.lock');
  });

  it('the lock of a killed server is taken over, and released by a gentle stop', async () => {
    const dataDir = await warmDataDir('killed');
    const killed = await startServerProcess(startEnv(dataDir));
    await killed.stop('SIGKILL');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const next = await startServerProcess(startEnv(dataDir));
    try {
      expect((await fetch(`${next.url}/api/v1/payments/price-range`)).status).toBe(200);
    } finally {
      await next.stop();
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('a damaged database folder: one line saying which folder and what to do', async () => {
    const dataDir = await warmDataDir('damaged');
    // Garbage over the write-ahead log, as a failing disk or a half-copied folder would leave.
    const wal = path.join(dataDir, 'pglite', 'pg_wal');
    for (const segment of (await readdir(wal)).filter((name) => /^[0-9A-F]{24}$/.test(name))) {
      const file = await open(path.join(wal, segment), 'r+');
      await file.write(Buffer.alloc(100_000, 0x5a), 0, 100_000, 0);
      await file.close();
    }
    const { code, stderr } = await startExpectingExit(startEnv(dataDir));
    expect(code).toBe(1);
    expect(startUpLines(stderr)).toEqual([
      expect.stringMatching(
        new RegExp(`^FitStream cannot start: the database folder ${dataDir}/pglite cannot be opened \\(.+\\): it is damaged or is not a FitStream database\\. Restore it from a backup, or move it away to start with an empty database\\.$`),
      ),
    ]);
    expect(stderr).not.toMatch(/RuntimeError/);
  });
});
