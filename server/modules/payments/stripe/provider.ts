// The Stripe provider: Checkout Sessions in subscription mode (trial on the first subscription
// only), confirmation by retrieving the session, cancel/reactivate at period end, the Billing
// customer portal for payment-method updates, and signed webhooks for everything after.
import type Stripe from 'stripe';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { plans, users } from '@server/db/schema';
import { ProviderError, type CompletedCheckout, type PaymentProvider, type PlanRow, type UserRow } from '@server/modules/payments/provider';
import { callStripe, createStripeClient, subscriptionExpand } from './client';
import { customerIdOf, invoiceFacts, stripeProviderName, subscriptionFacts } from './objects';
import { createStripeWebhooks } from './webhook-events';

function lineItem(plan: PlanRow): Stripe.Checkout.SessionCreateParams.LineItem {
  if (plan.providerPriceId) return { price: plan.providerPriceId, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: plan.currency.toLowerCase(),
      unit_amount: plan.amount,
      recurring: {
        interval: plan.interval as Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring.Interval,
        interval_count: plan.intervalCount,
      },
      product_data: { name: `FitStream ${plan.name}`, metadata: { plan_id: plan.id } },
    },
  };
}

export function createStripeProvider(config: Config, db: Database): PaymentProvider {
  const client = createStripeClient(config);
  const { publicUrl, stripeWebhookSecret } = config;

  /** The account's Stripe customer, created once and remembered on the account. */
  async function customerFor(user: UserRow): Promise<string> {
    if (user.providerCustomerId) return user.providerCustomerId;
    const customer = await callStripe('start the checkout', () =>
      client.customers.create({ email: user.email, metadata: { user_id: user.id } }),
    );
    await db
      .update(users)
      .set({ providerCustomerId: customer.id })
      .where(and(eq(users.id, user.id), sql`${users.providerCustomerId} is null`));
    const [stored] = await db.select({ id: users.providerCustomerId }).from(users).where(eq(users.id, user.id));
    return stored?.id ?? customer.id;
  }

  // A plan's Stripe price; a plan without one gets a price made like checkout's inline one.
  async function priceIdFor(plan: PlanRow): Promise<string> {
    if (plan.providerPriceId) return plan.providerPriceId;
    const price = await callStripe('change the plan', () =>
      client.prices.create({
        currency: plan.currency.toLowerCase(),
        unit_amount: plan.amount,
        recurring: { interval: plan.interval as Stripe.PriceCreateParams.Recurring.Interval, interval_count: plan.intervalCount },
        product_data: { name: `FitStream ${plan.name}`, metadata: { plan_id: plan.id } },
        metadata: { plan_id: plan.id },
      }),
    );
    return price.id;
  }

  return {
    name: 'stripe',

    async createCheckout({ user, plan, trialDays, language }) {
      const customer = await customerFor(user);
      const metadata = { user_id: user.id, plan_id: plan.id };
      const session = await callStripe('start the checkout', () =>
        client.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: user.id,
          metadata,
          line_items: [lineItem(plan)],
          subscription_data: { metadata, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
          success_url: `${publicUrl}/users?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/pricing`,
          // Stripe's page in the app's language, like the sandbox's.
          locale: language,
        }),
      );
      if (!session.url) throw new ProviderError('The payment provider did not answer a checkout page.');
      return { id: session.id, url: session.url };
    },

    // Stripe refuses to expire a session that is not open (paid, or expired already): asked first.
    async expireCheckout(checkoutId) {
      const session = await callStripe('expire the checkout', () => client.checkout.sessions.retrieve(checkoutId));
      if (session.status === 'open') await callStripe('expire the checkout', () => client.checkout.sessions.expire(checkoutId));
    },

    async retrieveCompletedCheckout(checkout): Promise<CompletedCheckout | null> {
      const session = await callStripe('confirm the checkout', () =>
        client.checkout.sessions.retrieve(checkout.id, {
          expand: subscriptionExpand.map((path) => `subscription.${path}`),
        }),
      );
      if (session.status !== 'complete') return null;
      const subscription = session.subscription;
      if (!subscription || typeof subscription === 'string') return null;
      const planId = subscription.metadata?.plan_id ?? checkout.planId;
      const facts = subscriptionFacts(subscription, checkout.userId, planId);
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const [planRow] = await db.select().from(plans).where(eq(plans.id, planId));
      return {
        checkoutSessionId: checkout.id,
        provider: stripeProviderName,
        customerId: customerIdOf(session.customer),
        subscription: facts,
        payment:
          invoice && invoice.status === 'paid'
            ? invoiceFacts(invoice, {
                userId: checkout.userId,
                subscriptionId: facts.id,
                planName: planRow?.name ?? planId,
                card: facts.card,
              })
            : null,
      };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const updated = await callStripe(cancel ? 'cancel the subscription' : 'reactivate the subscription', () =>
        client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      const facts = subscriptionFacts(updated, '', '');
      return {
        status: facts.status,
        cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
        currentPeriodStart: facts.currentPeriodStart,
        currentPeriodEnd: facts.currentPeriodEnd,
      };
    },

    // No proration credit and no final invoice: deletion refunds nothing (decisions.md).
    async cancelImmediately(subscriptionId) {
      await callStripe('cancel the subscription', () =>
        client.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false }),
      );
    },

    // The Billing customer portal; the new card arrives by webhook (customer.updated).
    async createPortalSession(user, returnUrl, language) {
      if (!user.providerCustomerId) return null;
      const customer = user.providerCustomerId;
      const session = await callStripe('open the billing portal', () =>
        client.billingPortal.sessions.create({ customer, return_url: returnUrl, locale: language }),
      );
      return { url: session.url };
    },

    // Plan changes (docs/decisions/022): an upgrade or a trial change updates the subscription's
    // item at once (an upgrade invoices the proration now, to the second); a downgrade becomes a
    // subscription schedule whose second phase starts at the renewal. Stripe's webhooks
    // (customer.subscription.updated, invoice.paid) then bring the result here.
    async changePlan(request) {
      const subscription = await callStripe('change the plan', () => client.subscriptions.retrieve(request.subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new ProviderError('The payment provider did not answer the subscription item.');
      const metadata = { ...subscription.metadata, plan_id: request.to.id };
      if (request.kind === 'downgrade') {
        const schedule = subscription.schedule
          ? await callStripe('change the plan', () => client.subscriptionSchedules.retrieve(customerIdOf(subscription.schedule)!))
          : await callStripe('change the plan', () => client.subscriptionSchedules.create({ from_subscription: subscription.id }));
        const current = schedule.phases[0];
        const nextPrice = await priceIdFor(request.to);
        await callStripe('change the plan', () =>
          client.subscriptionSchedules.update(schedule.id, {
            end_behavior: 'release',
            phases: [
              {
                items: [{ price: item.price.id, quantity: 1 }],
                start_date: current?.start_date ?? Math.floor(request.now.getTime() / 1000),
                end_date: Math.floor(request.currentPeriodEnd.getTime() / 1000),
                metadata: subscription.metadata,
              },
              { items: [{ price: nextPrice, quantity: 1 }], metadata, proration_behavior: 'none' },
            ],
          }),
        );
        return { chargeId: null };
      }
      const newPrice = await priceIdFor(request.to);
      await callStripe('change the plan', () =>
        client.subscriptions.update(subscription.id, {
          items: [{ id: item.id, price: newPrice }],
          metadata,
          proration_behavior: request.kind === 'upgrade' ? 'always_invoice' : 'none',
          ...(request.kind === 'upgrade' ? { proration_date: Math.floor(request.now.getTime() / 1000) } : {}),
        }),
      );
      return { chargeId: null };
    },

    async undoPlanChange(subscriptionId) {
      const subscription = await callStripe('undo the plan change', () => client.subscriptions.retrieve(subscriptionId));
      const scheduleId = customerIdOf(subscription.schedule);
      if (scheduleId) await callStripe('undo the plan change', () => client.subscriptionSchedules.release(scheduleId));
    },

    // Renewals, failed payments and endings arrive by webhook as they happen.
    async syncAccount() {},

    webhooks: stripeWebhookSecret ? createStripeWebhooks({ client, db, webhookSecret: stripeWebhookSecret }) : null,
  };
}
