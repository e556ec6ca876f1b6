// Migration 0036 (decision 064) on data the previous version made, on PostgreSQL (the same as
// tests/server/migrations/household-profiles.test.ts on PGlite).
import { rm } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { freshPostgres } from '../server/harness';
import { expectMoved, previousData, previousFolder } from '../server/fixtures/migration-0036';

it('moves every account’s data to its owner’s profile', async () => {
  const folder = await previousFolder();
  const database = await freshPostgres(process.env.TEST_DATABASE_URL!);
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    const db = drizzle({ client: pool });
    await migrate(db, { migrationsFolder: folder });
    await pool.query(previousData);
    await migrate(db, { migrationsFolder });
    await expectMoved(async (text) => (await pool.query<Record<string, unknown>>(text)).rows);
  } finally {
    await pool.end();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
