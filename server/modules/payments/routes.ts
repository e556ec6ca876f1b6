// Payments API (/api/v1/payments/*): the public price range, and for a signed-in account the
// plans, subscribe, confirm a checkout, list, cancel, reactivate, the payment-method portal and
// home. The work is `app.payments` (./service.ts); these routes answer in the contract's shapes.
import type { FastifyInstance } from 'fastify';
import type { CancelReason } from '@domain/cancel-reasons';
import { routeSchema } from '@server/contract';
import { viewerOf } from '@server/plugins/app/auth';
import { CachedRead } from '@server/db/cached-read';
import { HttpError } from '@server/errors';
import { negotiateLocale } from '@server/i18n';
import { paymentBody, planBody } from './bodies';
import { subscriptionAnswer, subscriptionAnswers } from './subscription-answers';
import { trialDaysForNewAccounts } from './service';
import { sendSerialised } from '@server/serialised-answer';

const base = '/api/v1/payments';

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app;
  // onRequest, not preHandler: a request without valid credentials hears 401 before any 400.
  const signedIn = { onRequest: app.authenticate };
  // Billing is the owner's profile's (decision 064).
  const owner = { onRequest: app.authenticateOwner };
  // Plans change a few times a year: read and serialised once (as the bytes sent), dropped when
  // the table changes (decision 018).
  const plansAnswer = new CachedRead(async () => Buffer.from(JSON.stringify({ isSuccess: true, plans: (await payments.activePlans()).map(planBody) })), {
    tables: ['plans'],
    maxAgeMs: 60_000,
  }).listen(app.changeFeed);

  // Public: the landing's "from X to Y a month" comes from the plans themselves.
  app.get(`${base}/price-range`, { schema: routeSchema('GET', `${base}/price-range`) }, async () => {
    // Read each time: the public landing shows a price change at once (tests/server/modules/payments/payments.test.ts).
    const range = await payments.priceRange();
    if (!range) throw new HttpError(404, 'payments.noPlansOnSale');
    return { isSuccess: true, ...range, trialDays: trialDaysForNewAccounts };
  });

  app.post(`${base}/plans`, { ...signedIn, schema: routeSchema('POST', `${base}/plans`), config: { logAsRead: true } }, (_request, reply) => {
    return sendSerialised(reply, plansAnswer.current());
  });

  app.post<{ Body: { plan: string; interval?: 'month' | 'year'; promotion_code?: string } }>(
    `${base}/subscribe`,
    { ...owner, schema: routeSchema('POST', `${base}/subscribe`) },
    async (request) => {
      const language = negotiateLocale(request.headers['accept-language']);
      const code = request.body.promotion_code;
      // Codes are counted against guessing (decision 069), wherever they are typed.
      if (code !== undefined) await app.rateLimiters.consume('promotionCodePerAccount', request.user.id);
      const url = await payments.subscribe(request.user.id, request.body.plan, language, request.body.interval ?? 'month', code);
      if (url === null) return { isSuccess: true, message: request.t('payments.alreadySubscribed') };
      return { isSuccess: true, url };
    },
  );

  app.post<{ Body: { customer: string; deviceId?: string } }>(
    `${base}/subscription-current`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-current`) },
    async (request) => {
      const { subscription, plan } = await payments.confirmCheckout(request.user.id, request.body.customer, request.body.deviceId);
      return { isSuccess: true, message: request.t('payments.confirmed'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );

  app.post(`${base}/subscriptions`, { ...owner, schema: routeSchema('POST', `${base}/subscriptions`) }, async (request) => {
    const billing = await payments.billing(request.user.id);
    return {
      isSuccess: true,
      plans: await subscriptionAnswers(app.db, billing.subscriptions),
      payments: billing.payments.map(paymentBody),
    };
  });

  // With the cancel flow's reason when it sends one (decision 068: ./cancel-flow-service.ts).
  app.post<{ Body: { subscription_id: string; reason?: CancelReason; text?: string } }>(
    `${base}/subscription-cancel`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-cancel`) },
    async (request) => {
      const { subscription_id: subscriptionId, reason, text } = request.body;
      const { subscription, plan } = await app.cancelFlow.cancel(request.user.id, subscriptionId, reason, text);
      return { isSuccess: true, message: request.t('payments.cancelled'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );

  app.post<{ Body: { subscription_id: string } }>(
    `${base}/subscription-reactivate`,
    { ...owner, schema: routeSchema('POST', `${base}/subscription-reactivate`) },
    async (request) => {
      const { subscription, plan } = await payments.reactivate(request.user.id, request.body.subscription_id);
      return { isSuccess: true, message: request.t('payments.reactivated'), subscription: await subscriptionAnswer(app.db, subscription, plan) };
    },
  );

  // The provider's page for a new card; it comes back to /billing.
  app.post(`${base}/portal`, { ...owner, schema: routeSchema('POST', `${base}/portal`) }, async (request) => {
    const url = await payments.portalUrl(request.user.id, `${app.config.publicUrl}/billing`, negotiateLocale(request.headers['accept-language']));
    return { isSuccess: true, url };
  });

  // A read: logged like one, and it keeps the account's kept answers (decision 045).
  app.post(`${base}/home`, { onRequest: app.authenticateProfile, schema: routeSchema('POST', `${base}/home`), config: { logAsRead: true } }, (request, reply) => {
    return sendSerialised(reply, payments.homeAnswer(viewerOf(request), (home) => reply.serialize(home) as string));
  });
}
