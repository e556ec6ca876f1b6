// Promotion codes (decision 069): checking one against a plan before the checkout, and adding one
// to the current subscription from Billing. The owner's profile only (decision 064); both are
// limited per account so codes cannot be guessed (429, like the sign-in attempts).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { subscriptionAnswer } from './subscription-answers';

const base = '/api/v1/payments';

export default async function promotionCodeRoutes(app: FastifyInstance): Promise<void> {
  const { promotionCodes, rateLimiters } = app;
  const owner = { onRequest: app.authenticateOwner };

  app.post<{ Body: { code: string; plan: string; interval?: 'month' | 'year' } }>(
    `${base}/promotion-code-check`,
    { ...owner, schema: routeSchema('POST', `${base}/promotion-code-check`), config: { logAsRead: true } },
    async (request) => {
      await rateLimiters.consume('promotionCodePerAccount', request.user.id);
      const { code, plan, interval } = request.body;
      return { isSuccess: true, ...(await promotionCodes.check(request.user.id, code, plan, interval ?? 'month')) };
    },
  );

  app.post<{ Body: { subscription_id: string; code: string } }>(
    `${base}/subscription-promotion-code`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-promotion-code`) },
    async (request) => {
      await rateLimiters.consume('promotionCodePerAccount', request.user.id);
      const { subscription, plan } = await promotionCodes.apply(request.user.id, request.body.subscription_id, request.body.code);
      return { isSuccess: true, message: request.t('payments.promotionCodeApplied'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );
}
