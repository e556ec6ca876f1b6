// Migration 0036 (decision 064) on data the previous version made, on PGlite: every account gets
// its owner's profile, from its name (or its address), and every per-person row moves to it;
// signed-in devices stay in, on that profile. tests/postgres runs the same on PostgreSQL.
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { expectMoved, previousData, previousFolder } from '../fixtures/migration-0036';

it('moves every account’s data to its owner’s profile', async () => {
  const folder = await previousFolder();
  const client = new PGlite();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    await client.exec(previousData);
    expect((await client.query('select count(*)::int as n from favourites')).rows).toEqual([{ n: 1 }]);
    await migrate(db, { migrationsFolder });
    await expectMoved(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
