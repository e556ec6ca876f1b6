// Programmes API (/api/v1/programmes/*): browse (signed in, no subscription needed), one
// programme with this account's progress, and following one: start, weekdays, pause, resume,
// leave; the home's "Up next" and the history of finished programmes. Decision 033.
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { viewerOf } from '@server/plugins/app/auth';
import { programmeCard, programmeDetail, upNextBody } from './bodies';
import type { Level } from './catalog';
import { sendSerialised } from '@server/serialised-answer';

type Schemas = components['schemas'];
type ById = { Params: { id: string } };

const base = '/api/v1/programmes';

export default async function programmesRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { onRequest: app.authenticateProfile };

  app.get<{ Querystring: { discipline?: string; level?: Level } }>(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request): Promise<Schemas['ProgrammeListSuccess']> => {
    const { programmes, facets } = await app.programmes.list(viewerOf(request), request.query);
    return { isSuccess: true, programmes: programmes.map(({ programme, following }) => programmeCard(programme, following)), facets };
  });

  app.get(`${base}/up-next`, { ...signedIn, schema: routeSchema('GET', `${base}/up-next`) }, (request, reply) => {
    const serialize = (upNext: Parameters<typeof upNextBody>[0]) => reply.serialize({ isSuccess: true, upNext: upNextBody(upNext) } satisfies Schemas['ProgrammeUpNextSuccess']) as string;
    return sendSerialised(reply, app.programmes.upNextAnswer(viewerOf(request), serialize));
  });

  app.get(`${base}/finished`, { ...signedIn, schema: routeSchema('GET', `${base}/finished`) }, async (request): Promise<Schemas['FinishedProgrammesSuccess']> => {
    const finished = await app.programmes.finished(request.profileId);
    return {
      isSuccess: true,
      finished: finished.map(({ programme, startedAt, finishedAt }) => ({
        programmeId: programme.id,
        title: programme.title,
        classCount: programme.classes.length,
        totalMinutes: programme.totalMinutes,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
      })),
    };
  });

  app.get<ById>(`${base}/:id`, { ...signedIn, schema: routeSchema('GET', `${base}/{id}`) }, async (request): Promise<Schemas['ProgrammeSuccess']> => {
    return { isSuccess: true, programme: programmeDetail(await app.programmes.detail(viewerOf(request), request.params.id)) };
  });

  app.post<ById & { Body: Schemas['StartProgrammeRequest'] }>(
    `${base}/:id/start`,
    { ...signedIn, schema: routeSchema('POST', `${base}/{id}/start`) },
    async (request): Promise<Schemas['ProgrammeSuccess']> => {
      return { isSuccess: true, programme: programmeDetail(await app.programmes.start(viewerOf(request), request.params.id, request.body.weekdays)) };
    },
  );

  app.put<ById & { Body: Schemas['ProgrammeWeekdaysRequest'] }>(
    `${base}/:id/weekdays`,
    { ...signedIn, schema: routeSchema('PUT', `${base}/{id}/weekdays`) },
    async (request): Promise<Schemas['ProgrammeSuccess']> => {
      return { isSuccess: true, programme: programmeDetail(await app.programmes.setWeekdays(viewerOf(request), request.params.id, request.body.weekdays)) };
    },
  );

  for (const action of ['pause', 'resume', 'leave'] as const) {
    app.post<ById>(`${base}/:id/${action}`, { ...signedIn, schema: routeSchema('POST', `${base}/{id}/${action}`) }, async (request): Promise<Schemas['ProgrammeSuccess']> => {
      return { isSuccess: true, programme: programmeDetail(await app.programmes[action](viewerOf(request), request.params.id)) };
    });
  }
}
