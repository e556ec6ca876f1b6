// Migration 0036 (decision 064) on data the previous version made, on PGlite: every account gets
// its owner's profile, from its name (or its address), and every per-person row moves to it;
// signed-in devices stay in, on that profile. tests/postgres runs the same on PostgreSQL.
import { expect, it } from 'vitest';
import { migrateOnPglite } from '../fixtures/previous-version';
import { expectMoved, previousData, previousFolder } from '../fixtures/migration-0036';

it('moves every account’s data to its owner’s profile', async () => {
  await migrateOnPglite({
    folder: previousFolder,
    data: previousData,
    before: async (query) => expect(await query('select count(*)::int as n from favourites')).toEqual([{ n: 1 }]),
    after: expectMoved,
  });
}, 120_000);
