// Applies Stripe's webhook events idempotently and in any order: each event is recorded in
// provider_events in the same transaction as its change, and the subscription it concerns is
// read fresh from Stripe, so late or reordered events converge on Stripe's current state.
import type Stripe from 'stripe';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { providerEvents, subscriptions, users } from '../db/schema';
import {
  applyCompletedCheckoutIn,
  lockUser,
  recordPayment,
  rememberCustomer,
  upsertSubscription,
  type Queryable,
} from './apply-checkout';
import type { PaymentFacts, PlanRow, SubscriptionFacts } from './provider';
import { callStripe, subscriptionExpand } from './stripe-provider';
import {
  customerIdOf,
  invoiceFacts,
  invoiceSubscriptionId,
  resolvePlan,
  resolveUserId,
  stripeProviderName,
  subscriptionFacts,
} from './stripe-objects';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

interface SubscriptionWork {
  facts: SubscriptionFacts;
  plan: PlanRow;
  customerId: string | null;
  /** The latest invoice when it is paid: recorded with the subscription. */
  payment: PaymentFacts | null;
}

interface Hints {
  metadata?: Stripe.Metadata | null;
  customer?: string | { id: string } | null;
}

/**
 * `customer.updated` carries a new card chosen in the Billing customer portal: the portal sets
 * the customer's `invoice_settings.default_payment_method`, and that change is itself a
 * customer.updated. `payment_method.attached` is not handled: attaching a card does not make
 * it the one charged, and the portal's attach is followed by the customer.updated that does.
 */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.updated',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export function createStripeEventHandler(options: { client: Stripe; db: Database }) {
  const { client, db } = options;

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
    return { facts, plan, customerId: customerIdOf(subscription.customer), payment };
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
          inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        ),
      );
    return rows.map((row) => row.id);
  }

  async function writeSubscription(tx: Queryable, work: SubscriptionWork): Promise<void> {
    await lockUser(tx, work.facts.userId);
    await rememberCustomer(tx, work.facts.userId, work.customerId);
    await upsertSubscription(tx, work.facts, stripeProviderName, null);
    if (work.payment) await recordPayment(tx, work.payment);
  }

  /** What an event changes, read before the transaction so no HTTP call holds it open. */
  async function plan(event: Stripe.Event): Promise<((tx: Queryable) => Promise<void>) | null> {
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
            subscription: work.facts,
            payment: work.payment,
          });
          // A subscription the webhook met first keeps its data; the checkout is linked here.
          await writeSubscription(tx, work);
        };
      }
      case 'customer.updated': {
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
          for (const work of works) await writeSubscription(tx, work);
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const work = await subscriptionWork(subscription.id, subscription);
        return work ? (tx) => writeSubscription(tx, work) : null;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const hints = { metadata: invoice.parent?.subscription_details?.metadata ?? null, customer: invoice.customer };
        const subscriptionId = invoiceSubscriptionId(invoice);
        const work = subscriptionId ? await subscriptionWork(subscriptionId, hints) : null;
        const userId = work?.facts.userId ?? (await resolveUserId(db, hints.metadata, hints.customer));
        if (userId === null) return null;
        const payment = invoiceFacts(invoice, {
          userId,
          subscriptionId: work?.facts.id ?? null,
          planName: work?.plan.name ?? 'FitStream',
          card: work?.facts.card ?? null,
          failed: event.type === 'invoice.payment_failed',
        });
        return async (tx) => {
          if (work) await writeSubscription(tx, work);
          else await lockUser(tx, userId);
          await recordPayment(tx, payment);
        };
      }
      default:
        return null;
    }
  }

  async function alreadyProcessed(eventId: string): Promise<boolean> {
    const rows = await db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, eventId));
    return rows.length > 0;
  }

  return {
    async handle(event: Stripe.Event): Promise<EventOutcome> {
      if (await alreadyProcessed(event.id)) return 'duplicate';
      const change = await plan(event);
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(providerEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: providerEvents.id });
        if (inserted.length === 0) return 'duplicate';
        if (!change) return 'ignored';
        await change(tx);
        return 'applied';
      });
    },
  };
}

export type StripeEventHandler = ReturnType<typeof createStripeEventHandler>;
