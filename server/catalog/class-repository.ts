// Reads the published catalog for one account (its progress joined in) and shapes it as the
// contract's ClassCard, ClassDetail and ClassFacets (openapi.yaml).
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/schema';
import type { Queryable } from '../db/client';
import { classes, classProgress, disciplines, instructors } from '../db/schema';
import type { CatalogPosition, ClassFilters } from './list-query';

type Schemas = components['schemas'];
type ClassCard = Schemas['ClassCard'];
type ClassDetail = Schemas['ClassDetail'];
type ClassFacets = Schemas['ClassFacets'];
type ClassLevel = Schemas['ClassLevel'];
type DisciplineRow = Schemas['DisciplineRow'];

/** Easiest first: the order the filters offer them in. */
const classLevels = ['beginner', 'intermediate', 'advanced'] as const satisfies readonly ClassLevel[];

/** Home rows: at most this many classes each (the catalog has the rest). */
const HOME_ROW_SIZE = 20;
const DISCIPLINE_ROW_SIZE = 12;

/** A class scheduled for later is not in the catalog yet. */
const published = lte(classes.publishedAt, sql`now()`);

/** The catalog's one order: a total order (the id breaks ties), so pages are stable. */
const newestFirst = [desc(classes.publishedAt), desc(classes.id)];

/** A class as every account sees it: the card without anyone's progress. */
const catalogColumns = {
  id: classes.id,
  title: classes.title,
  level: classes.level,
  durationSeconds: classes.durationSeconds,
  publishedAt: classes.publishedAt,
  mediaId: classes.mediaId,
  discipline: { id: disciplines.id, name: disciplines.name },
  instructorId: instructors.id,
  instructorName: instructors.name,
  /** The keyset of the catalog's order, to the microsecond (a JS Date keeps milliseconds). */
  publishedMicros: sql<string>`(extract(epoch from ${classes.publishedAt}) * 1000000)::bigint::text`,
};

const cardColumns = {
  ...catalogColumns,
  progress: {
    positionSeconds: classProgress.positionSeconds,
    completedAt: classProgress.completedAt,
    updatedAt: classProgress.updatedAt,
  },
};

/** Joins a class to `userId`'s progress in it, if any. */
const progressOf = (userId: string) => and(eq(classProgress.classId, classes.id), eq(classProgress.userId, userId));

/** Classes with their discipline, instructor and `userId`'s progress, as cards. */
function cards(db: Queryable, userId: string) {
  return db
    .select(cardColumns)
    .from(classes)
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(classProgress, progressOf(userId))
    .$dynamic();
}

type CardRow = Awaited<ReturnType<typeof cards>>[number];

function progressBody(progress: CardRow['progress']): ClassCard['progress'] {
  if (!progress) return null;
  return {
    positionSeconds: progress.positionSeconds,
    completed: progress.completedAt !== null,
    updatedAt: progress.updatedAt.toISOString(),
  };
}

function cardBody(row: CardRow): ClassCard {
  return {
    id: row.id,
    title: row.title,
    discipline: row.discipline,
    instructor: { id: row.instructorId, name: row.instructorName },
    level: row.level as ClassLevel,
    durationSeconds: row.durationSeconds,
    publishedAt: row.publishedAt.toISOString(),
    // Served publicly by the media store (server/playback); posters need no playback session.
    posterUrl: `/media/${encodeURIComponent(row.mediaId)}/poster.jpg`,
    progress: progressBody(row.progress),
  };
}

function filterConditions(filters: ClassFilters): (SQL | undefined)[] {
  return [
    filters.disciplines.length > 0 ? inArray(classes.disciplineId, filters.disciplines) : undefined,
    filters.instructors.length > 0 ? inArray(classes.instructorId, filters.instructors) : undefined,
    filters.levels.length > 0 ? inArray(classes.level, filters.levels) : undefined,
    filters.minSeconds === null ? undefined : sql`${classes.durationSeconds} >= ${filters.minSeconds}`,
    filters.maxSeconds === null ? undefined : sql`${classes.durationSeconds} <= ${filters.maxSeconds}`,
    // catalog_search_query (migration 0008) folds and tokenises the words like the index.
    filters.search === null ? undefined : sql`${classes.searchVector} @@ catalog_search_query(${filters.search})`,
  ];
}

export interface ClassPage {
  classes: ClassCard[];
  total: number;
  /** Where the next page starts; null on the last page. */
  next: CatalogPosition | null;
}

/** One page of the catalog, newest first. */
export async function listClasses(
  db: Queryable,
  userId: string,
  filters: ClassFilters,
  page: { after: CatalogPosition | null; limit: number },
): Promise<ClassPage> {
  const matching = and(published, ...filterConditions(filters));
  const after = page.after
    ? sql`(${classes.publishedAt}, ${classes.id}) < (timestamptz 'epoch' + ${page.after.publishedMicros}::bigint * interval '1 microsecond', ${page.after.id})`
    : undefined;
  const [rows, totals] = await Promise.all([
    cards(db, userId)
      .where(and(matching, after))
      .orderBy(...newestFirst)
      .limit(page.limit + 1),
    db.select({ total: count() }).from(classes).where(matching),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    classes: shown.map(cardBody),
    total: totals[0]?.total ?? 0,
    next: rows.length > page.limit && last ? { publishedMicros: last.publishedMicros, id: last.id } : null,
  };
}

/**
 * The whole catalog, scheduled classes included, in the catalog's order (the database's, ties
 * and collation included): kept in memory by the routes and dropped when a class, discipline or
 * instructor changes (decision 018), so a list without search costs one progress read.
 */
export type CatalogSnapshot = Awaited<ReturnType<typeof loadCatalogSnapshot>>;

export async function loadCatalogSnapshot(db: Queryable) {
  const rows = await db
    .select({ ...catalogColumns, disciplineId: classes.disciplineId })
    .from(classes)
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...row, micros: BigInt(row.publishedMicros) }));
}

type SnapshotRow = CatalogSnapshot[number];

function matches(row: SnapshotRow, filters: ClassFilters): boolean {
  return (
    (filters.disciplines.length === 0 || filters.disciplines.includes(row.disciplineId)) &&
    (filters.instructors.length === 0 || filters.instructors.includes(row.instructorId)) &&
    (filters.levels.length === 0 || (filters.levels as string[]).includes(row.level)) &&
    (filters.minSeconds === null || row.durationSeconds >= filters.minSeconds) &&
    (filters.maxSeconds === null || row.durationSeconds <= filters.maxSeconds)
  );
}

/** Where a page after `position` starts in rows of the catalog's order. */
function startAfter(rows: SnapshotRow[], position: CatalogPosition): number {
  const micros = BigInt(position.publishedMicros);
  const at = rows.findIndex((row) => row.micros === micros && row.id === position.id);
  if (at >= 0) return at + 1;
  // The class the cursor names is gone: the first one after its place.
  const next = rows.findIndex((row) => row.micros < micros || (row.micros === micros && row.id < position.id));
  return next < 0 ? rows.length : next;
}

/** `listClasses` from the snapshot, for filters without search: only `userId`'s progress is read. */
export async function listClassesFromSnapshot(
  db: Queryable,
  snapshot: CatalogSnapshot,
  userId: string,
  filters: ClassFilters,
  page: { after: CatalogPosition | null; limit: number },
  now: Date,
): Promise<ClassPage> {
  const matching = snapshot.filter((row) => row.publishedAt.getTime() <= now.getTime() && matches(row, filters));
  const start = page.after ? startAfter(matching, page.after) : 0;
  const shown = matching.slice(start, start + page.limit);
  const progress =
    shown.length === 0
      ? []
      : await db
          .select({ classId: classProgress.classId, positionSeconds: classProgress.positionSeconds, completedAt: classProgress.completedAt, updatedAt: classProgress.updatedAt })
          .from(classProgress)
          .where(and(eq(classProgress.userId, userId), inArray(classProgress.classId, shown.map((row) => row.id))));
  const byClass = new Map(progress.map(({ classId, ...rest }) => [classId, rest]));
  const last = shown.at(-1);
  return {
    classes: shown.map((row) => cardBody({ ...row, progress: byClass.get(row.id) ?? null })),
    total: matching.length,
    next: start + page.limit < matching.length && last ? { publishedMicros: last.publishedMicros, id: last.id } : null,
  };
}

/** One published class with everything its page shows; null when there is none. */
export async function findClass(db: Queryable, userId: string, classId: string): Promise<ClassDetail | null> {
  const [row] = await db
    .select({ ...cardColumns, description: classes.description, equipment: classes.equipment, instructorBio: instructors.bio })
    .from(classes)
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(classProgress, progressOf(userId))
    .where(and(published, eq(classes.id, classId)));
  if (!row) return null;
  const card = cardBody(row);
  return {
    ...card,
    description: row.description,
    equipment: row.equipment,
    instructor: { ...card.instructor, bio: row.instructorBio },
  };
}

/** What the filters offer: disciplines in their order, instructors by name, levels easiest first. */
export async function listFacets(db: Queryable): Promise<ClassFacets> {
  const [disciplineRows, instructorRows] = await Promise.all([
    db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines).orderBy(asc(disciplines.position)),
    db.select({ id: instructors.id, name: instructors.name }).from(instructors).orderBy(asc(instructors.name)),
  ]);
  return { disciplines: disciplineRows, instructors: instructorRows, levels: [...classLevels] };
}

/** Classes `userId` started and has not completed, most recently watched first. */
export async function listContinueWatching(db: Queryable, userId: string): Promise<ClassCard[]> {
  const rows = await cards(db, userId)
    .where(and(published, isNotNull(classProgress.userId), isNull(classProgress.completedAt)))
    .orderBy(desc(classProgress.updatedAt), desc(classes.id))
    .limit(HOME_ROW_SIZE);
  return rows.map(cardBody);
}

/** Classes published in the last 7 days, newest first. */
export async function listNewThisWeek(db: Queryable, userId: string): Promise<ClassCard[]> {
  const rows = await cards(db, userId)
    .where(and(published, gt(classes.publishedAt, sql`now() - interval '7 days'`)))
    .orderBy(...newestFirst)
    .limit(HOME_ROW_SIZE);
  return rows.map(cardBody);
}

/** Every discipline with a published class, in its order, with its newest classes. */
export async function listDisciplineRows(db: Queryable, userId: string): Promise<DisciplineRow[]> {
  // A lateral subquery per discipline walks classes_discipline_idx and stops after a row's worth.
  const newestPerDiscipline = sql`${classes.id} in (
    select newest.id from ${disciplines} d cross join lateral (
      select c.id from ${classes} c
      where c.discipline_id = d.id and c.published_at <= now()
      order by c.published_at desc, c.id desc
      limit ${DISCIPLINE_ROW_SIZE}
    ) newest
  )`;
  const rows = await cards(db, userId)
    .where(newestPerDiscipline)
    .orderBy(asc(disciplines.position), ...newestFirst);
  const byDiscipline = new Map<string, DisciplineRow>();
  for (const row of rows) {
    const entry = byDiscipline.get(row.discipline.id) ?? { discipline: row.discipline, classes: [] };
    entry.classes.push(cardBody(row));
    byDiscipline.set(row.discipline.id, entry);
  }
  return [...byDiscipline.values()];
}
