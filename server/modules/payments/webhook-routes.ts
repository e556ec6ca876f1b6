// POST /api/v1/payments/webhook: the payment provider's signed events. The body is kept raw (a
// parser scoped to this route) because the signature covers the exact bytes; 404 when the
// provider sends no webhooks (the sandbox).
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { UnwantedSubscription } from '@server/modules/payments/apply-checkout';
import { ProviderError } from '@server/modules/payments/provider';

const path = '/api/v1/payments/webhook';

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const webhooks = app.paymentProvider.webhooks;
  // The type is the provider's (a closed catalogue) and only of events whose signature verified:
  // no one without the webhook secret can add a series.
  const processed = new Counter({
    name: 'fitstream_payment_webhooks_total',
    help: 'Payment provider webhook events, by event type and outcome (applied, duplicate, ignored, refused: cancelled and refunded at the provider, failed, bad_signature)',
    labelNames: ['type', 'outcome'] as const,
    registers: [app.metrics],
  });

  app.post(path, { schema: routeSchema('POST', path) }, async (request) => {
    if (!webhooks) throw new HttpError(404, 'payments.webhooksStripeOnly');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'payments.webhookBody');
    const event = webhooks.verify(raw, request.headers);
    if (!event) processed.inc({ type: 'unverified', outcome: 'bad_signature' });
    if (!event) throw new HttpError(400, 'payments.webhookSignature');
    try {
      const outcome = await event.apply();
      processed.inc({ type: event.type, outcome });
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook event');
    } catch (error) {
      processed.inc({ type: event.type, outcome: error instanceof UnwantedSubscription ? 'refused' : 'failed' });
      if (error instanceof UnwantedSubscription) {
        // Already cancelled and refunded at the provider; the account keeps what it had.
        request.log.warn({ eventId: event.id, subscriptionId: error.subscriptionId, reason: error.reason }, 'subscription refused: cancelled and refunded');
        return { isSuccess: true, received: true };
      }
      // Providers retry on 5xx, which is what a provider outage needs.
      if (error instanceof ProviderError) throw new HttpError(503, 'payments.providerUnavailable');
      throw error;
    }
    return { isSuccess: true, received: true };
  });
}
