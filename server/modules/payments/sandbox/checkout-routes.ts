// The sandbox provider's hosted checkout page (/sandbox/checkout/:sessionId): GET shows it,
// POST pays with a test card. Answers are HTML pages (or a 303 back into the app), never JSON.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '@server/contract';
import { negotiateLocale } from '@server/i18n';
import { isSupportedLocale, type AppLocale } from '@domain/locales';
import { acceptFormBodies } from '@server/plugins/external/body-parsers';
import { checkCard, type CardForm } from './card';
import { sandboxCheckoutPath, type SandboxCheckout } from './checkout';
import { renderCheckoutPage, renderUnavailablePage, sendSandboxPage, type PageError } from './pages';

type CheckoutRequest = FastifyRequest<{ Params: { sessionId: string }; Body: CardForm }>;

const path = '/sandbox/checkout/:sessionId';

export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  // The card form posts a form body; only this page's routes read one.
  await acceptFormBodies(app);
  const { sandbox } = app;
  // Root-relative: the browser comes back to the origin it paid on (127.0.0.1 or localhost
  // alike), where its session is; PUBLIC_URL is for pages on other sites (Stripe, emails).
  const returnUrl = (checkoutId: string) => `/users?session_id=${encodeURIComponent(checkoutId)}`;
  const pricingUrl = '/pricing';

  /** The checkout's language (the app's when the user opened it); else the browser's. */
  const localeOf = (request: FastifyRequest, loaded?: SandboxCheckout | null): AppLocale =>
    loaded && isSupportedLocale(loaded.checkout.language) ? loaded.checkout.language : negotiateLocale(request.headers['accept-language']);

  const unavailable = (request: FastifyRequest, reply: FastifyReply, loaded?: SandboxCheckout | null) =>
    sendSandboxPage(reply, 404, renderUnavailablePage(localeOf(request, loaded), { kind: 'unavailable', url: pricingUrl }));

  /** The open checkout this request is about, or null when it cannot be paid. */
  async function openCheckout(request: CheckoutRequest): Promise<SandboxCheckout | null> {
    if (request.validationError && request.validationError.validationContext === 'params') return null;
    return sandbox.checkout(request.params.sessionId);
  }

  function page(request: FastifyRequest, reply: FastifyReply, loaded: SandboxCheckout, statusCode: number, error?: PageError, form?: CardForm) {
    return sendSandboxPage(
      reply,
      statusCode,
      renderCheckoutPage(localeOf(request, loaded), loaded, {
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
      return sendSandboxPage(reply, 404, renderUnavailablePage(localeOf(request, loaded), { kind: 'paid', url: returnUrl(loaded.checkout.id) }));
    }
    if (!loaded || loaded.checkout.status !== 'open') return unavailable(request, reply, loaded);
    return page(request, reply, loaded, 200);
  });

  app.post(path, { schema: routeSchema('POST', path), attachValidation: true }, async (request: CheckoutRequest, reply) => {
    const loaded = await openCheckout(request);
    if (!loaded) return unavailable(request, reply);
    // Paying a paid checkout again (a double click, a resubmitted form) goes back to the app.
    if (loaded.checkout.status === 'complete') return reply.redirect(returnUrl(loaded.checkout.id), 303);
    if (loaded.checkout.status !== 'open') return unavailable(request, reply, loaded);
    const form: CardForm = typeof request.body === 'object' && request.body !== null ? request.body : {};
    let outcome = checkCard(form);
    if (request.validationError && outcome.kind !== 'invalid') {
      outcome = { kind: 'invalid', field: 'card_number', code: 'sandbox.card.checkDetails' };
    }
    if (outcome.kind === 'invalid') return page(request, reply, loaded, 400, outcome, form);
    if (outcome.kind === 'declined') return page(request, reply, loaded, 402, outcome, form);
    const completion = await sandbox.completeCheckout(loaded, outcome.card);
    if (completion.kind === 'unavailable') return unavailable(request, reply, loaded);
    return reply.redirect(returnUrl(loaded.checkout.id), 303);
  });
}
