// What an account has done and wants to keep: each completion of a class (the activity history,
// weekly totals and streaks) with its effort, its weekly goal, its heart-rate settings, and its
// saved classes ("My list").
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { classes } from './catalog';

/**
 * One completion of a class (docs/decisions/035): written when a playback's progress crosses
 * 90 %, at most once per class and local day (the account's time zone then), so the same
 * playback crossing twice is one entry and the class done again on a later day is another.
 */
export const classCompletions = pgTable(
  'class_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** The day it was completed in the account's time zone at the time ('2026-11-22'). */
    localDate: text('local_date').notNull(),
    /** The class's length as sold, in whole minutes, when it was completed. */
    minutes: integer('minutes').notNull(),
    /**
     * How hard it was (decisions 072, 073), sent with the report that ended it: the 1–10 rating,
     * and the heart-rate summary (all of its seven columns or none, a CHECK in migration 0042).
     */
    rating: integer('rating'),
    heartRateAverageBpm: integer('heart_rate_average_bpm'),
    heartRateMaxBpm: integer('heart_rate_max_bpm'),
    heartRateZone1Seconds: integer('heart_rate_zone1_seconds'),
    heartRateZone2Seconds: integer('heart_rate_zone2_seconds'),
    heartRateZone3Seconds: integer('heart_rate_zone3_seconds'),
    heartRateZone4Seconds: integer('heart_rate_zone4_seconds'),
    heartRateZone5Seconds: integer('heart_rate_zone5_seconds'),
  },
  (t) => [
    uniqueIndex('class_completions_day_idx').on(t.profileId, t.classId, t.localDate),
    index('class_completions_user_idx').on(t.profileId, t.completedAt, t.id),
  ],
);

/** The account's weekly goal: so many minutes, or so many classes, each week (Monday to Sunday). */
export const activityGoals = pgTable('activity_goals', {
  profileId: uuid('profile_id').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  /** minutes | classes */
  kind: text('kind').notNull(),
  target: integer('target').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A profile's heart-rate settings (decision 072, migration 0042): a row once one changed, none
 * meaning recording off and nothing told.
 */
export const heartRateSettings = pgTable('heart_rate_settings', {
  profileId: uuid('profile_id').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  /** Whether the profile's heart rate is recorded with its classes: off until it says so. */
  recording: boolean('recording').notNull().default(false),
  /** A maximum it measured (100–230 bpm); it wins over the estimate from the birth year. */
  maxHeartRate: integer('max_heart_rate'),
  birthYear: integer('birth_year'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A class the account saved to its list, the same on every device. */
export const favourites = pgTable(
  'favourites',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.classId] }), index('favourites_user_idx').on(t.profileId, t.savedAt)],
);
