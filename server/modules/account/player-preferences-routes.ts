// Player preferences API (/api/v1/account/player-preferences): what every class starts with
// (captions on in a language, or off), read by the player and saved when the user changes it.
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { viewerOf } from '@server/plugins/app/auth';

const path = '/api/v1/account/player-preferences';

export default async function playerPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticateProfile };

  app.get(path, { ...signedIn, schema: routeSchema('GET', path) }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { isSuccess: true, preferences: await app.account.playerPreferences(viewerOf(request)) };
  });

  app.put<{ Body: components['schemas']['PlayerPreferences'] }>(path, { ...signedIn, schema: routeSchema('PUT', path) }, async (request) => ({
    isSuccess: true,
    preferences: await app.account.savePlayerPreferences(viewerOf(request), request.body),
  }));
}
