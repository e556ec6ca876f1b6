// The sandbox provider's hosted checkout page (/sandbox/checkout/:sessionId): GET shows it,
// POST pays with a test card. Answers are HTML pages (or a 303 back into the app), never JSON.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '../contract';
import { acceptFormBodies } from '../plugins/external/body-parsers';
import { checkCard, type CardForm } from '../payments/sandbox/card';
import {
  completeSandboxCheckout,
  expireIfStale,
  loadSandboxCheckout,
  sandboxCheckoutPath,
  type SandboxCheckout,
} from '../payments/sandbox/checkout';
import { renderCheckoutPage, renderUnavailablePage, sendSandboxPage, type PageError } from '../payments/sandbox/pages';

type CheckoutRequest = FastifyRequest<{ Params: { sessionId: string }; Body: CardForm }>;

const path = '/sandbox/checkout/:sessionId';

export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  // The card form posts a form body; only this page's routes read one.
  await acceptFormBodies(app);
  const { db, config } = app;
  const returnUrl = (checkoutId: string) => `${config.publicUrl}/users?session_id=${encodeURIComponent(checkoutId)}`;
  const pricingUrl = `${config.publicUrl}/pricing`;

  const unavailable = (reply: FastifyReply) => sendSandboxPage(reply, 404, renderUnavailablePage({ kind: 'unavailable', url: pricingUrl }));

  /** The open checkout this request is about, or null when it cannot be paid. */
  async function openCheckout(request: CheckoutRequest): Promise<SandboxCheckout | null> {
    if (request.validationError && request.validationError.validationContext === 'params') return null;
    const loaded = await loadSandboxCheckout(db, request.params.sessionId);
    if (!loaded || (await expireIfStale(db, loaded))) return null;
    return loaded;
  }

  function page(reply: FastifyReply, loaded: SandboxCheckout, statusCode: number, error?: PageError, form?: CardForm) {
    return sendSandboxPage(
      reply,
      statusCode,
      renderCheckoutPage(loaded, {
        action: sandboxCheckoutPath(loaded.checkout.id),
        cancelUrl: pricingUrl,
        ...(error ? { error } : {}),
        ...(form ? { form } : {}),
      }),
    );
  }

  app.get(path, { schema: routeSchema('GET', path), attachValidation: true }, async (request: CheckoutRequest, reply) => {
    const loaded = await openCheckout(request);
    if (loaded?.checkout.status === 'complete') {
      // Back-button after paying: say so and lead back into the app.
      return sendSandboxPage(reply, 404, renderUnavailablePage({ kind: 'paid', url: returnUrl(loaded.checkout.id) }));
    }
    if (!loaded || loaded.checkout.status !== 'open') return unavailable(reply);
    return page(reply, loaded, 200);
  });

  app.post(path, { schema: routeSchema('POST', path), attachValidation: true }, async (request: CheckoutRequest, reply) => {
    const loaded = await openCheckout(request);
    if (!loaded) return unavailable(reply);
    // Paying a paid checkout again (a double click, a resubmitted form) goes back to the app.
    if (loaded.checkout.status === 'complete') return reply.redirect(returnUrl(loaded.checkout.id), 303);
    if (loaded.checkout.status !== 'open') return unavailable(reply);
    const form: CardForm = typeof request.body === 'object' && request.body !== null ? request.body : {};
    let outcome = checkCard(form);
    if (request.validationError && outcome.kind !== 'invalid') {
      outcome = { kind: 'invalid', field: 'card_number', message: 'Please check the card details and try again.' };
    }
    if (outcome.kind === 'invalid') return page(reply, loaded, 400, outcome, form);
    if (outcome.kind === 'declined') return page(reply, loaded, 402, outcome, form);
    const completion = await completeSandboxCheckout(db, loaded, outcome.card);
    if (completion.kind === 'unavailable') return unavailable(reply);
    return reply.redirect(returnUrl(loaded.checkout.id), 303);
  });
}
