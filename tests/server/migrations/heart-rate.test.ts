// Migration 0042 (decisions 072, 073) on data the previous version made, on PGlite: completions
// made before keep everything and have no effort; the heart-rate settings are per profile and go
// with it. tests/postgres runs the same on PostgreSQL.
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { expectMigrated, previousData, previousFolder } from '../fixtures/migration-0042';

it('adds the effort to completions made before, empty, and heart-rate settings per profile', async () => {
  const folder = await previousFolder();
  const client = new PGlite();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    await client.exec(previousData);
    await migrate(db, { migrationsFolder });
    await expectMigrated(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
