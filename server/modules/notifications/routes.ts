// New-class notifications API (/api/v1/account/notifications*, on /account): the account's
// choice and this device's push subscription.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';

type Schemas = components['schemas'];

const base = '/api/v1/account/notifications';

export default async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticateProfile };
  const { notifications } = app;

  const body = async (request: FastifyRequest, message?: string): Promise<Schemas['NotificationsSuccess']> => {
    const read = await notifications.read(request.profileId, request.user.sessionId);
    return {
      isSuccess: true,
      ...(message ? { message } : {}),
      notifications: {
        enabled: read.enabled,
        disciplines: read.chosen,
        push: { publicKey: notifications.vapidPublicKey, subscribed: read.pushSubscribed },
      },
      available: read.disciplines,
    };
  };

  app.get(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return body(request);
  });

  app.put<{ Body: Schemas['NotificationsRequest'] }>(base, { ...signedIn, schema: routeSchema('PUT', base) }, async (request) => {
    await notifications.save(request.profileId, request.body);
    return body(request, request.t('notifications.saved'));
  });

  app.put<{ Body: Schemas['PushSubscriptionRequest'] }>(`${base}/push`, { ...signedIn, schema: routeSchema('PUT', `${base}/push`) }, async (request) => {
    await notifications.subscribe(request.user.id, request.user.sessionId, request.body);
    return { isSuccess: true, message: request.t('notifications.pushOn') };
  });

  app.delete(`${base}/push`, { ...signedIn, schema: routeSchema('DELETE', `${base}/push`) }, async (request) => {
    await notifications.unsubscribe(request.user.sessionId);
    return { isSuccess: true, message: request.t('notifications.pushOff') };
  });
}
