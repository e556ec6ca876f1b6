// The sandbox mailbox (/sandbox/mail): every email delivered without SMTP_URL, newest first, and
// each message with working links. Served only with PAYMENTS=sandbox, to everyone outside
// production and behind SANDBOX_TOOLS_TOKEN in it (tools-access.ts); a test page, not part of
// the API contract.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseEmail } from '@domain/account-rules';
import { mailOutbox } from '@server/db/schema';
import { negotiateLocale } from '@server/i18n';
import { renderMailboxList, renderMailboxMessage, renderMailboxNotFound, sendMailboxPage } from '@server/mail/mailbox-pages';
import { renderMail } from '@server/mail/templates';
import { sandboxToolsGate, sandboxToolsServed } from '@server/payments/sandbox/tools-access';

/** The newest messages the list shows. */
export const MAILBOX_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function sandboxMailRoutes(app: FastifyInstance): Promise<void> {
  if (!sandboxToolsServed(app.config)) return;
  const { db, config } = app;
  app.addHook('onRequest', sandboxToolsGate(config));
  const links = { mailbox: '/sandbox/mail', app: `${config.publicUrl}/` };
  const messageHref = (id: string) => `/sandbox/mail/${id}`;
  const delivered = and(eq(mailOutbox.transport, 'sandbox'), isNotNull(mailOutbox.sentAt));

  app.get('/sandbox/mail', async (request: FastifyRequest<{ Querystring: { to?: unknown } }>, reply) => {
    const locale = negotiateLocale(request.headers['accept-language']);
    const to = typeof request.query.to === 'string' && request.query.to.trim() ? normaliseEmail(request.query.to).slice(0, 254) : null;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? and(delivered, eq(mailOutbox.toAddress, to)) : delivered)
      .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.createdAt))
      .limit(MAILBOX_PAGE_SIZE);
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
    const id = request.params.id;
    const [row] = UUID.test(id) ? await db.select().from(mailOutbox).where(and(delivered, eq(mailOutbox.id, id))) : [];
    if (!row) return sendMailboxPage(reply, 404, renderMailboxNotFound(locale, links));
    const mail = renderMail(row, config.publicUrl);
    return sendMailboxPage(reply, 200, renderMailboxMessage(locale, { to: row.toAddress, sentAt: row.sentAt ?? row.createdAt, mail }, links));
  });
}
