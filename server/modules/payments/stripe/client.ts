// The one Stripe SDK client of the server, and how its calls fail: a Stripe error becomes a
// ProviderError whose message is safe to show.
import Stripe from 'stripe';
import type { Config } from '@server/config';
import { ProviderError } from '@server/modules/payments/provider';

/** The SDK client; `stripeApiBase` (tests) points it at a fake server. */
export function createStripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  if (!config.stripeSecretKey) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY.');
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'FitStream' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/** Runs a Stripe call; its failures become a ProviderError with a message safe to show. */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new ProviderError(`The payment provider could not ${what}. Please try again later.`, { cause: error });
    }
    throw error;
  }
}

/**
 * What a subscription is read with (confirmation prefixes `subscription.`, which keeps the
 * deepest path at Stripe's four levels): the card comes from the subscription's default
 * payment method, else the customer's invoice default, see `subscriptionCard`.
 */
export const subscriptionExpand = [
  'default_payment_method',
  'latest_invoice',
  'customer.invoice_settings.default_payment_method',
];
