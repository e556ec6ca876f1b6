// The sandbox provider's payment-method page (/sandbox/portal/:token): GET shows it, POST
// saves a test card on the subscription and goes back to /billing. Answers are HTML pages
// (or a 303 back into the app), never JSON, under the same CSP as the checkout page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '../contract';
import { acceptFormBodies } from '../plugins/external/body-parsers';
import { checkCard, type CardForm } from '../payments/sandbox/card';
import { renderPortalPage, renderPortalUnavailablePage, sendSandboxPage, type PageError } from '../payments/sandbox/pages';
import { loadSandboxPortal, sandboxPortalPath, updateSandboxCard, type PortalLookup, type SandboxPortal } from '../payments/sandbox/portal';

type PortalRequest = FastifyRequest<{ Params: { token: string }; Body: CardForm }>;

const path = '/sandbox/portal/:token';

export default async function sandboxPortalRoutes(app: FastifyInstance): Promise<void> {
  // The card form posts a form body; only this page's routes read one.
  await acceptFormBodies(app);
  const { db, config } = app;
  const billingUrl = `${config.publicUrl}/billing`;

  const unavailable = (reply: FastifyReply) => sendSandboxPage(reply, 404, renderPortalUnavailablePage(billingUrl));

  async function lookup(request: PortalRequest): Promise<PortalLookup> {
    if (request.validationError && request.validationError.validationContext === 'params') return { kind: 'unavailable' };
    return loadSandboxPortal(db, request.params.token);
  }

  function page(reply: FastifyReply, portal: SandboxPortal, token: string, statusCode: number, error?: PageError, form?: CardForm) {
    return sendSandboxPage(
      reply,
      statusCode,
      renderPortalPage(portal, {
        action: sandboxPortalPath(token),
        backUrl: billingUrl,
        ...(error ? { error } : {}),
        ...(form ? { form } : {}),
      }),
    );
  }

  app.get(path, { schema: routeSchema('GET', path), attachValidation: true }, async (request: PortalRequest, reply) => {
    const found = await lookup(request);
    if (found.kind !== 'open') return unavailable(reply);
    return page(reply, found.portal, request.params.token, 200);
  });

  app.post(path, { schema: routeSchema('POST', path), attachValidation: true }, async (request: PortalRequest, reply) => {
    const found = await lookup(request);
    // A resubmitted form (double click, back and submit) goes back to billing, changing nothing.
    if (found.kind === 'used') return reply.redirect(billingUrl, 303);
    if (found.kind !== 'open') return unavailable(reply);
    const form: CardForm = typeof request.body === 'object' && request.body !== null ? request.body : {};
    let outcome = checkCard(form);
    if (request.validationError && outcome.kind !== 'invalid') {
      outcome = { kind: 'invalid', field: 'card_number', message: 'Please check the card details and try again.' };
    }
    if (outcome.kind === 'invalid') return page(reply, found.portal, request.params.token, 400, outcome, form);
    if (outcome.kind === 'declined') return page(reply, found.portal, request.params.token, 402, outcome, form);
    await updateSandboxCard(db, found.portal, outcome.card);
    return reply.redirect(billingUrl, 303);
  });
}
