// App layer: `app.classes`, the catalog as the classes routes read it, from reads kept in
// memory (decision 018). The catalog and its facets are
// the same for every account and change with an import now and then; each account's progress
// is kept for the accounts being served, dropped when its rows change (at once by this
// instance's own writes, by the database's notification on the others).
import fp from 'fastify-plugin';
import type { components } from '@domain/api-schema';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Database } from '@server/db/client';
import type { Viewer } from '@server/plugins/app/auth';
import { classAccess, hasClassAccess } from './access';
import {
  cardsFromSnapshot,
  findClass,
  homeRowsChangeAt,
  homeRowsFromSnapshot,
  listClasses,
  listClassesFromSnapshot,
  listFacets,
  loadProfileProgress,
  loadCatalogSnapshot,
  type ProfileProgress,
  type CatalogSnapshot,
} from './class-repository';
import { FirstPages } from './first-pages';
import { parseListQuery, type ListClassesQuery, type ParsedListQuery } from './list-query';
import { CachedRead, KeyedCachedRead } from '@server/db/cached-read';
import { PROGRESS_CHANGED_CHANNEL } from '@server/db/notifications';

/** Without a notification, nothing is kept longer than this. */
const MAX_AGE_MS = 60_000;
/** Accounts whose progress is kept: the most recently served. */
const PROGRESS_PROFILES = 5_000;

export interface CatalogReads {
  catalog: CachedRead<CatalogSnapshot>;
  facets: CachedRead<components['schemas']['ClassFacets']>;
  progress: KeyedCachedRead<string, ProfileProgress>;
}

type ClassesHome = components['schemas']['ClassesHomeSuccess'];

export function classesService(db: Database, { catalog, facets, progress }: CatalogReads, answers: AccountAnswers, firstPages = new FirstPages()) {
  return {
    /**
     * The response body of a first page without search, from the page kept for its filters
     * with the account's progress spliced in (first-pages.ts); null for any other page, which
     * `list` answers.
     */
    firstPage(profileId: string, query: ListClassesQuery): Buffer | null | Promise<Buffer | null> {
      if (query.cursor !== undefined) return null;
      const withQuery = ({ filters, limit }: ParsedListQuery): Buffer | null | Promise<Buffer | null> => {
        if (filters.search !== null) return null;
        const [snapshot, pageFacets, own] = [catalog.current(), facets.current(), progress.current(profileId)];
        // Everything at hand (the usual case): answered with no promise (decision 080).
        if (!(snapshot instanceof Promise || pageFacets instanceof Promise || own instanceof Promise)) {
          return firstPages.answer(snapshot, pageFacets, own, filters, limit);
        }
        return Promise.all([snapshot, pageFacets, own]).then(([loadedSnapshot, loadedFacets, loadedOwn]) => firstPages.answer(loadedSnapshot, loadedFacets, loadedOwn, filters, limit));
      };
      const parsed = parseListQuery(query, () => facets.current());
      return parsed instanceof Promise ? parsed.then(withQuery) : withQuery(parsed);
    },
    /**
     * One page of the list for this query (400 for a query that names nothing known), with the
     * facets on the first page. Only a search reads the database.
     */
    async list(profileId: string, query: ListClassesQuery) {
      const { filters, after, limit } = await parseListQuery(query, () => facets.get());
      const [page, pageFacets] = await Promise.all([
        filters.search === null
          ? Promise.all([catalog.get(), progress.get(profileId)]).then(([snapshot, own]) => listClassesFromSnapshot(snapshot, own, filters, { after, limit }, new Date()))
          : listClasses(db, profileId, filters, { after, limit }),
        after === null ? facets.get() : undefined,
      ]);
      return { page, facets: pageFacets };
    },
    /**
     * The home rows' body, kept serialised (decision 045) until the account's progress or
     * subscriptions or the catalog change, or time changes the rows (a class published, one
     * leaving "new this week", a paid period ending).
     */
    homeAnswer(viewer: Viewer, serialize: (body: ClassesHome) => string): Buffer | Promise<Buffer> {
      return answers.get(viewer.accountId, `classes.home:${viewer.profileId}`, async () => {
        const now = new Date();
        const [access, snapshot, own] = await Promise.all([classAccess(db, viewer.accountId, now), catalog.get(), progress.get(viewer.profileId)]);
        return {
          body: serialize({ isSuccess: true, canPlay: access.canPlay, ...homeRowsFromSnapshot(snapshot, own, now) }),
          validUntil: Math.min(access.changesAt, homeRowsChangeAt(snapshot, now)),
        };
      });
    },
    /** One class with the account's progress, or null when unknown. */
    async find(viewer: Viewer, classId: string) {
      const [snapshot, own, canPlay] = await Promise.all([catalog.get(), progress.get(viewer.profileId), hasClassAccess(db, viewer.accountId)]);
      const found = findClass(snapshot, own, classId, new Date());
      return found && { class: found, canPlay };
    },
    /** The published classes among `ids` as cards, in that order (the account's saved list). */
    async cards(profileId: string, ids: readonly string[]) {
      const [snapshot, own] = await Promise.all([catalog.get(), progress.get(profileId)]);
      return cardsFromSnapshot(snapshot, own, ids, new Date());
    },
    /** This instance's reads see the account's new progress at once; the others when the database tells them. */
    progressChanged: (profileId: string) => progress.invalidate(profileId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    classes: ReturnType<typeof classesService>;
  }
}

export default fp(
  async (app) => {
    const progress = new KeyedCachedRead((profileId: string) => loadProfileProgress(app.db, profileId), { maxKeys: PROGRESS_PROFILES, maxAgeMs: MAX_AGE_MS });
    app.changeFeed.on(PROGRESS_CHANGED_CHANNEL, (profileId) => (profileId ? progress.invalidate(profileId) : progress.clear()));
    app.changeFeed.onReconnect(() => progress.clear());
    const reads: CatalogReads = {
      catalog: new CachedRead(() => loadCatalogSnapshot(app.db), { tables: ['classes', 'disciplines', 'instructors'], maxAgeMs: MAX_AGE_MS }).listen(app.changeFeed),
      facets: new CachedRead(() => listFacets(app.db), { tables: ['disciplines', 'instructors'], maxAgeMs: MAX_AGE_MS }).listen(app.changeFeed),
      progress,
    };
    app.decorate('classes', classesService(app.db, reads, app.accountAnswers));
  },
  { name: 'classes-service', dependencies: ['config-and-database', 'change-feed', 'account-answers'] },
);
