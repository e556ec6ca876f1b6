// The catalog's filters as the app keeps them: in the /classes address (so a filtered view can be
// shared and Back restores it), in the catalog machine, and as the API's query. One canonical
// query string per set of filters, so the same view always has the same address.
import type { Schemas } from './contract';

export type ClassCard = Schemas['ClassCard'];
export type ClassDetail = Schemas['ClassDetail'];
export type ClassFacets = Schemas['ClassFacets'];
export type ClassLevel = Schemas['ClassLevel'];
export type LocalizedText = Schemas['LocalizedText'];
export type ClassesHome = Pick<Schemas['ClassesHomeSuccess'], 'canPlay' | 'continueWatching' | 'newThisWeek' | 'disciplines'> & {
  /** The next class of the programme under way ("Up next in <programme>"), when there is one. */
  upNext?: NonNullable<Schemas['ProgrammeUpNextSuccess']['upNext']> | null;
};

export const classLevels = ['beginner', 'intermediate', 'advanced'] as const satisfies readonly ClassLevel[];

/** The duration ranges the catalog offers, in whole minutes, both bounds inclusive (the API's rule). */
export const durationRanges = [
  { id: '0-15', maxMinutes: 15 },
  { id: '16-30', minMinutes: 16, maxMinutes: 30 },
  { id: '31-45', minMinutes: 31, maxMinutes: 45 },
  { id: '46-', minMinutes: 46 },
] as const satisfies readonly { id: string; minMinutes?: number; maxMinutes?: number }[];

export type DurationRangeId = (typeof durationRanges)[number]['id'];
export type DurationRange = { id: DurationRangeId; minMinutes?: number; maxMinutes?: number };

export interface CatalogFilters {
  disciplines: string[];
  instructors: string[];
  levels: ClassLevel[];
  duration: DurationRangeId | null;
  /** The search text as typed (trimmed); empty for no search. */
  q: string;
}

/** The filters a facet toggles one value of. */
export type CatalogFacet = 'discipline' | 'instructor' | 'level';

export const noFilters: CatalogFilters = { disciplines: [], instructors: [], levels: [], duration: null, q: '' };

/** The API's limits on the query (openapi.yaml `listClasses`). */
const MAX_VALUES = 20;
const MAX_QUERY_LENGTH = 100;
const CATALOG_ID = /^[a-z0-9-]{1,50}$/;

const isLevel = (value: string): value is ClassLevel => (classLevels as readonly string[]).includes(value);
const isDurationRange = (value: string): value is DurationRangeId => durationRanges.some((range) => range.id === value);
const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The filters in an address's query (`?discipline=yoga&level=beginner&duration=16-30&q=flow`).
 * Whatever the API would refuse by its shape (a bad id, an unknown level or range) is dropped,
 * so an edited address still opens a catalog.
 */
export function parseCatalogQuery(search: string): CatalogFilters {
  const params = new URLSearchParams(search);
  const ids = (key: string) => unique(params.getAll(key).filter((value) => CATALOG_ID.test(value))).slice(0, MAX_VALUES);
  const duration = params.get('duration');
  return {
    disciplines: ids('discipline'),
    instructors: ids('instructor'),
    levels: unique(params.getAll('level').filter(isLevel)),
    duration: duration && isDurationRange(duration) ? duration : null,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
  };
}

/** The canonical query of a set of filters (values sorted), '' for none. */
export function catalogQuery(filters: CatalogFilters): string {
  const params = new URLSearchParams();
  for (const value of [...filters.disciplines].sort()) params.append('discipline', value);
  for (const value of [...filters.instructors].sort()) params.append('instructor', value);
  for (const value of classLevels.filter((level) => filters.levels.includes(level))) params.append('level', value);
  if (filters.duration) params.append('duration', filters.duration);
  if (filters.q) params.append('q', filters.q);
  return params.toString();
}

export const sameFilters = (a: CatalogFilters, b: CatalogFilters): boolean => catalogQuery(a) === catalogQuery(b);

export const hasFilters = (filters: CatalogFilters): boolean => catalogQuery(filters) !== '';

const toggled = <T>(values: T[], value: T): T[] => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);

/** The filters with one facet value switched on or off. */
export function toggleFacet(filters: CatalogFilters, facet: CatalogFacet, value: string): CatalogFilters {
  if (facet === 'discipline') return { ...filters, disciplines: toggled(filters.disciplines, value) };
  if (facet === 'instructor') return { ...filters, instructors: toggled(filters.instructors, value) };
  return isLevel(value) ? { ...filters, levels: toggled(filters.levels, value) } : filters;
}

export const withDuration = (filters: CatalogFilters, duration: DurationRangeId | null): CatalogFilters => ({ ...filters, duration });

export const withSearch = (filters: CatalogFilters, q: string): CatalogFilters => ({ ...filters, q: q.trim().slice(0, MAX_QUERY_LENGTH) });

export function durationRange(id: DurationRangeId): DurationRange {
  return durationRanges.find((range) => range.id === id) ?? durationRanges[0];
}

/** The API's query for these filters (only what is set). */
export function catalogApiQuery(filters: CatalogFilters): {
  discipline?: string[];
  instructor?: string[];
  level?: ClassLevel[];
  minMinutes?: number;
  maxMinutes?: number;
  q?: string;
} {
  const range = filters.duration ? durationRange(filters.duration) : null;
  return {
    ...(filters.disciplines.length && { discipline: filters.disciplines }),
    ...(filters.instructors.length && { instructor: filters.instructors }),
    ...(filters.levels.length && { level: filters.levels }),
    ...(range?.minMinutes !== undefined && { minMinutes: range.minMinutes }),
    ...(range?.maxMinutes !== undefined && { maxMinutes: range.maxMinutes }),
    ...(filters.q && { q: filters.q }),
  };
}

/** A catalog text in the UI's language (both languages always come from the API). */
export const localized = (text: LocalizedText, locale: string): string => (locale.startsWith('es') ? text.es : text.en);

/** A length in seconds as whole minutes, never 0 for a class that has any length. */
export const minutesOf = (seconds: number): number => Math.max(1, Math.round(seconds / 60));

/** Where a started class is, 0 to 1; null when it was never started. */
export function progressShare(card: { durationSeconds: number; progress: ClassCard['progress'] }): number | null {
  if (!card.progress) return null;
  if (card.progress.completed) return 1;
  return Math.min(1, Math.max(0, card.progress.positionSeconds / card.durationSeconds));
}

/** Started and not finished: Play becomes Continue. */
export const isInProgress = (progress: ClassCard['progress']): boolean => progress !== null && !progress.completed && progress.positionSeconds > 0;
