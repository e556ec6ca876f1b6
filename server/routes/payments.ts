// Payments API (/api/v1/payments/*): the public price range, and for a signed-in account the
// plans, subscribe, confirm a checkout, list, cancel, reactivate, the payment-method portal and
// home. Whichever provider runs, these routes only speak to the port (`app.paymentProvider`).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { priceRange } from '@domain/plans';
import { isCurrentStatus } from '@domain/subscriptions';
import { routeSchema } from '@server/contract';
import { CachedRead } from '@server/db/cached-read';
import { checkoutSessions, subscriptions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { negotiateLocale } from '@server/i18n';
import { queueMail } from '@server/mail/outbox';
import { applyCompletedCheckout, CurrentSubscriptionConflict } from '@server/payments/apply-checkout';
import { expireOpenCheckouts } from '@server/payments/checkouts';
import { ProviderError, type SubscriptionFacts, type UserRow } from '@server/payments/provider';
import {
  accountSubscriptions,
  findActivePlan,
  hasEverSubscribed,
  listActivePlans,
  planBody,
  subscriptionBody,
} from '@server/payments/subscription-repository';

/** The free trial of an account's first subscription, in days. */
const trialDaysForNewAccounts = 7;

const base = '/api/v1/payments';

/** Provider failures answer 502 with the provider error's safe message. */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, 'payments.providerUnavailable');
    throw error;
  }
}

/** The columns a provider's answer to cancel/reactivate may refresh. */
function providerView(reported: Partial<SubscriptionFacts> | null) {
  if (!reported) return {};
  const { status, currentPeriodStart, currentPeriodEnd } = reported;
  return {
    ...(status ? { status } : {}),
    ...(currentPeriodStart ? { currentPeriodStart } : {}),
    ...(currentPeriodEnd ? { currentPeriodEnd } : {}),
  };
}

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { db, paymentProvider: provider } = app;
  const account = accountSubscriptions(db, provider);
  // onRequest, not preHandler: a request without valid credentials hears 401 before any 400.
  const signedIn = { onRequest: app.authenticate };
  // Plans change a few times a year: read and serialised once, dropped when the table changes
  // (decision 018).
  const plansAnswer = new CachedRead(async () => JSON.stringify({ isSuccess: true, plans: (await listActivePlans(db)).map(planBody) }), {
    tables: ['plans'],
    maxAgeMs: 60_000,
  }).listen(app.changeFeed);

  async function ownSubscription(userId: string, subscriptionId: string) {
    const found = await account.own(userId, subscriptionId);
    if (!found) throw new HttpError(404, 'payments.subscriptionNotFound');
    return found;
  }

  /** The signed-in account; its token may outlive it. */
  async function signedInUser(request: FastifyRequest): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, request.user.id));
    if (!user) throw new HttpError(401, 'auth.sessionExpired');
    return user;
  }

  // Public: the landing's "from X to Y a month" comes from the plans themselves.
  app.get(`${base}/price-range`, { schema: routeSchema('GET', `${base}/price-range`) }, async () => {
    // Read each time: the public landing shows a price change at once (tests/server/routes/payments.test.ts).
    const range = priceRange((await listActivePlans(db)).map(planBody));
    if (!range) throw new HttpError(404, 'payments.noPlansOnSale');
    return { isSuccess: true, ...range, trialDays: trialDaysForNewAccounts };
  });

  app.post(`${base}/plans`, { ...signedIn, schema: routeSchema('POST', `${base}/plans`) }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await plansAnswer.get());
  });

  app.post<{ Body: { plan: string } }>(
    `${base}/subscribe`,
    { ...signedIn, schema: routeSchema('POST', `${base}/subscribe`) },
    async (request) => {
      const plan = await findActivePlan(db, request.body.plan);
      if (!plan) throw new HttpError(404, 'payments.planNotFound');
      if (await account.current(request.user.id)) {
        return { isSuccess: true, message: request.t('payments.alreadySubscribed') };
      }
      const user = await signedInUser(request);
      const firstSubscription = user.trialUsedAt === null && !(await hasEverSubscribed(db, user.id));
      const trialDays = firstSubscription ? trialDaysForNewAccounts : 0;
      const language = negotiateLocale(request.headers['accept-language']);
      const checkout = await viaProvider(() => provider.createCheckout({ user, plan, trialDays, language }));
      // Only the newest checkout stays payable, so two open tabs cannot start two subscriptions.
      await viaProvider(() => expireOpenCheckouts(db, provider, user.id));
      await db.insert(checkoutSessions).values({
        id: checkout.id,
        userId: user.id,
        planId: plan.id,
        provider: provider.name,
        trialDays,
        language,
      });
      return { isSuccess: true, url: checkout.url };
    },
  );

  app.post<{ Body: { customer: string; deviceId?: string } }>(
    `${base}/subscription-current`,
    { ...signedIn, schema: routeSchema('POST', `${base}/subscription-current`) },
    async (request) => {
      const [checkout] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, request.body.customer), eq(checkoutSessions.userId, request.user.id)));
      if (!checkout) throw new HttpError(404, 'payments.checkoutNotFound');
      if (request.body.deviceId && checkout.deviceId === null) {
        await db.update(checkoutSessions).set({ deviceId: request.body.deviceId }).where(eq(checkoutSessions.id, checkout.id));
      }
      let [made] = await db
        .select({ id: subscriptions.id, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.checkoutSessionId, checkout.id));
      if (!made || made.status === 'incomplete') {
        const completed = await viaProvider(() => provider.retrieveCompletedCheckout(checkout));
        if (!completed) throw new HttpError(402, 'payments.notCompleted');
        try {
          made = { id: await applyCompletedCheckout(db, completed), status: completed.subscription.status };
        } catch (error) {
          // Paid twice (two tabs): the account keeps the subscription it has.
          if (error instanceof CurrentSubscriptionConflict) {
            throw new HttpError(409, 'payments.checkoutNotApplied');
          }
          throw error;
        }
      }
      const { subscription, plan } = await ownSubscription(request.user.id, made.id);
      // Stripe completes a checkout whose first payment still needs the bank (3-D Secure).
      if (subscription.status === 'incomplete') throw new HttpError(402, 'payments.notCompleted');
      return { isSuccess: true, message: request.t('payments.confirmed'), subscription: subscriptionBody(subscription, plan) };
    },
  );

  app.post(`${base}/subscriptions`, { ...signedIn, schema: routeSchema('POST', `${base}/subscriptions`) }, async (request) => {
    const billing = await account.billing(request.user.id);
    return { isSuccess: true, plans: billing.subscriptions, payments: billing.payments };
  });

  app.post<{ Body: { subscription_id: string } }>(
    `${base}/subscription-cancel`,
    { ...signedIn, schema: routeSchema('POST', `${base}/subscription-cancel`) },
    async (request) => {
      const { subscription, plan } = await ownSubscription(request.user.id, request.body.subscription_id);
      if (!isCurrentStatus(subscription.status)) {
        throw new HttpError(409, 'payments.notCancellable');
      }
      let row = subscription;
      if (!subscription.cancelAtPeriodEnd) {
        const reported = await viaProvider(() => provider.setCancelAtPeriodEnd(subscription.id, true));
        [row = subscription] = await db
          .update(subscriptions)
          .set({ ...providerView(reported), cancelAtPeriodEnd: true, updatedAt: new Date() })
          .where(eq(subscriptions.id, subscription.id))
          .returning();
        const user = await signedInUser(request);
        await queueMail(db, {
          userId: user.id,
          to: user.email,
          language: user.language,
          template: 'cancellationConfirmed',
          params: { accessUntil: row.currentPeriodEnd.toISOString() },
        });
      }
      return { isSuccess: true, message: request.t('payments.cancelled'), subscription: subscriptionBody(row, plan) };
    },
  );

  app.post<{ Body: { subscription_id: string } }>(
    `${base}/subscription-reactivate`,
    { ...signedIn, schema: routeSchema('POST', `${base}/subscription-reactivate`) },
    async (request) => {
      const { subscription, plan } = await ownSubscription(request.user.id, request.body.subscription_id);
      if (!isCurrentStatus(subscription.status) || subscription.currentPeriodEnd <= new Date()) {
        throw new HttpError(409, 'payments.notReactivatable');
      }
      let row = subscription;
      if (subscription.cancelAtPeriodEnd) {
        const reported = await viaProvider(() => provider.setCancelAtPeriodEnd(subscription.id, false));
        [row = subscription] = await db
          .update(subscriptions)
          .set({ ...providerView(reported), cancelAtPeriodEnd: false, updatedAt: new Date() })
          .where(eq(subscriptions.id, subscription.id))
          .returning();
      }
      return { isSuccess: true, message: request.t('payments.reactivated'), subscription: subscriptionBody(row, plan) };
    },
  );

  // The provider's page for a new card; it comes back to /billing.
  app.post(`${base}/portal`, { ...signedIn, schema: routeSchema('POST', `${base}/portal`) }, async (request) => {
    const user = await signedInUser(request);
    if (!(await hasEverSubscribed(db, user.id))) throw new HttpError(404, 'payments.noSubscription');
    const portal = await viaProvider(() => provider.createPortalSession(user, `${app.config.publicUrl}/billing`, negotiateLocale(request.headers['accept-language'])));
    if (!portal) throw new HttpError(404, 'payments.noSubscription');
    return { isSuccess: true, url: portal.url };
  });

  app.post(`${base}/home`, { ...signedIn, schema: routeSchema('POST', `${base}/home`) }, async (request) => {
    const user = await signedInUser(request);
    const current = await account.current(user.id);
    return { isSuccess: true, email: user.email, name: user.name, image: user.image, hasSubscription: current !== null };
  });
}
