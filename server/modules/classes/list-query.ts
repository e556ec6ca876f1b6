// Turns the catalog list's query string (already checked against openapi.yaml) into filters
// and a page, answering 400 with the field's name for what the schema cannot check; and the
// opaque `cursor` the list hands out.
import type { components, operations } from '@domain/api-schema';
import { HttpError } from '@server/errors';

export type ListClassesQuery = NonNullable<operations['listClasses']['parameters']['query']>;

export interface ClassFilters {
  disciplines: string[];
  instructors: string[];
  levels: components['schemas']['ClassLevel'][];
  minSeconds: number | null;
  maxSeconds: number | null;
  /** Words to search for; null when the text has none. */
  search: string | null;
}

/** Where a page ends in the catalog's order (newest first, then id). */
export interface CatalogPosition {
  /** `published_at` in microseconds since the epoch, as text (beyond a double's exact range). */
  publishedMicros: string;
  id: string;
}

/** Cursors are opaque to clients: base64url of the position, so its shape can change. */
export function encodeCursor(position: CatalogPosition): string {
  return Buffer.from(JSON.stringify([position.publishedMicros, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): CatalogPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [publishedMicros, id] = value as unknown[];
      if (typeof publishedMicros === 'string' && /^\d{1,18}$/.test(publishedMicros) && typeof id === 'string' && id.length <= 100) {
        return { publishedMicros, id };
      }
    }
  } catch {
    // Not JSON: answered below like any other cursor this API did not hand out.
  }
  throw new HttpError(400, 'catalog.badCursor');
}

function checkKnown(field: string, known: readonly { id: string }[], ids: string[]): void {
  const unknown = ids.find((id) => !known.some((entry) => entry.id === id));
  if (unknown !== undefined) throw new HttpError(400, 'catalog.unknownFilter', { values: { field, value: unknown } });
}

const distinct = <T>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])];

type ClassFacets = components['schemas']['ClassFacets'];

export interface ParsedListQuery {
  filters: ClassFilters;
  after: CatalogPosition | null;
  limit: number;
}

/**
 * `facets` answers the disciplines and instructors there are (the routes keep them in memory).
 * Synchronous when `facets` is (or is not needed): the catalog's first page then answers with
 * no promise (decision 080).
 */
export function parseListQuery(query: ListClassesQuery, facets: () => ClassFacets | Promise<ClassFacets>): ParsedListQuery | Promise<ParsedListQuery> {
  const { minMinutes, maxMinutes, q } = query;
  if (minMinutes !== undefined && maxMinutes !== undefined && maxMinutes < minMinutes) {
    throw new HttpError(400, 'catalog.maxBelowMin');
  }
  const filters: ClassFilters = {
    disciplines: distinct(query.discipline),
    instructors: distinct(query.instructor),
    levels: distinct(query.level),
    minSeconds: minMinutes === undefined ? null : minMinutes * 60,
    maxSeconds: maxMinutes === undefined ? null : maxMinutes * 60,
    search: q !== undefined && /[\p{L}\p{N}]/u.test(q) ? q : null,
  };
  // The filters are checked before the cursor, as they always were.
  const parsed = (): ParsedListQuery => ({
    filters,
    after: query.cursor === undefined ? null : decodeCursor(query.cursor),
    // The contract's default (20) is filled in by validation.
    limit: query.limit ?? 20,
  });
  if (filters.disciplines.length === 0 && filters.instructors.length === 0) return parsed();
  const check = (known: ClassFacets) => {
    checkKnown('discipline', known.disciplines, filters.disciplines);
    checkKnown('instructor', known.instructors, filters.instructors);
    return parsed();
  };
  const known = facets();
  return known instanceof Promise ? known.then(check) : check(known);
}
