// New-class notifications (docs/decisions/037): who asked for them, the weekly digests built,
// and Web Push subscriptions per device.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { profiles, sessions, users } from './accounts';

/** An account that asked "Tell me when new classes arrive": a row is the opt-in. */
export const newClassNotifications = pgTable('new_class_notifications', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** Only these disciplines' classes; empty: every discipline. */
  disciplines: text('disciplines').array().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * One digest per account and ISO week (in the account's time zone): the primary key is what
 * makes it once per week, whichever instance gets there first. A week with nothing new has a
 * row (class_count 0) and no email.
 */
export const newClassDigests = pgTable(
  'new_class_digests',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** '2026-W48' */
    week: text('week').notNull(),
    /** The job's clock when it was built: the next digest lists what was published after it. */
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    classCount: integer('class_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.week] })],
);

/** A browser's push subscription, one per device (its sign-in session, decision 029). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
