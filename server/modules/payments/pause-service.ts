// App layer: `app.pauses`, pausing the account's subscription and "Resume now" (decision 065).
// The rules are ./pause-rules.ts; this applies their answer at the provider, then here.
import { and, desc, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database, Queryable } from '@server/db/client';
import { mailOutbox, subscriptionPauses, subscriptions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import type { MessageCode } from '@server/i18n';
import { queueAccountMail } from '@server/modules/mail';
import { paymentDescription, recordPayment } from './apply-checkout';
import { pauseDecision, resumeDecision, resumeReminderMs, type PauseRefusal } from './pause-rules';
import type { PaymentProvider } from './provider';
import { accountSubscriptions, type SubscriptionRow } from './subscription-repository';
import { viaProvider } from './via-provider';

const refusals: Record<PauseRefusal, [number, MessageCode]> = {
  months: [400, 'payments.pauseMonths'],
  pastDue: [409, 'payments.pausePastDue'],
  trialing: [409, 'payments.pauseTrialing'],
  notCurrent: [409, 'payments.pauseNotCurrent'],
  cancelling: [409, 'payments.pauseCancelling'],
  alreadyPaused: [409, 'payments.alreadyPaused'],
  tooOften: [409, 'payments.pauseTooOften'],
};

/** The week-before reminder a provider with its own clock (Stripe) gets queued ahead; a resume drops it. */
async function dropQueuedReminder(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'pauseEnding'), isNull(mailOutbox.sentAt)));
}

export function pauseService(db: Database, provider: PaymentProvider) {
  const account = accountSubscriptions(db, provider);

  async function own(userId: string, subscriptionId: string) {
    const found = await account.own(userId, subscriptionId);
    if (!found) throw new HttpError(404, 'payments.subscriptionNotFound');
    return found;
  }

  return {
    /** Pauses for `months` from the end of the paid period, or refuses with the rule's message. */
    async pause(userId: string, subscriptionId: string, months: number) {
      const { subscription, plan } = await own(userId, subscriptionId);
      const past = await db.select().from(subscriptionPauses).where(eq(subscriptionPauses.userId, userId));
      const decision = pauseDecision(subscription, months, past);
      if ('refusal' in decision) {
        const [status, code] = refusals[decision.refusal];
        throw new HttpError(status, code);
      }
      const { pausedFrom, resumesAt } = decision;
      await viaProvider(() => provider.pause({ subscriptionId: subscription.id, pausedFrom, resumesAt }));
      const row = await db.transaction(async (tx) => {
        await tx.insert(subscriptionPauses).values({ userId, subscriptionId: subscription.id, pausedFrom, resumesAt });
        // The sandbox's clock sends it from ./sandbox/periods.ts; the outbox holds Stripe's until its day.
        if (provider.name === 'stripe') await queueReminder(tx, userId, resumesAt);
        const [updated] = await tx
          .update(subscriptions)
          .set({ pausedFrom, resumesAt, resumeReminderSentAt: null, updatedAt: new Date() })
          .where(eq(subscriptions.id, subscription.id))
          .returning();
        return updated ?? subscription;
      });
      return { subscription: row, plan };
    },
    /** "Resume now": drops a pause not begun, or ends one under way with a charge for a new period. */
    async resume(userId: string, subscriptionId: string) {
      const { subscription, plan } = await own(userId, subscriptionId);
      const now = new Date();
      const decision = resumeDecision(subscription, now);
      if ('refusal' in decision) throw new HttpError(409, 'payments.notPaused');
      const chargeNow = decision.kind === 'chargeNow';
      const { chargeId, period } = await viaProvider(() => provider.resume({ subscriptionId: subscription.id, plan, chargeNow, now }));
      const row = await db.transaction(async (tx) => {
        const [latest] = await tx
          .select({ id: subscriptionPauses.id })
          .from(subscriptionPauses)
          .where(and(eq(subscriptionPauses.subscriptionId, subscription.id), isNull(subscriptionPauses.endedAt)))
          .orderBy(desc(subscriptionPauses.createdAt))
          .limit(1);
        if (latest) await tx.update(subscriptionPauses).set({ endedAt: now }).where(eq(subscriptionPauses.id, latest.id));
        await dropQueuedReminder(tx, userId);
        let periodNow: { currentPeriodStart?: Date; currentPeriodEnd?: Date } = {};
        if (chargeNow && period) {
          periodNow = { currentPeriodStart: period.start, currentPeriodEnd: period.end };
          if (chargeId) await chargeResume(tx, subscription, chargeId, { amount: plan.amount, currency: plan.currency, name: plan.name }, period.start, period.end);
        }
        const [updated] = await tx
          .update(subscriptions)
          .set({ ...periodNow, pausedFrom: null, resumesAt: null, resumeReminderSentAt: null, updatedAt: now })
          .where(eq(subscriptions.id, subscription.id))
          .returning();
        return updated ?? subscription;
      });
      return { subscription: row, plan };
    },
  };
}

async function queueReminder(tx: Queryable, userId: string, resumesAt: Date): Promise<void> {
  const params = { resumesAt: resumesAt.toISOString() };
  await queueAccountMail(tx, userId, { template: 'pauseEnding', params, sendAfter: new Date(resumesAt.getTime() - resumeReminderMs) });
}

/** The sandbox's charge for the period a "Resume now" starts, on the card on file. */
async function chargeResume(
  tx: Queryable,
  subscription: SubscriptionRow,
  chargeId: string,
  plan: { amount: number; currency: string; name: string },
  start: Date,
  end: Date,
): Promise<void> {
  const { cardBrand, cardLast4, cardExpMonth, cardExpYear } = subscription;
  await recordPayment(tx, {
    providerInvoiceId: chargeId,
    userId: subscription.userId,
    subscriptionId: subscription.id,
    amount: plan.amount,
    currency: plan.currency,
    status: 'paid',
    description: paymentDescription(plan.amount, plan.name),
    card: cardBrand && cardLast4 && cardExpMonth && cardExpYear ? { brand: cardBrand, last4: cardLast4, expMonth: cardExpMonth, expYear: cardExpYear } : null,
    createdAt: start,
    lines: [{ kind: 'plan', planName: plan.name, amount: plan.amount, periodStart: start.toISOString(), periodEnd: end.toISOString() }],
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    pauses: ReturnType<typeof pauseService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('pauses', pauseService(app.db, app.paymentProvider));
  },
  { name: 'pause-service', dependencies: ['config-and-database', 'payment-provider'] },
);
