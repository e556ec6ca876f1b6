// Picks the payment adapter the configuration names: the sandbox by default, Stripe with
// PAYMENTS=stripe. Kept apart from the port so that no adapter imports what imports it.
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/provider';

export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider> {
  if (config.payments === 'stripe') {
    // Loaded only in stripe mode: the sandbox server never pays for the Stripe SDK's memory.
    const { createStripeProvider } = await import('./stripe/provider');
    return createStripeProvider(config, db);
  }
  return createSandboxProvider({ db, publicUrl: config.publicUrl });
}
