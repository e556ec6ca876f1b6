// Migration 0042 (decisions 072, 073) on data the previous version made, on PostgreSQL (the same
// as tests/server/migrations/heart-rate.test.ts on PGlite).
import { rm } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { freshPostgres } from '../server/harness';
import { expectMigrated, previousData, previousFolder } from '../server/fixtures/migration-0042';

it('adds the effort to completions made before, empty, and heart-rate settings per profile', async () => {
  const folder = await previousFolder();
  const database = await freshPostgres(process.env.TEST_DATABASE_URL!);
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    const db = drizzle({ client: pool });
    await migrate(db, { migrationsFolder: folder });
    await pool.query(previousData);
    await migrate(db, { migrationsFolder });
    await expectMigrated(async (text) => (await pool.query<Record<string, unknown>>(text)).rows);
  } finally {
    await pool.end();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
