// The sandbox test clock (docs/decisions/023): the JSON API for the signed-in account (tests,
// scripts) and the /sandbox/clock page (an account chosen by email). Only with PAYMENTS=sandbox:
// elsewhere neither exists (404).
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { routeSchema } from '../contract';
import { subscriptions, users } from '../db/schema';
import { HttpError } from '../errors';
import { acceptFormBodies } from '../plugins/external/body-parsers';
import { isClockAction, moveSandboxClock, type ClockAction } from '../payments/sandbox/clock';
import { renderClockPage } from '../payments/sandbox/clock-page';
import { sendSandboxPage } from '../payments/sandbox/pages';
import { findPlan, subscriptionBody } from '../payments/subscription-repository';

const pagePath = '/sandbox/clock';
const apiPath = '/api/v1/sandbox/clock';

const done: Record<ClockAction, string> = {
  trial_reminder: 'The trial now ends in 2 days: the reminder email is in the sandbox mailbox.',
  end_trial: 'The trial ended now and the first payment was charged.',
  renew: 'The subscription reached its renewal.',
  fail_next_renewal: 'The next renewal will be declined. Advance to the next renewal to see it.',
};

export default async function sandboxClockRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  if (config.payments !== 'sandbox') return;
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

  app.get(pagePath, { schema: routeSchema('GET', pagePath) }, async (_request, reply) =>
    sendSandboxPage(reply, 200, renderClockPage({ action: pagePath, links })),
  );

  app.post<{ Body: { email?: unknown; action?: unknown } }>(
    pagePath,
    { schema: routeSchema('POST', pagePath), attachValidation: true },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const action = request.body?.action;
      const page = (status: number, kind: 'done' | 'error', message: string) =>
        sendSandboxPage(reply, status, renderClockPage({ action: pagePath, email, links, notice: { kind, message } }));
      if (email === '' || !isClockAction(action)) return page(400, 'error', 'Enter the email of an account and choose a step.');
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      if (!user) return page(404, 'error', 'No account has this email.');
      const outcome = await moveSandboxClock(db, user.id, action, { billingLink });
      if (outcome === 'no_subscription') return page(404, 'error', 'This account has no current sandbox subscription.');
      if (outcome === 'not_applicable') return page(409, 'error', 'This step does not apply to the subscription now.');
      return page(200, 'done', done[action]);
    },
  );
}
