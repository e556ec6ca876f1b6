// App layer: `app.payments`, subscribing and everything after it for the signed-in account:
// plans, checkouts, confirming one, cancel and reactivate, the payment-method portal, the
// billing lists. It speaks only to the port (`app.paymentProvider`), whichever provider runs.
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { isCurrentStatus } from '@domain/subscriptions';
import { priceRange, type BillingCycle, type Plan } from '@domain/plans';
import type { AppLocale } from '@domain/locales';
import type { components } from '@domain/api-schema';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Database } from '@server/db/client';
import type { Viewer } from '@server/plugins/app/auth';
import { accountProfile } from '@server/modules/profiles';
import { checkoutSessions, subscriptions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { queueMail } from '@server/modules/mail';
import { applyCompletedCheckout, CurrentSubscriptionConflict } from './apply-checkout';
import { billedPlan } from './billed-plan';
import { expireOpenCheckouts } from './checkouts';
import type { PaymentProvider, PlanRow, SubscriptionFacts, UserRow } from './provider';
import { nextSubscriptionChange } from '@server/modules/classes';
import { accountPaymentFailure } from './payment-failure';
import { accountSubscriptions, findActivePlan, hasEverSubscribed, listActivePlans, type SubscriptionRow } from './subscription-repository';
import { viaProvider } from './via-provider';
import { usablePromotionCode } from './promotion-codes';

/** The free trial of an account's first subscription, in days. */
export const trialDaysForNewAccounts = 7;

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

export type HomeBody = components['schemas']['HomeSuccess'];

export function paymentsService(db: Database, provider: PaymentProvider, answers: AccountAnswers) {
  const account = accountSubscriptions(db, provider);

  /** One of the account's subscriptions with its plan (404 otherwise). */
  async function ownSubscription(userId: string, subscriptionId: string) {
    const found = await account.own(userId, subscriptionId);
    if (!found) throw new HttpError(404, 'payments.subscriptionNotFound');
    return found;
  }

  /** The signed-in account; its token may outlive it. */
  async function signedInUser(userId: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(401, 'auth.sessionExpired');
    return user;
  }

  /** Sets cancel-at-period-end at the provider, then on the row with what the provider reported. */
  async function setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<SubscriptionRow> {
    const reported = await viaProvider(() => provider.setCancelAtPeriodEnd(subscription.id, cancel));
    const [row = subscription] = await db
      .update(subscriptions)
      .set({ ...providerView(reported), cancelAtPeriodEnd: cancel, updatedAt: new Date() })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    return row;
  }

  return {
    activePlans: () => listActivePlans(db),
    /** The landing's "from X to Y a month": the monthly plans on sale (null: none). */
    priceRange: async () =>
      priceRange((await listActivePlans(db)).map((plan) => ({ amount: plan.amount, currency: plan.currency, interval: plan.interval as Plan['interval'], interval_count: plan.intervalCount }))),
    /** The provider's checkout URL for the plan (404 when not on sale), or null when the account already subscribes. */
    async subscribe(userId: string, planId: string, language: AppLocale, interval: BillingCycle = 'month', typedCode?: string): Promise<string | null> {
      const onSale = await findActivePlan(db, planId);
      if (!onSale) throw new HttpError(404, 'payments.planNotFound');
      // Monthly, or yearly for 10 monthly prices (docs/decisions/066).
      const plan = billedPlan(onSale, interval);
      if (await account.current(userId)) return null;
      const user = await signedInUser(userId);
      const firstSubscription = user.trialUsedAt === null && !(await hasEverSubscribed(db, user.id));
      const trialDays = firstSubscription ? trialDaysForNewAccounts : 0;
      // A refused code (decision 069) opens no checkout.
      const promotionCode =
        typedCode === undefined
          ? null
          : await usablePromotionCode(db, typedCode, { now: new Date(), firstSubscription: !(await hasEverSubscribed(db, user.id)), currency: plan.currency });
      const checkout = await viaProvider(() => provider.createCheckout({ user, plan, trialDays, language, promotionCode }));
      // Only the newest checkout stays payable, so two open tabs cannot start two subscriptions.
      await viaProvider(() => expireOpenCheckouts(db, provider, user.id));
      await db
        .insert(checkoutSessions)
        .values({ id: checkout.id, userId: user.id, planId: plan.id, billingInterval: interval, provider: provider.name, trialDays, language, promotionCodeId: promotionCode?.id ?? null });
      return checkout.url;
    },
    /** The subscription the account's checkout made, applied now if the provider has completed it. */
    async confirmCheckout(userId: string, checkoutId: string, deviceId: string | undefined): Promise<{ subscription: SubscriptionRow; plan: PlanRow }> {
      const [checkout] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)));
      if (!checkout) throw new HttpError(404, 'payments.checkoutNotFound');
      if (deviceId && checkout.deviceId === null) {
        await db.update(checkoutSessions).set({ deviceId }).where(eq(checkoutSessions.id, checkout.id));
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
      const found = await ownSubscription(userId, made.id);
      // Stripe completes a checkout whose first payment still needs the bank (3-D Secure).
      if (found.subscription.status === 'incomplete') throw new HttpError(402, 'payments.notCompleted');
      return found;
    },
    billing: (userId: string) => account.billing(userId),
    /** Cancels at the period's end (409 when not current) and confirms it by email, once. */
    async cancel(userId: string, subscriptionId: string) {
      const { subscription, plan } = await ownSubscription(userId, subscriptionId);
      if (!isCurrentStatus(subscription.status)) {
        throw new HttpError(409, 'payments.notCancellable');
      }
      if (subscription.cancelAtPeriodEnd) return { subscription, plan };
      const row = await setCancelAtPeriodEnd(subscription, true);
      const user = await signedInUser(userId);
      await queueMail(db, {
        userId: user.id,
        to: user.email,
        language: user.language,
        template: 'cancellationConfirmed',
        params: { accessUntil: row.currentPeriodEnd.toISOString() },
      });
      return { subscription: row, plan };
    },
    /** Undoes a cancel before the period ends (409 otherwise) and says so by email, once. */
    async reactivate(userId: string, subscriptionId: string) {
      const { subscription, plan } = await ownSubscription(userId, subscriptionId);
      if (!isCurrentStatus(subscription.status) || subscription.currentPeriodEnd <= new Date()) {
        throw new HttpError(409, 'payments.notReactivatable');
      }
      if (!subscription.cancelAtPeriodEnd) return { subscription, plan };
      const row = await setCancelAtPeriodEnd(subscription, false);
      // The inbox still says "Your subscription is cancelled": say it renews after all.
      const user = await signedInUser(userId);
      await queueMail(db, {
        userId: user.id,
        to: user.email,
        language: user.language,
        template: 'subscriptionResumed',
        params: { renewsAt: row.currentPeriodEnd.toISOString() },
      });
      return { subscription: row, plan };
    },
    /** The provider's page for a new card, coming back to `returnUrl` (404 for an account that never subscribed). */
    async portalUrl(userId: string, returnUrl: string, language: AppLocale): Promise<string> {
      const user = await signedInUser(userId);
      if (!(await hasEverSubscribed(db, user.id))) throw new HttpError(404, 'payments.noSubscription');
      const portal = await viaProvider(() => provider.createPortalSession(user, returnUrl, language));
      if (!portal) throw new HttpError(404, 'payments.noSubscription');
      return portal.url;
    },
    /**
     * The home call's body, kept serialised (decision 045) until the account or its
     * subscriptions change, or a period or trial ends (the sandbox settles renewals on a read).
     */
    homeAnswer(viewer: Viewer, serialize: (body: HomeBody) => string): Buffer | Promise<Buffer> {
      return answers.get(viewer.accountId, `payments.home:${viewer.profileId}`, async () => {
        const user = await signedInUser(viewer.accountId);
        const profile = await accountProfile(db, viewer.accountId, viewer.profileId);
        if (!profile) throw new HttpError(401, 'auth.sessionExpired');
        const current = await account.current(user.id);
        const now = new Date();
        const validUntil = await nextSubscriptionChange(db, user.id, now);
        // A failed renewal's banner (decision 067): only while no subscription is current.
        const paymentFailure = current === null ? await accountPaymentFailure(db, user.id, now) : null;
        // The person training: their profile's name and picture.
        return {
          body: serialize({ isSuccess: true, email: user.email, name: profile.name, image: profile.image, hasSubscription: current !== null, payment_failure: paymentFailure }),
          validUntil,
        };
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: ReturnType<typeof paymentsService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('payments', paymentsService(app.db, app.paymentProvider, app.accountAnswers));
  },
  { name: 'payments-service', dependencies: ['config-and-database', 'payment-provider', 'account-answers'] },
);
