// The sandbox provider's payment-method page (/sandbox/portal/:token): GET shows it, POST
// saves a test card on the subscription and goes back to /billing. Answers are HTML pages
// (or a 303 back into the app), never JSON, under the same CSP as the checkout page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '@server/contract';
import { negotiateLocale } from '@server/i18n';
import { isSupportedLocale, type AppLocale } from '@domain/locales';
import { acceptFormBodies } from '@server/plugins/external/body-parsers';
import { checkCard, type CardForm } from './card';
import { renderPortalPage, renderPortalUnavailablePage, sendSandboxPage, type PageError } from './pages';
import { sandboxPortalPath, type PortalLookup, type SandboxPortal } from './portal';

type PortalRequest = FastifyRequest<{ Params: { token: string }; Body: CardForm }>;

const path = '/sandbox/portal/:token';

export default async function sandboxPortalRoutes(app: FastifyInstance): Promise<void> {
  // The card form posts a form body; only this page's routes read one.
  await acceptFormBodies(app);
  const { sandbox } = app;
  // Root-relative: back to the origin the user came from, where their session is.
  const billingUrl = '/billing';

  /** The portal link's language (the app's when the user opened it); else the browser's. */
  const localeOf = (request: FastifyRequest, portal?: SandboxPortal): AppLocale =>
    portal && isSupportedLocale(portal.language) ? portal.language : negotiateLocale(request.headers['accept-language']);

  const unavailable = (request: FastifyRequest, reply: FastifyReply) =>
    sendSandboxPage(reply, 404, renderPortalUnavailablePage(localeOf(request), billingUrl));

  async function lookup(request: PortalRequest): Promise<PortalLookup> {
    if (request.validationError && request.validationError.validationContext === 'params') return { kind: 'unavailable' };
    return sandbox.portal(request.params.token);
  }

  function page(request: FastifyRequest, reply: FastifyReply, portal: SandboxPortal, token: string, statusCode: number, error?: PageError, form?: CardForm) {
    return sendSandboxPage(
      reply,
      statusCode,
      renderPortalPage(localeOf(request, portal), portal, {
        action: sandboxPortalPath(token),
        backUrl: billingUrl,
        ...(error ? { error } : {}),
        ...(form ? { form } : {}),
      }),
    );
  }

  app.get(path, { schema: routeSchema('GET', path), attachValidation: true }, async (request: PortalRequest, reply) => {
    const found = await lookup(request);
    if (found.kind !== 'open') return unavailable(request, reply);
    return page(request, reply, found.portal, request.params.token, 200);
  });

  app.post(path, { schema: routeSchema('POST', path), attachValidation: true }, async (request: PortalRequest, reply) => {
    const found = await lookup(request);
    // A resubmitted form (double click, back and submit) goes back to billing, changing nothing.
    if (found.kind === 'used') return reply.redirect(billingUrl, 303);
    if (found.kind !== 'open') return unavailable(request, reply);
    const form: CardForm = typeof request.body === 'object' && request.body !== null ? request.body : {};
    let outcome = checkCard(form);
    if (request.validationError && outcome.kind !== 'invalid') {
      outcome = { kind: 'invalid', field: 'card_number', code: 'sandbox.card.checkDetails' };
    }
    if (outcome.kind === 'invalid') return page(request, reply, found.portal, request.params.token, 400, outcome, form);
    if (outcome.kind === 'declined') return page(request, reply, found.portal, request.params.token, 402, outcome, form);
    await sandbox.updateCard(found.portal, outcome.card);
    return reply.redirect(billingUrl, 303);
  });
}
