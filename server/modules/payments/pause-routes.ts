// Pause and "Resume now" (decision 065), beside cancel and reactivate: the owner's profile only
// (decision 064). The rules are ./pause-rules.ts, applied by `app.pauses` (./pause-service.ts).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { subscriptionAnswer } from './subscription-answers';

const base = '/api/v1/payments';

export default async function pauseRoutes(app: FastifyInstance): Promise<void> {
  const { pauses } = app;
  const owner = { onRequest: app.authenticateOwner };

  app.post<{ Body: { subscription_id: string; months: number; cancel_reason?: 'unused'; text?: string } }>(
    `${base}/subscription-pause`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-pause`) },
    async (request) => {
      const { subscription_id: subscriptionId, months, cancel_reason: cancelReason, text } = request.body;
      // The cancel flow's offer (decision 068) counts as the account's one retention offer.
      const { subscription, plan } = cancelReason
        ? await app.cancelFlow.pauseInstead(request.user.id, subscriptionId, months, text)
        : await pauses.pause(request.user.id, subscriptionId, months);
      return { isSuccess: true, message: request.t('payments.paused'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );

  app.post<{ Body: { subscription_id: string } }>(
    `${base}/subscription-resume`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-resume`) },
    async (request) => {
      const { subscription, plan } = await pauses.resume(request.user.id, request.body.subscription_id);
      return { isSuccess: true, message: request.t('payments.resumed'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );
}
