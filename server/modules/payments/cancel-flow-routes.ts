// The cancel flow's routes (decision 068): the offer a reason brings, and accepting the 50 % off.
// The cancellation itself is subscription-cancel (./routes.ts) and the pause offered is
// subscription-pause with `cancel_reason` (./pause-routes.ts). The owner's profile only.
import type { FastifyInstance } from 'fastify';
import type { CancelReason } from '@domain/cancel-reasons';
import { routeSchema } from '@server/contract';
import { subscriptionAnswer } from './subscription-answers';

const base = '/api/v1/payments';

export default async function cancelFlowRoutes(app: FastifyInstance): Promise<void> {
  const { cancelFlow } = app;
  const owner = { onRequest: app.authenticateOwner };

  app.post<{ Body: { subscription_id: string; reason: CancelReason } }>(
    `${base}/subscription-cancel-offer`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-cancel-offer`), config: { logAsRead: true } },
    async (request) => ({ isSuccess: true, offer: await cancelFlow.offer(request.user.id, request.body.subscription_id, request.body.reason) }),
  );

  app.post<{ Body: { subscription_id: string; text?: string } }>(
    `${base}/subscription-half-off`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-half-off`) },
    async (request) => {
      const { subscription, plan } = await cancelFlow.acceptHalfOff(request.user.id, request.body.subscription_id, request.body.text);
      return { isSuccess: true, message: request.t('payments.halfOffAccepted'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );
}
