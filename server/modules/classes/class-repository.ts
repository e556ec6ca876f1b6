// Reads the published catalog for one account (its progress joined in) and shapes it as the
// contract's ClassCard, ClassDetail and ClassFacets (openapi.yaml).
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { classes, classProgress, disciplines, instructors } from '@server/db/schema';
import type { CatalogPosition, ClassFilters } from './list-query';
import { classPosterPath } from '@server/modules/media';

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

/** Joins a class to the profile's progress in it, if any. */
const progressOf = (profileId: string) => and(eq(classProgress.classId, classes.id), eq(classProgress.profileId, profileId));

/** Classes with their discipline, instructor and the profile's progress, as cards. */
function cards(db: Queryable, profileId: string) {
  return db
    .select(cardColumns)
    .from(classes)
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(classProgress, progressOf(profileId))
    .$dynamic();
}

type CardRow = Awaited<ReturnType<typeof cards>>[number];

export function progressBody(progress: CardRow['progress']): ClassCard['progress'] {
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
    posterUrl: classPosterPath(row),
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
  profileId: string,
  filters: ClassFilters,
  page: { after: CatalogPosition | null; limit: number },
): Promise<ClassPage> {
  const matching = and(published, ...filterConditions(filters));
  const after = page.after
    ? sql`(${classes.publishedAt}, ${classes.id}) < (timestamptz 'epoch' + ${page.after.publishedMicros}::bigint * interval '1 microsecond', ${page.after.id})`
    : undefined;
  const [rows, totals] = await Promise.all([
    cards(db, profileId)
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
 * and collation included): kept in memory and dropped when a class, discipline or instructor
 * changes (decision 018). With the account's progress (kept likewise), a list without search
 * and the home rows need no database work.
 */
export type CatalogSnapshot = Awaited<ReturnType<typeof loadCatalogSnapshot>>;

export async function loadCatalogSnapshot(db: Queryable) {
  const rows = await db
    .select({
      ...catalogColumns,
      disciplineId: classes.disciplineId,
      disciplinePosition: disciplines.position,
      description: classes.description,
      equipment: classes.equipment,
      instructorBio: instructors.bio,
    })
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

/** Where an account is in each class it started, by class id. */
export type ProfileProgress = ReadonlyMap<string, NonNullable<CardRow['progress']>>;

export async function loadProfileProgress(db: Queryable, profileId: string): Promise<ProfileProgress> {
  const rows = await db
    .select({ classId: classProgress.classId, positionSeconds: classProgress.positionSeconds, completedAt: classProgress.completedAt, updatedAt: classProgress.updatedAt })
    .from(classProgress)
    .where(eq(classProgress.profileId, profileId));
  return new Map(rows.map(({ classId, ...progress }) => [classId, progress]));
}

const isPublished = (row: SnapshotRow, now: Date) => row.publishedAt.getTime() <= now.getTime();
const cardOf = (row: SnapshotRow, progress: ProfileProgress) => cardBody({ ...row, progress: progress.get(row.id) ?? null });

/** `listClasses` from the snapshot and the account's progress, for filters without search. */
export function listClassesFromSnapshot(
  snapshot: CatalogSnapshot,
  progress: ProfileProgress,
  filters: ClassFilters,
  page: { after: CatalogPosition | null; limit: number },
  now: Date,
): ClassPage {
  const matching = snapshot.filter((row) => isPublished(row, now) && matches(row, filters));
  const start = page.after ? startAfter(matching, page.after) : 0;
  const shown = matching.slice(start, start + page.limit);
  const last = shown.at(-1);
  return {
    classes: shown.map((row) => cardOf(row, progress)),
    total: matching.length,
    next: start + page.limit < matching.length && last ? { publishedMicros: last.publishedMicros, id: last.id } : null,
  };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The next instant the home rows change with time alone: a scheduled class is published, or a
 * class leaves "new this week" (Infinity when none).
 */
export function homeRowsChangeAt(snapshot: CatalogSnapshot, now: Date): number {
  let next = Infinity;
  for (const row of snapshot) {
    const published = row.publishedAt.getTime();
    const at = published > now.getTime() ? published : published + WEEK_MS;
    if (at > now.getTime() && at < next) next = at;
  }
  return next;
}

/**
 * The subscriber's home rows: classes started and not completed, most recently watched first;
 * classes published in the last 7 days, newest first; and every discipline with a published
 * class, in its order, with its newest classes.
 */
export function homeRowsFromSnapshot(snapshot: CatalogSnapshot, progress: ProfileProgress, now: Date) {
  const shown = snapshot.filter((row) => isPublished(row, now));
  const started = shown.flatMap((row) => {
    const own = progress.get(row.id);
    return own && own.completedAt === null ? [{ row, watchedAt: own.updatedAt.getTime() }] : [];
  });
  const continueWatching = started
    .sort((a, b) => b.watchedAt - a.watchedAt || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0))
    .slice(0, HOME_ROW_SIZE)
    .map(({ row }) => cardOf(row, progress));
  const weekAgo = now.getTime() - WEEK_MS;
  const newThisWeek = shown
    .filter((row) => row.publishedAt.getTime() > weekAgo)
    .slice(0, HOME_ROW_SIZE)
    .map((row) => cardOf(row, progress));
  const byDiscipline = new Map<string, { position: number; row: DisciplineRow }>();
  for (const row of shown) {
    const entry = byDiscipline.get(row.discipline.id) ?? { position: row.disciplinePosition, row: { discipline: row.discipline, classes: [] } };
    if (entry.row.classes.length < DISCIPLINE_ROW_SIZE) entry.row.classes.push(cardOf(row, progress));
    byDiscipline.set(row.discipline.id, entry);
  }
  const disciplineRows = [...byDiscipline.values()].sort((a, b) => a.position - b.position).map((entry) => entry.row);
  return { continueWatching, newThisWeek, disciplines: disciplineRows };
}

/** One published class with everything its page shows, from the snapshot; null when there is none. */
export function findClass(snapshot: CatalogSnapshot, progress: ProfileProgress, classId: string, now: Date): ClassDetail | null {
  const row = snapshot.find((candidate) => candidate.id === classId);
  if (!row || !isPublished(row, now)) return null;
  const card = cardOf(row, progress);
  return {
    ...card,
    description: row.description,
    equipment: row.equipment,
    instructor: { ...card.instructor, bio: row.instructorBio },
  };
}

/** The published classes among `ids`, as cards, in the order of `ids` (a saved list's). */
export function cardsFromSnapshot(snapshot: CatalogSnapshot, progress: ProfileProgress, ids: readonly string[], now: Date): ClassCard[] {
  const byId = new Map(snapshot.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row && isPublished(row, now) ? [cardOf(row, progress)] : [];
  });
}

/** What the filters offer: disciplines in their order, instructors by name, levels easiest first. */
export async function listFacets(db: Queryable): Promise<ClassFacets> {
  const [disciplineRows, instructorRows] = await Promise.all([
    db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines).orderBy(asc(disciplines.position)),
    db.select({ id: instructors.id, name: instructors.name }).from(instructors).orderBy(asc(instructors.name)),
  ]);
  return { disciplines: disciplineRows, instructors: instructorRows, levels: [...classLevels] };
}
