// Activity API (/api/v1/activity): the account's completed classes (totals this week and all
// time, the last 12 weeks, the weekly goal and streak, the first page of history), more history
// pages, and setting or clearing the weekly goal.
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { viewerOf } from '@server/plugins/app/auth';
import { sendSerialised } from '@server/serialised-answer';

type Schemas = components['schemas'];
const base = '/api/v1/activity';

export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { onRequest: app.authenticateProfile };

  app.get(base, { ...signedIn, schema: routeSchema('GET', base) }, (request, reply) => {
    const serialize = (overview: Omit<Schemas['ActivitySuccess'], 'isSuccess'>) => reply.serialize({ isSuccess: true, ...overview } satisfies Schemas['ActivitySuccess']) as string;
    return sendSerialised(reply, app.activity.overviewAnswer(viewerOf(request), serialize));
  });

  app.get<{ Querystring: { cursor?: string; limit?: number } }>(
    `${base}/history`,
    { ...signedIn, schema: routeSchema('GET', `${base}/history`) },
    async (request): Promise<Schemas['ActivityHistorySuccess']> => {
      return { isSuccess: true, ...(await app.activity.history(request.profileId, request.query)) };
    },
  );

  app.put<{ Body: Schemas['WeeklyGoal'] }>(`${base}/goal`, { ...signedIn, schema: routeSchema('PUT', `${base}/goal`) }, async (request): Promise<Schemas['ActivitySuccess']> => {
    return { isSuccess: true, ...(await app.activity.setGoal(request.profileId, request.body, new Date())) };
  });

  app.delete(`${base}/goal`, { ...signedIn, schema: routeSchema('DELETE', `${base}/goal`) }, async (request): Promise<Schemas['ActivitySuccess']> => {
    return { isSuccess: true, ...(await app.activity.clearGoal(request.profileId, new Date())) };
  });
}
