// The sandbox's test hook for the digest (POST /api/v1/sandbox/new-class-digest): this week's
// digest for the signed-in account now, delivered to the sandbox mailbox at once. Served only
// where the sandbox tools are (mail/tools-access.ts).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { sandboxToolsGate, sandboxToolsServed } from '@server/modules/mail';
import { acceptCookies } from '@server/plugins/external/body-parsers';

const apiPath = '/api/v1/sandbox/new-class-digest';

export default async function sandboxDigestRoutes(app: FastifyInstance): Promise<void> {
  if (!sandboxToolsServed(app.config)) return;
  // The tools cookie, read by the gate below (decision 080).
  await acceptCookies(app);
  app.addHook('onRequest', sandboxToolsGate(app.config));
  app.post(apiPath, { onRequest: app.authenticateProfile, schema: routeSchema('POST', apiPath) }, async (request) => {
    const { built } = await app.notifications.runDigests(new Date(), {
      profileId: request.profileId,
      ignoreSchedule: true,
      onError: (error) => request.log.warn({ err: error }, 'a push message was not sent'),
    });
    await app.mail.deliverNow();
    return { isSuccess: true, message: request.t('notifications.digestBuilt'), built: built.length > 0, classes: built[0]?.total ?? 0 };
  });
}
