// Classes API (/api/v1/classes/*): the catalog list (filters, search, paging, facets), one
// class, and the subscriber's home rows. Signed-in, no subscription needed to browse; `canPlay`
// tells the app whether to offer Play or a plan.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { viewerOf } from '@server/plugins/app/auth';
import { HttpError } from '@server/errors';
import { encodeCursor, type ListClassesQuery } from './list-query';
import { sendSerialised } from '@server/serialised-answer';

const base = '/api/v1/classes';

export default async function classesRoutes(app: FastifyInstance): Promise<void> {
  // Authentication first, so a visitor learns they must sign in before anything about the query.
  const signedIn = { onRequest: app.authenticateProfile };

  /** Any page but a first one without search: from the snapshot, or the database for a search. */
  const listPage = async (profileId: string, query: ListClassesQuery) => {
    const { page, facets } = await app.classes.list(profileId, query);
    return {
      isSuccess: true,
      classes: page.classes,
      total: page.total,
      nextCursor: page.next && encodeCursor(page.next),
      ...(facets && { facets }),
    };
  };

  app.get<{ Querystring: ListClassesQuery }>(base, { ...signedIn, schema: routeSchema('GET', base) }, (request, reply) => {
    // The first page without search is kept serialised per filter (first-pages.ts), and sent
    // without a promise when everything it needs is in memory (decision 080).
    const firstPage = app.classes.firstPage(request.profileId, request.query);
    if (Buffer.isBuffer(firstPage)) return sendSerialised(reply, firstPage);
    if (firstPage === null) return listPage(request.profileId, request.query);
    return firstPage.then((body): unknown => (body === null ? listPage(request.profileId, request.query) : sendSerialised(reply, body)));
  });

  app.get(`${base}/home`, { ...signedIn, schema: routeSchema('GET', `${base}/home`) }, (request, reply) => {
    return sendSerialised(reply, app.classes.homeAnswer(viewerOf(request), (home) => reply.serialize(home) as string));
  });

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...signedIn, schema: routeSchema('GET', `${base}/{id}`) },
    async (request) => {
      const found = await app.classes.find(viewerOf(request), request.params.id);
      if (!found) throw new HttpError(404, 'catalog.classNotFound');
      return { isSuccess: true, ...found };
    },
  );
}
