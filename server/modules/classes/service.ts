// App layer: the catalog's reads kept in memory (decision 018). The catalog and its facets are
// the same for every account and change with an import now and then; each account's progress
// is kept for the accounts being served, dropped when its rows change (at once by this
// instance's own writes, by the database's notification on the others).
import fp from 'fastify-plugin';
import type { components } from '@api/schema';
import { listFacets, loadAccountProgress, loadCatalogSnapshot, type AccountProgress, type CatalogSnapshot } from '@server/modules/classes/class-repository';
import { CachedRead, KeyedCachedRead } from '@server/db/cached-read';
import { PROGRESS_CHANGED_CHANNEL } from '@server/db/notifications';

/** Without a notification, nothing is kept longer than this. */
const MAX_AGE_MS = 60_000;
/** Accounts whose progress is kept: the most recently served. */
const PROGRESS_ACCOUNTS = 5_000;

export interface CatalogReads {
  catalog: CachedRead<CatalogSnapshot>;
  facets: CachedRead<components['schemas']['ClassFacets']>;
  progress: KeyedCachedRead<string, AccountProgress>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogReads: CatalogReads;
  }
}

export default fp(
  async (app) => {
    const progress = new KeyedCachedRead((userId: string) => loadAccountProgress(app.db, userId), { maxKeys: PROGRESS_ACCOUNTS, maxAgeMs: MAX_AGE_MS });
    app.changeFeed.on(PROGRESS_CHANGED_CHANNEL, (userId) => (userId ? progress.invalidate(userId) : progress.clear()));
    app.changeFeed.onReconnect(() => progress.clear());
    app.decorate('catalogReads', {
      catalog: new CachedRead(() => loadCatalogSnapshot(app.db), { tables: ['classes', 'disciplines', 'instructors'], maxAgeMs: MAX_AGE_MS }).listen(app.changeFeed),
      facets: new CachedRead(() => listFacets(app.db), { tables: ['disciplines', 'instructors'], maxAgeMs: MAX_AGE_MS }).listen(app.changeFeed),
      progress,
    });
  },
  { name: 'catalog-reads', dependencies: ['config-and-database', 'change-feed'] },
);
