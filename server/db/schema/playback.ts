// What each account watches: its progress in each class and its open playback sessions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { components } from '@domain/api-schema';
import { profiles, users } from './accounts';
import { classes } from './catalog';
import { plans } from './payments';

/** Where an account is in a class: saved while watching; 90 % watched marks it completed. */
export const classProgress = pgTable(
  'class_progress',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.classId] }), index('class_progress_user_idx').on(t.profileId, t.updatedAt)],
);

/**
 * The progress reports already applied, by the id the client made for each (decision 041): a
 * report sent again (a queue flushed twice, a retry after a lost answer) changes nothing.
 * `watchedAt` is the time the report claims, even ahead of the server's clock: once it is older
 * than a report may be, the row is pruned (server/modules/playback/prune-reports.ts).
 */
export const progressReports = pgTable(
  'progress_reports',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').notNull(),
    classId: text('class_id').notNull(),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.reportId] }), index('progress_reports_watched_idx').on(t.watchedAt)],
);

/**
 * One player watching one class on one device. Live while `endedAt` is null and a heartbeat
 * arrived within the last 90 s; the plan's `simultaneousScreens` bounds the live ones per account.
 */
export const playbackSessions = pgTable(
  'playback_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    /** The device's identity: the id of its sign-in session (`deviceIdentity`, docs/decisions/029). */
    deviceId: text('device_id').notNull(),
    /** Told from the user agent ("Chrome on macOS"), shown to the other devices of the account. */
    deviceName: text('device_name').notNull(),
    planId: text('plan_id').notNull().references(() => plans.id),
    /** The plan's cap when the session started; playlists read the plan again. */
    maxVideoHeight: integer('max_video_height').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** stopped (by the account, from any device) | replaced (a new session on the same device) | expired | no_access */
    endReason: text('end_reason'),
    /**
     * The player's last quality totals (cumulative since the start, openapi.yaml's
     * PlaybackQuality); null until it reports. Only the increase over them reaches the metrics.
     */
    quality: jsonb('quality').$type<components['schemas']['PlaybackQuality']>(),
  },
  (t) => [index('playback_sessions_open_idx').on(t.userId).where(sql`ended_at is null`)],
);
