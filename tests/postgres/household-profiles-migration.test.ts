// Migration 0036 (decision 064) on data the previous version made, on PostgreSQL (the same as
// tests/server/migrations/household-profiles.test.ts on PGlite).
import { it } from 'vitest';
import { migrateOnPostgres } from '../server/fixtures/previous-version';
import { expectMoved, previousData, previousFolder } from '../server/fixtures/migration-0036';

it('moves every account’s data to its owner’s profile', async () => {
  await migrateOnPostgres(process.env.TEST_DATABASE_URL!, { folder: previousFolder, data: previousData, after: expectMoved });
}, 120_000);
