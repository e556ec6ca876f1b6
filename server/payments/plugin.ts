// Registers payments with the app: picks the provider from the configuration, then the
// payments API, the sandbox checkout and portal pages and the webhook (each in its own scope).
import type { FastifyInstance } from 'fastify';
import paymentRoutes from '../routes/payments';
import sandboxRoutes from '../routes/sandbox';
import sandboxPortalRoutes from '../routes/sandbox-portal';
import webhookRoutes from '../routes/webhook';
import { createPaymentProvider } from './provider';

export default async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  // The Stripe SDK is loaded only in stripe mode.
  const stripe = app.config.payments === 'stripe' ? (await import('./stripe-provider')).createStripeClient(app.config) : null;
  const provider = await createPaymentProvider(app.config, app.db, stripe ? { stripeClient: stripe } : {});
  await app.register(paymentRoutes, { provider });
  await app.register(sandboxRoutes);
  await app.register(sandboxPortalRoutes);
  await app.register(webhookRoutes, { stripe });
}
