// Download licences: a class downloaded at one rendition onto one device, the device being its
// sign-in session (docs/decisions/029, 038).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { classes } from './catalog';

/**
 * Valid while `revokedAt` is null and `expiresAt` is ahead (30 days from the last renewal). A
 * device holds at most one per class; the plan's `downloads` bounds the devices holding any.
 */
export const downloadLicences = pgTable(
  'download_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The device's identity: its sign-in session (`deviceIdentity`), never a client's label. */
    deviceId: uuid('device_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    /** The rendition's folder ('720p') and its picture height. */
    rendition: text('rendition').notNull(),
    height: integer('height').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The device's last download call (issue, list, check, files): "most recently used" on a downgrade. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it stopped: see `RevokeReason` in server/modules/downloads/licences.ts. */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('download_licences_one_per_class_idx').on(t.deviceId, t.classId).where(sql`revoked_at is null`),
    index('download_licences_open_idx').on(t.userId).where(sql`revoked_at is null`),
  ],
);
