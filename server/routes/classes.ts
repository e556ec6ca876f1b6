// Classes API (/api/v1/classes/*): the catalog list (filters, search, paging, facets), one
// class, and the subscriber's home rows. Signed-in, no subscription needed to browse; `canPlay`
// tells the app whether to offer Play or a plan.
import type { FastifyInstance } from 'fastify';
import { hasClassAccess } from '../catalog/access';
import {
  findClass,
  listClasses,
  listClassesFromSnapshot,
  loadCatalogSnapshot,
  listContinueWatching,
  listDisciplineRows,
  listFacets,
  listNewThisWeek,
} from '../catalog/class-repository';
import { encodeCursor, parseListQuery, type ListClassesQuery } from '../catalog/list-query';
import { routeSchema } from '../contract';
import { CachedRead } from '../db/cached-read';
import { HttpError } from '../errors';

const base = '/api/v1/classes';

export default async function classesRoutes(app: FastifyInstance): Promise<void> {
  // Authentication first, so a visitor learns they must sign in before anything about the query.
  const signedIn = { onRequest: app.authenticate };
  // The same for every account, changed by an import now and then (decision 018).
  const facetsCache = new CachedRead(() => listFacets(app.db), { tables: ['disciplines', 'instructors'], maxAgeMs: 60_000 }).listen(app.changeFeed);
  // The catalog itself, for lists without search (the search folds words in the database).
  const catalogCache = new CachedRead(() => loadCatalogSnapshot(app.db), { tables: ['classes', 'disciplines', 'instructors'], maxAgeMs: 60_000 }).listen(
    app.changeFeed,
  );

  app.get<{ Querystring: ListClassesQuery }>(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request) => {
    const { filters, after, limit } = await parseListQuery(request.query, () => facetsCache.get());
    const userId = request.user.id;
    const [page, facets] = await Promise.all([
      filters.search === null
        ? catalogCache.get().then((snapshot) => listClassesFromSnapshot(app.db, snapshot, userId, filters, { after, limit }, new Date()))
        : listClasses(app.db, userId, filters, { after, limit }),
      after === null ? facetsCache.get() : undefined,
    ]);
    return {
      isSuccess: true,
      classes: page.classes,
      total: page.total,
      nextCursor: page.next && encodeCursor(page.next),
      ...(facets && { facets }),
    };
  });

  app.get(`${base}/home`, { ...signedIn, schema: routeSchema('GET', `${base}/home`) }, async (request) => {
    const userId = request.user.id;
    const [canPlay, continueWatching, newThisWeek, disciplines] = await Promise.all([
      hasClassAccess(app.db, userId),
      listContinueWatching(app.db, userId),
      listNewThisWeek(app.db, userId),
      listDisciplineRows(app.db, userId),
    ]);
    return { isSuccess: true, canPlay, continueWatching, newThisWeek, disciplines };
  });

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...signedIn, schema: routeSchema('GET', `${base}/{id}`) },
    async (request) => {
      const [found, canPlay] = await Promise.all([
        findClass(app.db, request.user.id, request.params.id),
        hasClassAccess(app.db, request.user.id),
      ]);
      if (!found) throw new HttpError(404, 'catalog.classNotFound');
      return { isSuccess: true, class: found, canPlay };
    },
  );
}
