// The compiled server `npm start` runs (scripts/build-server.ts, decision 043): built into
// dist-server/, started with package.json's `start:server` flags and environment, it opens
// a fresh database, loads every module and answers reads and writes like the source does.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMissingSamples, sharedSampleMediaDir } from '@server/modules/media/sample-catalogue';
import { productionStartCommand } from '../../bench/server-process';
import { buildServer, serverBuildDir } from '../../scripts/build-server';
import { startServerProcess, type ServerProcess } from './fixtures/server-process';
import { newDeviceId, TEST_PASSWORD } from './harness';

describe('the compiled server (npm start)', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    await buildServer();
    const start = await productionStartCommand();
    expect(path.resolve(start.script)).toBe(path.join(serverBuildDir, 'main.js'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-built-'));
    // The shared sample media (made once), so the server encodes nothing while the test runs.
    await makeMissingSamples(sharedSampleMediaDir);
    server = await startServerProcess({ ...start.env, DATA_DIR: dataDir, MEDIA_DIR: sharedSampleMediaDir }, [...start.nodeArgs, start.script]);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the public plans, a sign-up and the signed-in catalog, with no TypeScript loader', async () => {
    const range = await fetch(`${server.url}/api/v1/payments/price-range`);
    expect(range.status).toBe(200);
    expect(await range.json()).toMatchObject({ isSuccess: true, currency: expect.any(String) });
    const signUp = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `built-${Date.now()}@example.com`, password: TEST_PASSWORD, cpassword: TEST_PASSWORD, device_id: newDeviceId(), country: 'ES' }),
    });
    expect(signUp.status).toBe(201);
    const { token } = (await signUp.json()) as { token: string };
    const catalog = await fetch(`${server.url}/api/v1/classes`, { headers: { authorization: `FitStream ${token}` } });
    expect(catalog.status).toBe(200);
    expect(((await catalog.json()) as { classes: unknown[] }).classes.length).toBeGreaterThan(0);
    expect(await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).not.toMatch(/tsx/);
  });
});
