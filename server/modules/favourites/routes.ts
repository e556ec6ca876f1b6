// Favourites API (/api/v1/favourites): the profile's saved classes ("My list"), and saving or
// removing one (idempotent: saving twice keeps one, removing what is not saved changes nothing).
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';

type Schemas = components['schemas'];
const base = '/api/v1/favourites';

export default async function favouritesRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { onRequest: app.authenticateProfile };

  app.get(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request): Promise<Schemas['FavouritesSuccess']> => {
    return { isSuccess: true, classes: await app.favourites.list(request.profileId) };
  });

  app.put<{ Params: { classId: string } }>(
    `${base}/:classId`,
    { ...signedIn, schema: routeSchema('PUT', `${base}/{classId}`) },
    async (request): Promise<Schemas['FavouriteSuccess']> => {
      await app.favourites.save(request.profileId, request.params.classId, new Date());
      return { isSuccess: true, classId: request.params.classId, saved: true };
    },
  );

  app.delete<{ Params: { classId: string } }>(
    `${base}/:classId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/{classId}`) },
    async (request): Promise<Schemas['FavouriteSuccess']> => {
      await app.favourites.remove(request.profileId, request.params.classId, new Date());
      return { isSuccess: true, classId: request.params.classId, saved: false };
    },
  );
}
