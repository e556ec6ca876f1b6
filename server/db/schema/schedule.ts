// The schedule (docs/decisions/034): what each account plans on which local day, its reminder
// and calendar-feed settings, and the morning reminders already queued.
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { components } from '@domain/api-schema';
import { createdAt } from './columns';
import { profiles } from './accounts';
import { classes } from './catalog';

/** One class planned on a day of the account's time zone, at an optional local time ("07:30"). */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    /** "2026-12-01", a day in the account's time zone. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** "HH:MM" in the account's time zone; null for "some time that day". */
    localTime: text('local_time'),
    createdAt: createdAt(),
  },
  (t) => [index('schedule_items_user_date_idx').on(t.profileId, t.localDate)],
);

export type FeedLinkRevocationReason = components['schemas']['FeedLinkRevoked']['reason'];

/** An account's schedule settings; no row means the defaults (no reminders, no feed). */
export const scheduleSettings = pgTable('schedule_settings', {
  profileId: uuid('profile_id').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  /** A morning email on each planned day (off by default). */
  reminders: boolean('reminders').notNull().default(false),
  /** SHA-256 (hex) of the calendar feed's secret; null when there is no feed link. */
  feedSecretHash: text('feed_secret_hash').unique(),
  /**
   * When a password change, a reset or signing out everywhere ended the link, and which
   * (migration 0030: both or neither); cleared by a new link.
   */
  feedLinkRevokedAt: timestamp('feed_link_revoked_at', { withTimezone: true }),
  feedLinkRevokedReason: text('feed_link_revoked_reason').$type<FeedLinkRevocationReason>(),
});

/** The morning reminder queued for an account's local day: the key that makes it once per day across instances. */
export const scheduleReminders = pgTable(
  'schedule_reminders',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.localDate] })],
);
