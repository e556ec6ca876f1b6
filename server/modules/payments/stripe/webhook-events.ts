// Turns Stripe's webhook events into changes of the database, in any order: the subscription an
// event concerns is read fresh from Stripe, so late or reordered events converge on Stripe's
// current state. Recording each event once is the service's (`applyEventOnce`). A failed
// renewal's attempts (Smart Retries: the invoice's attempt_count and next_payment_attempt) are
// stored by the rules of ../dunning.ts (decision 067).
import type Stripe from 'stripe';
import { and, eq, inArray } from 'drizzle-orm';
import { currentStatuses } from '@domain/subscriptions';
import type { Database } from '@server/db/client';
import { subscriptions, users } from '@server/db/schema';
import { applyCompletedCheckoutIn, applySubscriptionReport, lockUser, paymentDescription, recordPayment, recordRefund, UnwantedSubscription, type UnwantedReason } from '@server/modules/payments/apply-checkout';
import { applyEventOnce, recordEvent, type EventChange } from '@server/modules/payments/provider-events';
import { recordReportedFailure } from '@server/modules/payments/payment-failure';
import type { PlanRow, ProviderEvent, SubscriptionReport, WebhookReceiver } from '@server/modules/payments/provider';
import { callStripe, subscriptionExpand } from './client';
import {
  customerIdOf,
  invoiceFacts,
  invoiceSubscriptionId,
  resolvePlan,
  resolveUserId,
  stripeProviderName,
  subscriptionFacts,
} from './objects';

/** A subscription as Stripe holds it now, with the plan it is for. */
interface SubscriptionWork extends SubscriptionReport {
  plan: PlanRow;
}

interface Hints {
  metadata?: Stripe.Metadata | null;
  customer?: string | { id: string } | null;
}

/** What Stripe keeps as the reason of a refused subscription: the cancellation's comment and the refund's metadata. */
const refusalComments: Record<UnwantedReason, string> = {
  account_deleted: 'FitStream: the account was deleted; a subscription paid after that is cancelled and refunded.',
  second_subscription: 'FitStream: the account already has a current subscription; this second one is cancelled and refunded.',
};

/** Stripe's signed events (`Stripe-Signature` over the exact bytes, with the endpoint's secret). */
export function createStripeWebhooks(options: { client: Stripe; db: Database; webhookSecret: string; billingLink: string }): WebhookReceiver {
  const { client, db, webhookSecret, billingLink } = options;

  /** The subscription as Stripe holds it now, with the account and plan it belongs to. */
  async function subscriptionWork(subscriptionId: string, hints: Hints): Promise<SubscriptionWork | null> {
    const subscription = await callStripe('read the subscription', () =>
      client.subscriptions.retrieve(subscriptionId, { expand: subscriptionExpand }),
    );
    const userId =
      (await resolveUserId(db, subscription.metadata, subscription.customer)) ??
      (await resolveUserId(db, hints.metadata, hints.customer));
    const plan = await resolvePlan(db, subscription);
    if (userId === null || plan === null) return null;
    const facts = subscriptionFacts(subscription, userId, plan.id);
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const payment =
      invoice && invoice.status === 'paid'
        ? invoiceFacts(invoice, { userId, subscriptionId: facts.id, planName: plan.name, card: facts.card })
        : null;
    return { subscription: facts, plan, customerId: customerIdOf(subscription.customer), payment };
  }

  /** The subscriptions we hold for a Stripe customer that Stripe may still charge. */
  async function chargeableSubscriptionIds(customerId: string): Promise<string[]> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          eq(users.providerCustomerId, customerId),
          eq(subscriptions.provider, stripeProviderName),
          inArray(subscriptions.status, [...currentStatuses, 'past_due']),
        ),
      );
    return rows.map((row) => row.id);
  }

  /**
   * Ends at Stripe a subscription the account must not have, which Stripe would otherwise keep
   * charging: cancelled now with the reason as its comment, and every payment of its latest
   * invoice refunded (idempotently, so a second event about it refunds nothing twice). The
   * account's Payment History shows the money taken and given back as one refunded payment.
   */
  async function refuse(unwanted: UnwantedSubscription): Promise<void> {
    const comment = refusalComments[unwanted.reason];
    const subscription = await callStripe('cancel the subscription', () => client.subscriptions.retrieve(unwanted.subscriptionId, { expand: subscriptionExpand }));
    if (subscription.status !== 'canceled') {
      await callStripe('cancel the subscription', () =>
        client.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false, cancellation_details: { comment } }),
      );
    }
    const invoiceId = customerIdOf(subscription.latest_invoice);
    if (invoiceId === null) return;
    const paid = await callStripe('refund the payment', () => client.invoicePayments.list({ invoice: invoiceId, status: 'paid' }));
    let refunded = 0;
    let currency = '';
    for (const invoicePayment of paid.data) {
      const paymentIntent = customerIdOf(invoicePayment.payment.payment_intent ?? null);
      if (paymentIntent === null) continue;
      const refund = await callStripe('refund the payment', () =>
        client.refunds.create(
          {
            payment_intent: paymentIntent,
            reason: unwanted.reason === 'second_subscription' ? 'duplicate' : 'requested_by_customer',
            metadata: { fitstream_reason: unwanted.reason, subscription: subscription.id, comment },
          },
          { idempotencyKey: `fitstream-refuse-${subscription.id}-${paymentIntent}` },
        ),
      );
      refunded += refund.amount;
      currency = refund.currency.toUpperCase();
    }
    // A deleted account keeps nothing new (its history is anonymised).
    const userId = unwanted.reason === 'account_deleted' ? null : await resolveUserId(db, subscription.metadata, subscription.customer);
    if (refunded === 0 || userId === null) return;
    const plan = await resolvePlan(db, subscription);
    await recordRefund(db, { userId, providerInvoiceId: invoiceId, amount: refunded, currency, description: paymentDescription(refunded, plan?.name ?? 'FitStream'), createdAt: new Date() });
  }

  /** What an event changes, read before the transaction so no HTTP call holds it open. */
  async function plan(event: Stripe.Event): Promise<EventChange> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = customerIdOf(session.subscription);
        if (session.mode !== 'subscription' || subscriptionId === null) return null;
        const work = await subscriptionWork(subscriptionId, { metadata: session.metadata, customer: session.customer });
        if (!work) return null;
        return async (tx) => {
          await applyCompletedCheckoutIn(tx, {
            checkoutSessionId: session.id,
            provider: stripeProviderName,
            customerId: work.customerId,
            subscription: work.subscription,
            payment: work.payment,
          });
          // A subscription the webhook met first keeps its data; the checkout is linked here.
          await applySubscriptionReport(tx, stripeProviderName, work);
        };
      }
      case 'customer.updated': {
        // A new card chosen in the Billing customer portal arrives here: the portal sets the
        // customer's `invoice_settings.default_payment_method`, and that change is itself a
        // customer.updated. `payment_method.attached` is not handled: attaching a card does not
        // make it the one charged, and the portal's attach is followed by this event.
        // Any change may be the default payment method (the event's previous_attributes are
        // not relied on): each subscription is re-read and written like a subscription event,
        // which stores the same facts again when nothing we show has changed.
        const customer = event.data.object;
        const ids = await chargeableSubscriptionIds(customer.id);
        const works: SubscriptionWork[] = [];
        for (const subscriptionId of ids) {
          const work = await subscriptionWork(subscriptionId, { metadata: customer.metadata, customer: customer.id });
          if (work) works.push(work);
        }
        if (works.length === 0) return null;
        return async (tx) => {
          for (const work of works) await applySubscriptionReport(tx, stripeProviderName, work);
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const work = await subscriptionWork(subscription.id, subscription);
        return work ? (tx) => applySubscriptionReport(tx, stripeProviderName, work) : null;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const hints = { metadata: invoice.parent?.subscription_details?.metadata ?? null, customer: invoice.customer };
        const subscriptionId = invoiceSubscriptionId(invoice);
        const work = subscriptionId ? await subscriptionWork(subscriptionId, hints) : null;
        const userId = work?.subscription.userId ?? (await resolveUserId(db, hints.metadata, hints.customer));
        if (userId === null) return null;
        const payment = invoiceFacts(invoice, {
          userId,
          subscriptionId: work?.subscription.id ?? null,
          planName: work?.plan.name ?? 'FitStream',
          card: work?.subscription.card ?? null,
          failed: event.type === 'invoice.payment_failed',
        });
        const status = work?.subscription.status;
        const failure =
          event.type === 'invoice.payment_failed' && work && (status === 'past_due' || status === 'unpaid')
            ? {
                // The first attempt is made when the invoice is finalised: the grace period counts from it.
                failedAt: new Date((invoice.status_transitions?.finalized_at ?? invoice.created) * 1000),
                attempt: Math.max(1, invoice.attempt_count),
                nextPaymentAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
                status,
              }
            : null;
        return async (tx) => {
          if (work) await applySubscriptionReport(tx, stripeProviderName, work);
          else await lockUser(tx, userId);
          await recordPayment(tx, payment);
          if (work && failure) await recordReportedFailure(tx, work.subscription.id, failure, billingLink);
          // A renewal paid took the retention coupon (duration once, decision 068): Billing stops announcing it.
          if (work && event.type === 'invoice.paid' && invoice.billing_reason === 'subscription_cycle') {
            await tx.update(subscriptions).set({ nextChargePercentOff: null }).where(eq(subscriptions.id, work.subscription.id));
          }
        };
      }
      default:
        return null;
    }
  }

  return {
    verify(rawBody, headers): ProviderEvent | null {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, String(headers['stripe-signature'] ?? ''), webhookSecret);
      } catch {
        return null;
      }
      return {
        id: event.id,
        type: event.type,
        async apply() {
          try {
            return await applyEventOnce(db, event, () => plan(event));
          } catch (error) {
            if (!(error instanceof UnwantedSubscription)) throw error;
            // Nothing of it was written; Stripe is told to stop charging, and a redelivery of
            // this event changes nothing. The caller logs why.
            await refuse(error);
            await recordEvent(db, event);
            throw error;
          }
        },
      };
    },
  };
}
