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

  /** Adds a discount to the subscription's, keeping those already there (a code and the retention coupon stack). */
  async function addDiscount(subscriptionId: string, added: Stripe.SubscriptionUpdateParams.Discount, action: string): Promise<void> {
    const subscription = await callStripe(action, () => client.subscriptions.retrieve(subscriptionId));
    const kept = (subscription.discounts ?? []).map((discount) => ({ discount: typeof discount === 'string' ? discount : discount.id }));
    await callStripe(action, () => client.subscriptions.update(subscriptionId, { discounts: [...kept, added] }));
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

    async createCheckout({ user, plan, trialDays, language, promotionCode }) {
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
          // Checked here already (decision 069); Stripe takes it off and counts its charges.
          ...(promotionCode?.providerPromotionCodeId ? { discounts: [{ promotion_code: promotionCode.providerPromotionCodeId }] } : {}),
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

    // Pause (decision 065): the invoices of the paused months are voided and collection resumes
    // by itself at `resumes_at`; "Resume now" once under way restarts the cycle now, charged at once.
    async pause(request) {
      await callStripe('pause the subscription', () =>
        client.subscriptions.update(request.subscriptionId, {
          pause_collection: { behavior: 'void', resumes_at: Math.floor(request.resumesAt.getTime() / 1000) },
        }),
      );
    },

    async resume(request) {
      const params: Stripe.SubscriptionUpdateParams = request.chargeNow
        ? { pause_collection: '', billing_cycle_anchor: { type: 'now' }, proration_behavior: 'none' }
        : { pause_collection: '' };
      const updated = await callStripe('resume the subscription', () => client.subscriptions.update(request.subscriptionId, params));
      if (!request.chargeNow) return { chargeId: null, period: null };
      const facts = subscriptionFacts(updated, '', '');
      return { chargeId: null, period: { start: facts.currentPeriodStart, end: facts.currentPeriodEnd } };
    },

    // A coupon of its own for each acceptance (decision 068): once, so Stripe drops it after the next invoice.
    async discountNextCharge(request) {
      const coupon = await callStripe('create the retention coupon', () =>
        client.coupons.create({ percent_off: request.percentOff, duration: 'once', max_redemptions: 1, metadata: { subscription_id: request.subscriptionId } }),
      );
      await addDiscount(request.subscriptionId, { coupon: coupon.id }, 'apply the retention coupon');
    },

    // Added to the subscription's discounts (decision 069): a retention coupon already there stays.
    async applyPromotionCode({ subscriptionId, code }) {
      if (!code.providerPromotionCodeId) throw new ProviderError('The payment provider does not know this promotion code.');
      await addDiscount(subscriptionId, { promotion_code: code.providerPromotionCodeId }, 'apply the promotion code');
    },

    // The coupon carries the terms, the promotion code the code customers type.
    async createPromotionCode(code) {
      const terms: Stripe.CouponCreateParams =
        code.percentOff !== null ? { percent_off: code.percentOff } : { amount_off: code.amountOff ?? 0, currency: (code.currency ?? '').toLowerCase() };
      const limits = {
        ...(code.maxRedemptions !== null ? { max_redemptions: code.maxRedemptions } : {}),
      };
      const coupon = await callStripe('create the coupon', () =>
        client.coupons.create({
          ...terms,
          duration: code.duration as Stripe.CouponCreateParams.Duration,
          ...(code.durationMonths !== null ? { duration_in_months: code.durationMonths } : {}),
          ...(code.expiresAt ? { redeem_by: Math.floor(code.expiresAt.getTime() / 1000) } : {}),
          ...limits,
          name: code.code,
          metadata: { code: code.code },
        }),
      );
      const promotion = await callStripe('create the promotion code', () =>
        client.promotionCodes.create({
          promotion: { type: 'coupon', coupon: coupon.id },
          code: code.code,
          ...limits,
          ...(code.expiresAt ? { expires_at: Math.floor(code.expiresAt.getTime() / 1000) } : {}),
          ...(code.firstSubscriptionOnly ? { restrictions: { first_time_transaction: true } } : {}),
        }),
      );
      return { couponId: coupon.id, promotionCodeId: promotion.id };
    },

    // Renewals, failed payments and endings arrive by webhook as they happen.
    async syncAccount() {},

    webhooks: stripeWebhookSecret ? createStripeWebhooks({ client, db, webhookSecret: stripeWebhookSecret, billingLink: `${publicUrl}/billing` }) : null,
  };
}
