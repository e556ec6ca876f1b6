// The sandbox test clock (docs/decisions/023): the JSON API for the signed-in account (tests,
// scripts) and the /sandbox/clock page (an account chosen by email). Only with PAYMENTS=sandbox
// and where the test tools are served (mail/tools-access.ts): elsewhere neither exists (404).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { negotiateLocale, type MessageCode } from '@server/i18n';
import { acceptCookies, acceptFormBodies } from '@server/plugins/external/body-parsers';
import { isClockAction, type ClockAction } from './clock';
import { renderClockPage } from './clock-page';
import { sendSandboxPage } from './pages';
import { sandboxToolsGate, sandboxToolsServed } from '@server/modules/mail';
import { subscriptionAnswer } from '@server/modules/payments/subscription-answers';

const pagePath = '/sandbox/clock';
const apiPath = '/api/v1/sandbox/clock';

export default async function sandboxClockRoutes(app: FastifyInstance): Promise<void> {
  if (!sandboxToolsServed(app.config)) return;
  // The tools cookie, read by the gate below (decision 080).
  await acceptCookies(app);
  app.addHook('onRequest', sandboxToolsGate(app.config));
  await acceptFormBodies(app);
  const { sandbox } = app;
  const links = { mail: '/sandbox/mail', billing: '/billing' };

  app.post<{ Body: { action: ClockAction } }>(
    apiPath,
    { onRequest: app.authenticate, schema: routeSchema('POST', apiPath) },
    async (request) => {
      const outcome = await sandbox.moveClock(request.user.id, request.body.action);
      if (outcome === 'no_subscription') throw new HttpError(404, 'sandbox.clockNoSubscription');
      if (outcome === 'not_applicable') throw new HttpError(409, 'sandbox.clockNotApplicable');
      const latest = await sandbox.latestSubscription(request.user.id);
      return {
        isSuccess: true,
        message: request.t('sandbox.clockApplied'),
        subscription: latest && (await subscriptionAnswer(app.db, latest.subscription, latest.plan, latest.scheduled)),
      };
    },
  );

  app.get(pagePath, { schema: routeSchema('GET', pagePath) }, async (request, reply) =>
    sendSandboxPage(reply, 200, renderClockPage({ locale: negotiateLocale(request.headers['accept-language']), action: pagePath, links })),
  );

  app.post<{ Body: { email?: unknown; action?: unknown } }>(
    pagePath,
    { schema: routeSchema('POST', pagePath), attachValidation: true },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const action = request.body?.action;
      const locale = negotiateLocale(request.headers['accept-language']);
      const page = (status: number, kind: 'done' | 'error', code: MessageCode) =>
        sendSandboxPage(reply, status, renderClockPage({ locale, action: pagePath, email, links, notice: { kind, code } }));
      if (email === '' || !isClockAction(action)) return page(400, 'error', 'sandbox.clock.missing');
      const userId = await sandbox.accountId(email.toLowerCase());
      if (!userId) return page(404, 'error', 'sandbox.clock.noAccount');
      const outcome = await sandbox.moveClock(userId, action);
      if (outcome === 'no_subscription') return page(404, 'error', 'sandbox.clockNoSubscription');
      if (outcome === 'not_applicable') return page(409, 'error', 'sandbox.clockNotApplicable');
      return page(200, 'done', `sandbox.clock.done.${action}`);
    },
  );
}
