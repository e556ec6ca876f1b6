// What an account has done and wants to keep: each completion of a class (the activity history,
// weekly totals and streaks), its weekly goal, and its saved classes ("My list").
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
