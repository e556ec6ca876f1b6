// App layer: `app.mailbox`, the sandbox mailbox's reads: the emails delivered without SMTP,
// newest first, and one of them.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';

/** The newest messages the list shows. */
export const MAILBOX_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mailboxService(db: Database) {
  const delivered = and(eq(mailOutbox.transport, 'sandbox'), isNotNull(mailOutbox.sentAt));
  return {
    /** The newest delivered messages, to one (normalised) address or to any. */
    list: (to: string | null) =>
      db
        .select()
        .from(mailOutbox)
        .where(to ? and(delivered, eq(mailOutbox.toAddress, to)) : delivered)
        .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.createdAt))
        .limit(MAILBOX_PAGE_SIZE),
    /** One delivered message; null for any other id. */
    async find(id: string) {
      const [row] = UUID.test(id) ? await db.select().from(mailOutbox).where(and(delivered, eq(mailOutbox.id, id))) : [];
      return row ?? null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailbox: ReturnType<typeof mailboxService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('mailbox', mailboxService(app.db));
  },
  { name: 'mailbox-service', dependencies: ['config-and-database'] },
);
