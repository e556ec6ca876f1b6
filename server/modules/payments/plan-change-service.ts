// App layer: `app.planChanges`, changing the current subscription's plan (preview, change, undo
// a scheduled downgrade) and the account's payment history with its invoices (decision 022).
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { subscriptions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { ownInvoice, paymentHistoryPage, paymentHistoryPageOf, type InvoiceRow } from './invoices/invoices';
import { applyPlanChange, notifyPlanChangeUndone, planChange, undoScheduledChange } from './plan-change';
import type { BillingCycle } from '@domain/plans';
import { billedPlan } from './billed-plan';
import type { PaymentProvider } from './provider';
import { accountSubscriptions, findActivePlan, findPlan, scheduledPlan, subscriptionPlan, type SubscriptionWithPlans } from './subscription-repository';
import { viaProvider } from './via-provider';

export function planChangeService(db: Database, provider: PaymentProvider) {
  const account = accountSubscriptions(db, provider);

  /** The account's current subscription with its plan, the plan asked for, and the change. */
  async function changeFor(userId: string, planId: string, interval: BillingCycle) {
    const toPlan = await findActivePlan(db, planId);
    if (!toPlan) throw new HttpError(404, 'payments.planNotFound');
    const to = billedPlan(toPlan, interval);
    const current = await account.current(userId);
    if (!current) throw new HttpError(404, 'payments.noSubscription');
    const fromPlan = await findPlan(db, current.planId);
    if (!fromPlan) throw new HttpError(404, 'payments.planNotFound');
    const from = subscriptionPlan(current, fromPlan);
    const now = new Date();
    const change = planChange(current, from, to, now);
    if ('refusal' in change) {
      if (change.refusal === 'unchanged') throw new HttpError(409, 'payments.planUnchanged');
      if (change.refusal === 'cancelling') throw new HttpError(409, 'payments.planChangeCancelling');
      if (change.refusal === 'paused') throw new HttpError(409, 'payments.planChangePaused');
      throw new HttpError(409, 'payments.planChangeNotAllowed');
    }
    return { subscription: current, change, now };
  }

  async function withPlans(subscriptionId: string): Promise<SubscriptionWithPlans> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!row) throw new HttpError(404, 'payments.subscriptionNotFound');
    const plan = await findPlan(db, row.planId);
    if (!plan) throw new HttpError(404, 'payments.planNotFound');
    const scheduled = await findPlan(db, row.scheduledPlanId);
    return { subscription: row, plan: subscriptionPlan(row, plan), scheduled: scheduled ? scheduledPlan(row, scheduled) : null };
  }

  /** The account's own invoice, or the refusal: another account's (403), none (404). */
  async function invoiceOf(userId: string, invoiceId: string): Promise<{ invoice: InvoiceRow; language: string }> {
    const found = await ownInvoice(db, userId, invoiceId);
    if ('refusal' in found) {
      if (found.refusal === 'forbidden') throw new HttpError(403, 'payments.invoiceForbidden');
      throw new HttpError(404, 'payments.invoiceNotFound');
    }
    return found;
  }

  return {
    preview: async (userId: string, planId: string, interval: BillingCycle) => (await changeFor(userId, planId, interval)).change,
    /** Changes the plan at the provider, then here; answers the subscription as it is now. */
    async change(userId: string, planId: string, interval: BillingCycle) {
      const { subscription, change, now } = await changeFor(userId, planId, interval);
      const { chargeId } = await viaProvider(() =>
        provider.changePlan({
          subscriptionId: subscription.id,
          kind: change.kind,
          from: change.from,
          to: change.to,
          currentPeriodEnd: subscription.currentPeriodEnd,
          now,
        }),
      );
      await db.transaction((tx) => applyPlanChange(tx, subscription, change, { now, chargeId }));
      return { change, subscription: await withPlans(subscription.id) };
    },
    /** Cancels the scheduled downgrade (404 without a subscription, 409 without one scheduled). */
    async undo(userId: string): Promise<SubscriptionWithPlans> {
      const current = await account.current(userId);
      if (!current) throw new HttpError(404, 'payments.noSubscription');
      if (current.scheduledPlanId === null) throw new HttpError(409, 'payments.noScheduledChange');
      await viaProvider(() => provider.undoPlanChange(current.id));
      await db.transaction(async (tx) => {
        if (await undoScheduledChange(tx, current, new Date())) await notifyPlanChangeUndone(tx, userId, current.planId);
      });
      return withPlans(current.id);
    },
    /** A page of the payment history: the one asked for, or the one holding `invoiceId`. */
    async history(userId: string, request: { page?: number; invoice?: string }) {
      await provider.syncAccount(userId);
      const page = request.invoice ? await paymentHistoryPageOf(db, userId, (await invoiceOf(userId, request.invoice)).invoice.paymentId) : (request.page ?? 1);
      return { page, ...(await paymentHistoryPage(db, userId, page)) };
    },
    invoice: invoiceOf,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    planChanges: ReturnType<typeof planChangeService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('planChanges', planChangeService(app.db, app.paymentProvider));
  },
  { name: 'plan-change-service', dependencies: ['config-and-database', 'payment-provider'] },
);
