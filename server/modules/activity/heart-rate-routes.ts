// Heart-rate settings API (/api/v1/account/heart-rate, decision 072): the chosen profile's
// recording switch, maximum heart rate or birth year, and "Delete my heart-rate data". Per
// profile, by the one access rule (app.authenticateProfile): another profile's are never named.
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';

type Schemas = components['schemas'];
const path = '/api/v1/account/heart-rate';

export default async function heartRateRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticateProfile };

  app.get(path, { ...signedIn, schema: routeSchema('GET', path) }, async (request, reply): Promise<Schemas['HeartRateSettingsSuccess']> => {
    reply.header('Cache-Control', 'no-store');
    return { isSuccess: true, settings: await app.activity.heartRateSettings(request.profileId) };
  });

  app.put<{ Body: Schemas['HeartRateSettings'] }>(path, { ...signedIn, schema: routeSchema('PUT', path) }, async (request): Promise<Schemas['HeartRateSettingsSuccess']> => ({
    isSuccess: true,
    settings: await app.activity.saveHeartRateSettings(request.profileId, request.body, new Date()),
  }));

  app.delete(path, { ...signedIn, schema: routeSchema('DELETE', path) }, async (request): Promise<Schemas['HeartRateSettingsSuccess']> => ({
    isSuccess: true,
    settings: await app.activity.deleteHeartRateData(request.profileId),
  }));
}
