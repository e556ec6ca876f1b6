// Migration 0042 (decisions 072, 073) on data the previous version made, on PGlite: completions
// made before keep everything and have no effort; the heart-rate settings are per profile and go
// with it. tests/postgres runs the same on PostgreSQL.
import { it } from 'vitest';
import { migrateOnPglite } from '../fixtures/previous-version';
import { expectMigrated, previousData, previousFolder } from '../fixtures/migration-0042';

it('adds the effort to completions made before, empty, and heart-rate settings per profile', async () => {
  await migrateOnPglite({ folder: previousFolder, data: previousData, after: expectMigrated });
}, 120_000);
