// Classes API (/api/v1/classes/*): the catalog list (filters, search, paging, facets), one
// class, and the subscriber's home rows. Signed-in, no subscription needed to browse; `canPlay`
// tells the app whether to offer Play or a plan.
import type { FastifyInstance } from 'fastify';
import { hasClassAccess } from '@server/modules/classes/access';
import { findClass, homeRowsFromSnapshot, listClasses, listClassesFromSnapshot } from '@server/modules/classes/class-repository';
import { encodeCursor, parseListQuery, type ListClassesQuery } from '@server/modules/classes/list-query';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';

const base = '/api/v1/classes';

export default async function classesRoutes(app: FastifyInstance): Promise<void> {
  // Authentication first, so a visitor learns they must sign in before anything about the query.
  const signedIn = { onRequest: app.authenticate };
  // Kept in memory (plugins/app/catalog-reads.ts); only a search reads the database.
  const { catalog, facets: facetsRead, progress } = app.catalogReads;

  app.get<{ Querystring: ListClassesQuery }>(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request) => {
    const { filters, after, limit } = await parseListQuery(request.query, () => facetsRead.get());
    const userId = request.user.id;
    const [page, facets] = await Promise.all([
      filters.search === null
        ? Promise.all([catalog.get(), progress.get(userId)]).then(([snapshot, own]) => listClassesFromSnapshot(snapshot, own, filters, { after, limit }, new Date()))
        : listClasses(app.db, userId, filters, { after, limit }),
      after === null ? facetsRead.get() : undefined,
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
    const [canPlay, snapshot, own] = await Promise.all([hasClassAccess(app.db, userId), catalog.get(), progress.get(userId)]);
    return { isSuccess: true, canPlay, ...homeRowsFromSnapshot(snapshot, own, new Date()) };
  });

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...signedIn, schema: routeSchema('GET', `${base}/{id}`) },
    async (request) => {
      const [snapshot, own, canPlay] = await Promise.all([catalog.get(), progress.get(request.user.id), hasClassAccess(app.db, request.user.id)]);
      const found = findClass(snapshot, own, request.params.id, new Date());
      if (!found) throw new HttpError(404, 'catalog.classNotFound');
      return { isSuccess: true, class: found, canPlay };
    },
  );
}
