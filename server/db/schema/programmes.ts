// Programmes: multi-week plans built from catalogue classes, and each account's following of
// one (its weekdays, its planned sessions, which of them it has done). Decision 033.
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { classes, disciplines, type LocalizedText } from './catalog';
import { createdAt } from './columns';

export const programmes = pgTable('programmes', {
  id: text('id').primaryKey(),
  disciplineId: text('discipline_id').notNull().references(() => disciplines.id),
  /** beginner | intermediate | advanced */
  level: text('level').notNull(),
  /** The list's order. */
  position: integer('position').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  createdAt: createdAt(),
});

/** The classes of each week, in order; a class appears at most once in a programme. */
export const programmeClasses = pgTable(
  'programme_classes',
  {
    programmeId: text('programme_id').notNull().references(() => programmes.id, { onDelete: 'cascade' }),
    /** 1-based. */
    week: smallint('week').notNull(),
    /** 0-based within the week. */
    position: smallint('position').notNull(),
    classId: text('class_id').notNull().references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.programmeId, t.week, t.position] }), uniqueIndex('programme_classes_class_idx').on(t.programmeId, t.classId)],
);

/**
 * An account following a programme. active | paused are current (one per account);
 * finished (every class done) and left end it.
 */
export const programmeEnrollments = pgTable(
  'programme_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    programmeId: text('programme_id').notNull().references(() => programmes.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** ISO weekdays (1 = Monday … 7 = Sunday) the sessions fall on, ascending. */
    weekdays: smallint('weekdays').array().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The account's local date the programme was paused on, while paused. */
    pausedOn: date('paused_on', { mode: 'string' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('programme_enrollments_current_idx').on(t.profileId).where(sql`status in ('active', 'paused')`),
    index('programme_enrollments_user_idx').on(t.profileId, t.startedAt),
  ],
);

/** Each class of a followed programme, its planned local date and when it was first completed. */
export const programmeSessions = pgTable(
  'programme_sessions',
  {
    enrollmentId: uuid('enrollment_id').notNull().references(() => programmeEnrollments.id, { onDelete: 'cascade' }),
    /** 0-based, in the programme's order (week, then position). */
    position: smallint('position').notNull(),
    classId: text('class_id').notNull(),
    plannedOn: date('planned_on', { mode: 'string' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.position] }), index('programme_sessions_planned_idx').on(t.enrollmentId, t.plannedOn)],
);
