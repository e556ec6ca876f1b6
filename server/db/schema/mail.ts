// The mail outbox.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/**
 * The mail outbox (docs/decisions/020): a message is queued in the same transaction as the change
 * it tells about, and delivered later (SMTP, or kept here for the sandbox mailbox) with retries.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted (the goodbye message keeps its address). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** An instance sending this row holds it until then; past it, another may retry (server/modules/mail/delivery.ts). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Where it went once sent: 'smtp', or 'sandbox' (the sandbox mailbox). */
    transport: text('transport'),
  },
  (table) => [
    index('mail_outbox_sandbox_idx').on(table.sentAt).where(sql`transport = 'sandbox'`),
    index('mail_outbox_pending_idx').on(table.sendAfter).where(sql`sent_at is null`),
    index('mail_outbox_user_idx').on(table.userId, table.createdAt),
  ],
);
