// Classes API (/api/v1/classes/*): the catalog list (filters, search, paging, facets), one
// class, and the subscriber's home rows. Signed-in, no subscription needed to browse; `canPlay`
// tells the app whether to offer Play or a plan.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { encodeCursor, type ListClassesQuery } from './list-query';
import { sendSerialised } from '@server/serialised-answer';

const base = '/api/v1/classes';

export default async function classesRoutes(app: FastifyInstance): Promise<void> {
  // Authentication first, so a visitor learns they must sign in before anything about the query.
  const signedIn = { onRequest: app.authenticate };

  app.get<{ Querystring: ListClassesQuery }>(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request, reply) => {
    // The first page without search is kept serialised per filter (first-pages.ts).
    const firstPage = await app.classes.firstPage(request.user.id, request.query);
    if (firstPage !== null) return reply.type('application/json; charset=utf-8').send(firstPage);
    const { page, facets } = await app.classes.list(request.user.id, request.query);
    return {
      isSuccess: true,
      classes: page.classes,
      total: page.total,
      nextCursor: page.next && encodeCursor(page.next),
      ...(facets && { facets }),
    };
  });

  app.get(`${base}/home`, { ...signedIn, schema: routeSchema('GET', `${base}/home`) }, (request, reply) => {
    return sendSerialised(reply, app.classes.homeAnswer(request.user.id, (home) => reply.serialize(home) as string));
  });

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { ...signedIn, schema: routeSchema('GET', `${base}/{id}`) },
    async (request) => {
      const found = await app.classes.find(request.user.id, request.params.id);
      if (!found) throw new HttpError(404, 'catalog.classNotFound');
      return { isSuccess: true, ...found };
    },
  );
}
