// Schedule API (/api/v1/schedule/*, the /schedule page and the schedule part of /account): the
// account's time zone, planned classes (read a range, add, move, remove), the reminders switch,
// the secret calendar link and the feed it opens (no cookie: calendar apps have none).
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import type { PlannedItem } from './planned-items';

type Schemas = components['schemas'];

const base = '/api/v1/schedule';

function itemBody(item: PlannedItem): Schemas['ScheduleItem'] {
  return {
    id: item.id,
    kind: item.kind,
    date: item.date,
    time: item.time,
    classId: item.classId,
    classTitle: item.classTitle,
    durationSeconds: item.durationSeconds,
    done: item.done,
    ...(item.programmeId ? { programmeId: item.programmeId } : {}),
    ...(item.programmeTitle ? { programmeTitle: item.programmeTitle } : {}),
  };
}

export default async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticateProfile };
  const noStore = 'no-store';

  app.put<{ Body: Schemas['TimeZoneRequest'] }>(
    '/api/v1/account/time-zone',
    { ...signedIn, schema: routeSchema('PUT', '/api/v1/account/time-zone') },
    async (request) => {
      const timeZone = await app.schedule.setTimeZone(request.user.id, request.body.timeZone);
      return { isSuccess: true, message: request.t('schedule.timeZoneSaved'), timeZone };
    },
  );

  app.get<{ Querystring: { from: string; to: string } }>(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request, reply) => {
    const { timeZone, today, items } = await app.schedule.read(request.profileId, request.query.from, request.query.to);
    reply.header('Cache-Control', noStore);
    return { isSuccess: true, timeZone, today, items: items.map(itemBody) };
  });

  app.post<{ Body: Schemas['AddScheduleItemRequest'] }>(
    `${base}/items`,
    { ...signedIn, schema: routeSchema('POST', `${base}/items`) },
    async (request, reply) => {
      const { classId, date, time } = request.body;
      const item = await app.schedule.add(request.profileId, { classId, date, time: time ?? null });
      reply.code(201);
      return { isSuccess: true, message: request.t('schedule.added'), item: itemBody(item) };
    },
  );

  app.patch<{ Params: { itemId: string }; Body: Schemas['MoveScheduleItemRequest'] }>(
    `${base}/items/:itemId`,
    { ...signedIn, schema: routeSchema('PATCH', `${base}/items/{itemId}`) },
    async (request) => {
      const { date, time } = request.body;
      const item = await app.schedule.move(request.profileId, request.params.itemId, { date, time: time ?? null });
      return { isSuccess: true, message: request.t('schedule.moved'), item: itemBody(item) };
    },
  );

  app.delete<{ Params: { itemId: string } }>(
    `${base}/items/:itemId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/items/{itemId}`) },
    async (request) => {
      await app.schedule.remove(request.profileId, request.params.itemId);
      return { isSuccess: true, message: request.t('schedule.removed') };
    },
  );

  app.get(`${base}/settings`, { ...signedIn, schema: routeSchema('GET', `${base}/settings`) }, async (request, reply) => {
    reply.header('Cache-Control', noStore);
    return { isSuccess: true, ...(await app.schedule.settings(request.profileId)) };
  });

  app.put<{ Body: Schemas['RemindersRequest'] }>(
    `${base}/reminders`,
    { ...signedIn, schema: routeSchema('PUT', `${base}/reminders`) },
    async (request) => {
      const reminders = await app.schedule.setReminders(request.profileId, request.body.enabled);
      return { isSuccess: true, message: request.t(reminders ? 'schedule.remindersOn' : 'schedule.remindersOff'), reminders };
    },
  );

  app.post(`${base}/feed-link`, { ...signedIn, schema: routeSchema('POST', `${base}/feed-link`) }, async (request, reply) => {
    const link = await app.schedule.resetFeedLink(request.profileId);
    reply.header('Cache-Control', noStore);
    return { isSuccess: true, message: request.t('schedule.feedLinkReset'), ...link };
  });

  app.get<{ Params: { feedFile: string } }>(
    `${base}/feed/:feedFile`,
    { schema: routeSchema('GET', `${base}/feed/{feedFile}`) },
    async (request, reply) => {
      const feed = await app.schedule.feed(request.params.feedFile);
      if (feed === null) throw new HttpError(404, 'schedule.feedNotFound');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="fitstream.ics"')
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .send(feed);
    },
  );
}
