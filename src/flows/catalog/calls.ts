// The catalog's contract call: one page of classes for the filters.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import { catalogApiQuery, type CatalogFilters } from '@domain/catalog';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  /** One page of the catalog: the first (with the facets) when `cursor` is null. */
  listClasses: ({ filters, cursor }: { filters: CatalogFilters; cursor: string | null }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.GET('/api/v1/classes', { params: { query: { ...catalogApiQuery(filters), ...(cursor && { cursor }) } }, signal }), signal),
      (data): Omit<Schemas['ClassListSuccess'], 'isSuccess'> => ({
        classes: data.classes,
        total: data.total,
        nextCursor: data.nextCursor,
        ...(data.facets && { facets: data.facets }),
      }),
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
