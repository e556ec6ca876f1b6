// Reads Stripe's objects (subscription, payment method, invoice) into the provider-neutral
// facts the database takes; finds the account and plan an object belongs to.
import type Stripe from 'stripe';
import { eq, or } from 'drizzle-orm';
import type { SubscriptionStatus } from '@domain/subscriptions';
import type { Database } from '@server/db/client';
import { plans, users } from '@server/db/schema';
import { paymentDescription } from '@server/modules/payments/apply-checkout';
import type { CardFacts, PaymentFacts, PlanRow, SubscriptionFacts } from '@server/modules/payments/provider';
import type { TaxBreakdown } from '@server/modules/payments/invoices/tax';

export const stripeProviderName = 'stripe';

/** Stripe's statuses, onto the six the product knows (domain/subscriptions.ts). */
export function mapStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'incomplete':
    case 'unpaid':
    case 'canceled':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    case 'paused':
      return 'past_due';
    default:
      return 'incomplete';
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

export function customerIdOf(value: string | { id: string } | null | undefined): string | null {
  return idOf(value);
}

function date(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

export function cardFromPaymentMethod(method: Stripe.PaymentMethod | string | null | undefined): CardFacts | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
}

/**
 * The card Stripe charges for a subscription: its own default payment method, else the
 * customer's `invoice_settings.default_payment_method` (which the Billing customer portal
 * sets), each read when expanded (`subscriptionExpand`). Legacy sources are not read.
 */
export function subscriptionCard(subscription: Stripe.Subscription): CardFacts | null {
  const own = cardFromPaymentMethod(subscription.default_payment_method);
  if (own) return own;
  const customer = subscription.customer;
  if (typeof customer === 'string' || customer.deleted) return null;
  return cardFromPaymentMethod(customer.invoice_settings?.default_payment_method);
}

/** The account a Stripe object belongs to: its metadata first, then the customer id. */
export async function resolveUserId(
  db: Database,
  metadata: Stripe.Metadata | null | undefined,
  customer: string | { id: string } | null | undefined,
): Promise<string | null> {
  const fromMetadata = metadata?.user_id;
  if (fromMetadata && /^[0-9a-f-]{36}$/i.test(fromMetadata)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata));
    if (user) return user.id;
  }
  const customerId = idOf(customer);
  if (customerId === null) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.providerCustomerId, customerId));
  return user?.id ?? null;
}

/** The plan a subscription is for: metadata.plan_id, else the plan holding its price id. */
export async function resolvePlan(
  db: Database,
  subscription: Stripe.Subscription,
): Promise<PlanRow | null> {
  const planId = subscription.metadata?.plan_id;
  if (planId) {
    const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
    if (plan) return plan;
  }
  const priceId = subscription.items?.data?.[0]?.price?.id;
  if (!priceId) return null;
  const [plan] = await db
    .select()
    .from(plans)
    .where(or(eq(plans.providerPriceId, priceId), eq(plans.providerYearlyPriceId, priceId)));
  return plan ?? null;
}

/** Period bounds: on the first item since API 2025-03-31, on the subscription before. */
function periodOf(subscription: Stripe.Subscription): { start: Date; end: Date } {
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const start = date(item?.current_period_start ?? legacy.current_period_start) ?? new Date(subscription.start_date * 1000);
  const end = date(item?.current_period_end ?? legacy.current_period_end) ?? date(subscription.trial_end) ?? start;
  return { start, end };
}

export function subscriptionFacts(
  subscription: Stripe.Subscription,
  userId: string,
  planId: string,
): SubscriptionFacts {
  const period = periodOf(subscription);
  const recurring = subscription.items?.data?.[0]?.price?.recurring;
  return {
    id: subscription.id,
    userId,
    planId,
    // The interval its price bills (docs/decisions/066); unknown when Stripe's answer holds no item.
    ...(recurring ? { billingInterval: recurring.interval === 'year' ? 'year' : 'month' } : {}),
    status: mapStripeStatus(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    trialEnd: date(subscription.trial_end),
    card: subscriptionCard(subscription),
    pause: pauseOf(subscription.pause_collection),
  };
}

/** Stripe's `pause_collection` (decision 065); one without a resume date is not a pause this product makes. */
function pauseOf(pause: Stripe.Subscription.PauseCollection | null | undefined): SubscriptionFacts['pause'] {
  if (!pause) return null;
  return pause.resumes_at ? { resumesAt: new Date(pause.resumes_at * 1000) } : undefined;
}

/** The subscription an invoice bills (API 2025-03-31 `parent`, or the older field). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  if (fromParent) return fromParent;
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/**
 * What Stripe's invoice says of its tax (docs/decisions/032): `total_excluding_tax` as the net,
 * the sum of `total_taxes` (else total − net) as the tax, and the rate when the tax rate was
 * expanded with its `percentage` (one rate only); null when the invoice carries no tax fields.
 */
export function stripeInvoiceTax(invoice: Stripe.Invoice): TaxBreakdown | null {
  const net = invoice.total_excluding_tax;
  if (typeof net !== 'number') return null;
  const taxes = invoice.total_taxes ?? [];
  const tax = taxes.length > 0 ? taxes.reduce((sum, entry) => sum + entry.amount, 0) : invoice.total - net;
  const percentages = new Set(
    taxes.map((entry) => {
      const rate = entry.tax_rate_details?.tax_rate as unknown;
      return typeof rate === 'object' && rate !== null && typeof (rate as { percentage?: unknown }).percentage === 'number'
        ? (rate as { percentage: number }).percentage
        : null;
    }),
  );
  const [only] = [...percentages];
  const rateBps = percentages.size === 1 && typeof only === 'number' ? Math.round(only * 100) : taxes.length === 0 && tax === 0 ? 0 : null;
  return { net, tax, rateBps };
}

export function invoiceFacts(
  invoice: Stripe.Invoice,
  options: { userId: string; subscriptionId: string | null; planName: string; card: CardFacts | null; failed?: boolean },
): PaymentFacts {
  const failed = options.failed ?? invoice.status !== 'paid';
  const amount = failed ? invoice.amount_due : invoice.amount_paid;
  const paidAt = invoice.status_transitions?.paid_at ?? null;
  return {
    providerInvoiceId: invoice.id,
    userId: options.userId,
    subscriptionId: options.subscriptionId,
    amount,
    currency: invoice.currency.toUpperCase(),
    status: failed ? 'failed' : 'paid',
    description: paymentDescription(amount, options.planName),
    card: options.card,
    createdAt: new Date((paidAt ?? invoice.created) * 1000),
    // Stripe mode links Stripe's own invoice PDF (docs/decisions/022).
    providerPdfUrl: invoice.invoice_pdf ?? null,
    tax: stripeInvoiceTax(invoice),
  };
}
