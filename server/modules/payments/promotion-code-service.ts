// App layer: `app.promotionCodes` (decision 069): what a code takes off a plan before the checkout,
// and a code added from Billing to the current subscription. The rules are
// domain/promotion-codes.ts; the rows ./promotion-codes.ts.
import { and, count, eq, gt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { firstPaidCharge, type PromotionDiscount } from '@domain/promotion-codes';
import type { BillingCycle } from '@domain/plans';
import type { Database } from '@server/db/client';
import { payments, subscriptions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { lockUser } from './apply-checkout';
import { billedPlan, billingCycleOf } from './billed-plan';
import { isCancellable } from './cancel-rules';
import { promotionDiscount, redeemPromotionCode, usablePromotionCode } from './promotion-codes';
import type { PaymentProvider } from './provider';
import { accountSubscriptions, findActivePlan, hasEverSubscribed, type SubscriptionRow } from './subscription-repository';
import { viaProvider } from './via-provider';

export function promotionCodeService(db: Database, provider: PaymentProvider) {
  const account = accountSubscriptions(db, provider);

  /**
   * "First subscription only" on Billing: the account's only subscription is this one and nothing
   * has been paid yet (a trial).
   */
  async function firstAndUnpaid(userId: string, subscription: SubscriptionRow): Promise<boolean> {
    const [subscriptionCount] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId));
    const [paid] = await db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'paid'), gt(payments.amount, 0)));
    return subscriptionCount?.n === 1 && paid?.n === 0 && subscription.status === 'trialing';
  }

  return {
    /** The discount and the first paid charge of `planId` at `interval` with the code. Changes nothing. */
    async check(userId: string, typed: string, planId: string, interval: BillingCycle): Promise<{ discount: PromotionDiscount; first_amount: number }> {
      const plan = await findActivePlan(db, planId);
      if (!plan) throw new HttpError(404, 'payments.planNotFound');
      const code = await usablePromotionCode(db, typed, {
        now: new Date(),
        firstSubscription: !(await hasEverSubscribed(db, userId)),
        currency: billedPlan(plan, interval).currency,
      });
      const discount = promotionDiscount(code);
      return { discount, first_amount: firstPaidCharge(plan.amount, interval, discount) };
    },
    /** Adds the code to the current subscription from its next charge: one per subscription. */
    async apply(userId: string, subscriptionId: string, typed: string) {
      const found = await account.own(userId, subscriptionId);
      if (!found) throw new HttpError(404, 'payments.subscriptionNotFound');
      const { subscription, plan } = found;
      if (!isCancellable(subscription)) throw new HttpError(409, 'payments.promotionCodeNotNow');
      const code = await usablePromotionCode(db, typed, {
        now: new Date(),
        firstSubscription: await firstAndUnpaid(userId, subscription),
        currency: plan.currency,
      });
      await db.transaction(async (tx) => {
        // One apply at a time per account: two tabs cannot both pass the one-code check.
        await lockUser(tx, userId);
        const outcome = await redeemPromotionCode(tx, code, { userId, subscriptionId, interval: billingCycleOf(subscription.billingInterval) });
        if (outcome === 'alreadyApplied') throw new HttpError(409, 'payments.promotionCodeAlreadyApplied');
        if (outcome === 'usedUp') throw new HttpError(409, 'payments.promotionCodeUsedUp');
        // At the provider inside the transaction: a refusal there leaves nothing redeemed.
        await viaProvider(() => provider.applyPromotionCode({ subscriptionId, code }));
      });
      const after = await account.own(userId, subscriptionId);
      return after ?? found;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    promotionCodes: ReturnType<typeof promotionCodeService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('promotionCodes', promotionCodeService(app.db, app.paymentProvider));
  },
  { name: 'promotion-code-service', dependencies: ['config-and-database', 'payment-provider'] },
);
