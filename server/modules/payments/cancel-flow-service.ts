// App layer: `app.cancelFlow`, the cancel flow that listens (decision 068): the offer a reason
// brings, a cancellation with its reason, and the two offers accepted instead. The rules are
// ./cancel-rules.ts; every reason given is kept in `cancel_reasons` for the business.
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { halfOffPercent, type CancelReason, type RetentionOffer } from '@domain/cancel-reasons';
import type { Database } from '@server/db/client';
import { cancelReasons, subscriptionPauses, subscriptions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { halfOffAllowed, offerFor } from './cancel-rules';
import type { PaymentProvider } from './provider';
import { accountSubscriptions, type SubscriptionRow } from './subscription-repository';
import { viaProvider } from './via-provider';

/** PostgreSQL's unique_violation (the one-offer-per-account index), however wrapped. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

type Services = Pick<FastifyInstance, 'payments' | 'pauses'>;

export function cancelFlowService(db: Database, provider: PaymentProvider, services: Services) {
  const account = accountSubscriptions(db, provider);

  async function own(userId: string, subscriptionId: string) {
    const found = await account.own(userId, subscriptionId);
    if (!found) throw new HttpError(404, 'payments.subscriptionNotFound');
    return found;
  }

  async function offerAccepted(userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: cancelReasons.id })
      .from(cancelReasons)
      .where(and(eq(cancelReasons.userId, userId), eq(cancelReasons.offerAccepted, true)))
      .limit(1);
    return rows.length > 0;
  }

  async function offerOf(userId: string, subscription: SubscriptionRow, reason: CancelReason): Promise<RetentionOffer | null> {
    const pauses = await db.select().from(subscriptionPauses).where(eq(subscriptionPauses.userId, userId));
    return offerFor(reason, subscription, { offerAccepted: await offerAccepted(userId), pauses });
  }

  async function refuseUsedOffer(userId: string): Promise<void> {
    if (await offerAccepted(userId)) throw new HttpError(409, 'payments.retentionOfferUsed');
  }

  return {
    /** The one offer `reason` brings for this subscription, or null. Changes nothing. */
    async offer(userId: string, subscriptionId: string, reason: CancelReason): Promise<RetentionOffer | null> {
      const { subscription } = await own(userId, subscriptionId);
      return offerOf(userId, subscription, reason);
    },
    /** Cancels at the period's end (payments.cancel) and keeps the reason with the offer it brought. */
    async cancel(userId: string, subscriptionId: string, reason: CancelReason | undefined, text: string | undefined) {
      const { subscription } = await own(userId, subscriptionId);
      const shown = reason ? await offerOf(userId, subscription, reason) : null;
      const result = await services.payments.cancel(userId, subscriptionId);
      // A repeated cancel (already cancelling) tells the business nothing new.
      if (reason && !subscription.cancelAtPeriodEnd) {
        await db.insert(cancelReasons).values({ userId, subscriptionId, reason, text: text?.trim() || null, offerShown: shown, offerAccepted: false });
      }
      return result;
    },
    /** "Too expensive": 50 % off the next renewal charge, once per account, ever. */
    async acceptHalfOff(userId: string, subscriptionId: string, text: string | undefined) {
      const { subscription, plan } = await own(userId, subscriptionId);
      await refuseUsedOffer(userId);
      if (!halfOffAllowed(subscription)) throw new HttpError(409, 'payments.halfOffNotAvailable');
      const row = await db.transaction(async (tx) => {
        try {
          await tx
            .insert(cancelReasons)
            .values({ userId, subscriptionId, reason: 'too_expensive', text: text?.trim() || null, offerShown: 'half_off', offerAccepted: true });
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, 'payments.retentionOfferUsed');
          throw error;
        }
        // At the provider inside the transaction: a refusal there leaves no offer recorded.
        await viaProvider(() => provider.discountNextCharge({ subscriptionId, percentOff: halfOffPercent }));
        const [updated] = await tx
          .update(subscriptions)
          .set({ nextChargePercentOff: halfOffPercent, updatedAt: new Date() })
          .where(eq(subscriptions.id, subscriptionId))
          .returning();
        return updated ?? subscription;
      });
      return { subscription: row, plan };
    },
    /** "Unused": the pause offered instead (the pause rules apply), recorded as the account's one offer. */
    async pauseInstead(userId: string, subscriptionId: string, months: number, text: string | undefined) {
      await own(userId, subscriptionId);
      await refuseUsedOffer(userId);
      const result = await services.pauses.pause(userId, subscriptionId, months);
      try {
        await db.insert(cancelReasons).values({ userId, subscriptionId, reason: 'unused', text: text?.trim() || null, offerShown: 'pause', offerAccepted: true });
      } catch (error) {
        // Two tabs accepting at once: the pause stands, the offer is counted once.
        if (!isUniqueViolation(error)) throw error;
      }
      return result;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cancelFlow: ReturnType<typeof cancelFlowService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('cancelFlow', cancelFlowService(app.db, app.paymentProvider, app));
  },
  { name: 'cancel-flow-service', dependencies: ['config-and-database', 'payment-provider', 'payments-service', 'pause-service'] },
);
