// The sandbox test clock (docs/decisions/023): the JSON API for the signed-in account (tests,
// scripts) and the /sandbox/clock page (an account chosen by email). Only with PAYMENTS=sandbox
// and where the test tools are served (tools-access.ts): elsewhere neither exists (404).
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { routeSchema } from '@server/contract';
import { subscriptions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { negotiateLocale, type MessageCode } from '@server/i18n';
import { acceptFormBodies } from '@server/plugins/external/body-parsers';
import { isClockAction, moveSandboxClock, type ClockAction } from '@server/payments/sandbox/clock';
import { renderClockPage } from '@server/payments/sandbox/clock-page';
import { sendSandboxPage } from '@server/payments/sandbox/pages';
import { sandboxToolsGate, sandboxToolsServed } from '@server/payments/sandbox/tools-access';
import { findPlan, subscriptionBody } from '@server/payments/subscription-repository';

const pagePath = '/sandbox/clock';
const apiPath = '/api/v1/sandbox/clock';

export default async function sandboxClockRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  if (!sandboxToolsServed(config)) return;
  app.addHook('onRequest', sandboxToolsGate(config));
  await acceptFormBodies(app);
  const billingLink = `${config.publicUrl}/billing`;
  const links = { mail: '/sandbox/mail', billing: '/billing' };

  app.post<{ Body: { action: ClockAction } }>(
    apiPath,
    { onRequest: app.authenticate, schema: routeSchema('POST', apiPath) },
    async (request) => {
      const outcome = await moveSandboxClock(db, request.user.id, request.body.action, { billingLink });
      if (outcome === 'no_subscription') throw new HttpError(404, 'sandbox.clockNoSubscription');
      if (outcome === 'not_applicable') throw new HttpError(409, 'sandbox.clockNotApplicable');
      const [latest] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, request.user.id))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      const plan = latest ? await findPlan(db, latest.planId) : null;
      return {
        isSuccess: true,
        message: request.t('sandbox.clockApplied'),
        subscription: latest && plan ? subscriptionBody(latest, plan, await findPlan(db, latest.scheduledPlanId)) : null,
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
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      if (!user) return page(404, 'error', 'sandbox.clock.noAccount');
      const outcome = await moveSandboxClock(db, user.id, action, { billingLink });
      if (outcome === 'no_subscription') return page(404, 'error', 'sandbox.clockNoSubscription');
      if (outcome === 'not_applicable') return page(409, 'error', 'sandbox.clockNotApplicable');
      return page(200, 'done', `sandbox.clock.done.${action}`);
    },
  );
}
