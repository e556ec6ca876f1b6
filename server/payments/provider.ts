// The payment provider seam: one interface, a sandbox that needs nothing outside this machine
// and Stripe; `createPaymentProvider` picks one from the configuration (decisions.md).
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { checkoutSessions, plans, users } from '../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'incomplete',
  'unpaid',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A card as the billing screen shows it: never the number, only brand, last 4 and expiry. */
export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A subscription as the provider reports it, in the provider's ids. */
export interface SubscriptionFacts {
  id: string;
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** null: keep whatever card is stored already. */
  card: CardFacts | null;
}

/** One charge (or the €0 trial start), keyed by the provider's invoice id. */
export interface PaymentFacts {
  providerInvoiceId: string;
  userId: string;
  subscriptionId: string | null;
  amount: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  description: string | null;
  card: CardFacts | null;
  createdAt: Date;
}

/** Everything a completed checkout made: what `applyCompletedCheckout` writes. */
export interface CompletedCheckout {
  checkoutSessionId: string;
  provider: string;
  customerId: string | null;
  subscription: SubscriptionFacts;
  payment: PaymentFacts | null;
}

export interface CheckoutRequest {
  user: UserRow;
  plan: PlanRow;
  trialDays: number;
}

export interface CreatedCheckout {
  id: string;
  url: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Opens a hosted checkout; the caller records it. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** What a checkout made once it is paid; null while it is not. */
  retrieveCompletedCheckout(checkout: CheckoutRow): Promise<CompletedCheckout | null>;
  /**
   * Flags (or unflags) cancel-at-period-end at the provider. Answers the provider's view of
   * the subscription when it has one, so the caller can store it.
   */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
  ): Promise<Partial<SubscriptionFacts> | null>;
  /**
   * Opens the provider's page for updating the payment method, which comes back to
   * `returnUrl`; null when the account has nothing there to manage (no customer).
   */
  createPortalSession(user: UserRow, returnUrl: string): Promise<{ url: string } | null>;
}

/** The provider could not be reached or refused: answered as 502 with a safe message. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

export interface PaymentProviderOptions {
  /** Tests hand in a Stripe client pointed at a fake server. */
  stripeClient?: import('stripe').default;
}

export async function createPaymentProvider(
  config: Config,
  db: Database,
  options: PaymentProviderOptions = {},
): Promise<PaymentProvider> {
  if (config.payments === 'stripe') {
    const { createStripeProvider, createStripeClient } = await import('./stripe-provider');
    const client = options.stripeClient ?? createStripeClient(config);
    return createStripeProvider({ client, db, publicUrl: config.publicUrl });
  }
  const { createSandboxProvider } = await import('./sandbox-provider');
  return createSandboxProvider({ db, publicUrl: config.publicUrl });
}

export function isCurrentStatus(status: string): boolean {
  return status === 'trialing' || status === 'active';
}

/** The period after `start` for a plan's interval (calendar months and years, UTC). */
export function addInterval(start: Date, interval: string, count: number): Date {
  const next = new Date(start.getTime());
  if (interval === 'day') next.setUTCDate(next.getUTCDate() + count);
  else if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7 * count);
  else if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}

export const trialDaysForNewAccounts = 7;

export function paymentDescription(amount: number, planName: string): string {
  return amount === 0 ? 'Free trial' : `${planName} plan`;
}
