// The catalogue: disciplines, instructors, classes and their media (the files live in MEDIA_DIR).
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Catalogue text in every language the product speaks. */
export interface LocalizedText {
  en: string;
  es: string;
}

/** Yoga, HIIT, strength…: the catalogue's rows on the subscriber's home, in this order. */
export const disciplines = pgTable('disciplines', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

export const instructors = pgTable('instructors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  bio: jsonb('bio').$type<LocalizedText>().notNull(),
});

/**
 * A transcoded video in the media store (`<MEDIA_DIR>/<id>/`): its HLS ladder, captions and
 * poster. Several classes may share one (the sample clips do).
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  durationSeconds: real('duration_seconds').notNull(),
  /** The renditions that exist, lowest first: name ('720p'), width, height, bandwidth, codecs, hdr. */
  renditions: jsonb('renditions')
    .$type<{ name: string; width: number; height: number; bandwidth: number; codecs: string; hdr: boolean }[]>()
    .notNull(),
  /** Caption languages with a WebVTT track ('en', 'es'). */
  captions: text('captions').array().notNull(),
  /** Languages with a WebVTT chapters track (migration 0024, docs/decisions/036). */
  chapters: text('chapters').array().notNull().default(sql`'{}'::text[]`),
  /** Languages with a rendition playlist opening in that language (migration 0035, docs/decisions/059). */
  openings: text('openings').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const classes = pgTable(
  'classes',
  {
    id: text('id').primaryKey(),
    disciplineId: text('discipline_id').notNull().references(() => disciplines.id),
    instructorId: text('instructor_id').notNull().references(() => instructors.id),
    /** beginner | intermediate | advanced */
    level: text('level').notNull(),
    /** The class's length as sold in the catalogue (filters and cards use it). */
    durationSeconds: integer('duration_seconds').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    equipment: jsonb('equipment').$type<{ en: string[]; es: string[] }>().notNull(),
    /** The media row it plays; not a foreign key, so seeded classes exist before their media is made. */
    mediaId: text('media_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * Titles, descriptions (both languages), instructor and discipline names, folded to lower
     * case without accents; kept by a trigger (migration 0008), so inserts leave it alone.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    index('classes_published_idx').on(t.publishedAt),
    index('classes_discipline_idx').on(t.disciplineId, t.publishedAt),
    index('classes_instructor_idx').on(t.instructorId, t.publishedAt),
    index('classes_search_idx').using('gin', t.searchVector),
  ],
);
