// POST /api/v1/payments/webhook: Stripe's signed events. The body is kept raw (a parser scoped
// to this route) because the signature covers the exact bytes; 404 when payments are sandbox.
import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../contract';
import { HttpError } from '../errors';
import { CurrentSubscriptionConflict } from '../payments/apply-checkout';
import { ProviderError } from '../payments/provider';

export interface WebhookRoutesOptions {
  /** The Stripe client in stripe mode; absent in sandbox mode. */
  stripe: Stripe | null;
}

const path = '/api/v1/payments/webhook';

export default async function webhookRoutes(app: FastifyInstance, { stripe }: WebhookRoutesOptions): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Loaded only in stripe mode: the sandbox server never pays for the Stripe SDK's memory.
  const handler = stripe ? (await import('../payments/webhook-events')).createStripeEventHandler({ client: stripe, db: app.db }) : null;
  const secret = app.config.stripeWebhookSecret;

  app.post(path, { schema: routeSchema('POST', path) }, async (request) => {
    if (!stripe || !handler || !secret) throw new HttpError(404, 'Webhooks are only used with PAYMENTS=stripe.');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'The webhook body must be the JSON Stripe sent.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, String(request.headers['stripe-signature'] ?? ''), secret);
    } catch {
      throw new HttpError(400, 'The webhook signature is invalid.');
    }
    try {
      const outcome = await handler.handle(event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook event');
    } catch (error) {
      if (error instanceof CurrentSubscriptionConflict) {
        // Two paid checkouts for one account: keep the current one; a person must refund the other.
        request.log.error({ eventId: event.id, currentId: error.currentId }, 'second current subscription not applied');
        return { isSuccess: true, received: true };
      }
      // Stripe retries on 5xx, which is what a provider outage needs.
      if (error instanceof ProviderError) throw new HttpError(503, error.message);
      throw error;
    }
    return { isSuccess: true, received: true };
  });
}
