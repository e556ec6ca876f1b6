// The database: migrations seed the four plans, transactions roll back on both drivers, and
// the embedded PGlite keeps its data across a restart on the same DATA_DIR.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, users } from '@server/db/schema';
import { createTestApp, signUp, type TestApp } from './harness';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds the four plans on sale: Basic, Standard, Premium and Mobile', async () => {
    const rows = await t.app.db.select().from(plans).orderBy(asc(plans.position));
    expect(rows.map((p) => [p.id, p.position, p.amount, p.currency, p.interval, p.intervalCount, p.quality, p.resolution, p.simultaneousScreens, p.downloads, p.popular])).toEqual([
      ['basic', 0, 999, 'EUR', 'month', 1, 'HD', '720p', 1, 1, false],
      ['standard', 1, 1399, 'EUR', 'month', 1, 'FULL HD', '1080p', 2, 2, true],
      ['premium', 2, 1799, 'EUR', 'month', 1, '4K + HDR', '2160p', 4, 6, false],
      ['mobile', 3, 899, 'EUR', 'month', 1, 'HD', '720p', 1, 1, false],
    ]);
    expect(rows.map((p) => p.resolutionFull)).toEqual(['HD (720p)', 'Full HD (1080p)', '4K Ultra HD + HDR (2160p)', 'HD (720p)']);
    expect(rows[3]?.devices).toEqual(['mobile phone', 'tablet']);
    expect(rows[0]?.devices).toEqual(['TV', 'computer', 'mobile phone', 'tablet']);
  });

  it('rolls a failed transaction back', async () => {
    const user = await signUp(t.app);
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Changed' }).where(eq(users.email, user.email));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const [row] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.email, user.email));
    expect(row?.name).toBeNull();
  });
});

describe('embedded PGlite', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-reopen-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps accounts across a restart on the same DATA_DIR', async () => {
    const first = await createTestApp({ dataDir, databaseUrl: null });
    const user = await signUp(first.app);
    await first.close();
    const second = await createTestApp({ dataDir, databaseUrl: null, jwtSecret: first.config.jwtSecret });
    try {
      const refreshed = await second.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie } });
      expect(refreshed.statusCode).toBe(200);
      const response = await second.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: user.deviceId } });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

