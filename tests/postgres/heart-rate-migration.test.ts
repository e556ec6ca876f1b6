// Migration 0042 (decisions 072, 073) on data the previous version made, on PostgreSQL (the same
// as tests/server/migrations/heart-rate.test.ts on PGlite).
import { it } from 'vitest';
import { migrateOnPostgres } from '../server/fixtures/previous-version';
import { expectMigrated, previousData, previousFolder } from '../server/fixtures/migration-0042';

it('adds the effort to completions made before, empty, and heart-rate settings per profile', async () => {
  await migrateOnPostgres(process.env.TEST_DATABASE_URL!, { folder: previousFolder, data: previousData, after: expectMigrated });
}, 120_000);
