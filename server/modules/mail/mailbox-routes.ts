// The sandbox mailbox (/sandbox/mail): every email delivered without SMTP_URL, newest first, and
// each message with working links. Served only with PAYMENTS=sandbox, to everyone outside
// production and behind SANDBOX_TOOLS_TOKEN in it (tools-access.ts); a test page, not part of
// the API contract.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseEmail } from '@domain/account-rules';
import { negotiateLocale } from '@server/i18n';
import { renderMailboxList, renderMailboxMessage, renderMailboxNotFound, sendMailboxPage } from './mailbox-pages';
import { renderMail } from './templates';
import { sandboxToolsGate, sandboxToolsServed } from './tools-access';
import { acceptCookies } from '@server/plugins/external/body-parsers';

export default async function sandboxMailRoutes(app: FastifyInstance): Promise<void> {
  if (!sandboxToolsServed(app.config)) return;
  // The tools cookie, read by the gate below (decision 080).
  await acceptCookies(app);
  const { mailbox, config } = app;
  app.addHook('onRequest', sandboxToolsGate(config));
  const links = { mailbox: '/sandbox/mail', app: `${config.publicUrl}/` };
  const messageHref = (id: string) => `/sandbox/mail/${id}`;

  app.get('/sandbox/mail', async (request: FastifyRequest<{ Querystring: { to?: unknown } }>, reply) => {
    const locale = negotiateLocale(request.headers['accept-language']);
    const to = typeof request.query.to === 'string' && request.query.to.trim() ? normaliseEmail(request.query.to).slice(0, 254) : null;
    const rows = await mailbox.list(to);
    const entries = rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      sentAt: row.sentAt ?? row.createdAt,
      subject: renderMail(row, config.publicUrl).subject,
    }));
    return sendMailboxPage(reply, 200, renderMailboxList(locale, entries, { links, messageHref, to }));
  });

  app.get('/sandbox/mail/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const locale = negotiateLocale(request.headers['accept-language']);
    const row = await mailbox.find(request.params.id);
    if (!row) return sendMailboxPage(reply, 404, renderMailboxNotFound(locale, links));
    const mail = renderMail(row, config.publicUrl);
    return sendMailboxPage(reply, 200, renderMailboxMessage(locale, { to: row.toAddress, sentAt: row.sentAt ?? row.createdAt, mail }, links));
  });
}
