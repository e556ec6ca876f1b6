// /classes: the catalog. The filters live in the address: every change the user makes is a new
// history entry (the machine emits the navigation), and an address that changes under the
// screen (Back, Forward, a shared link) is applied as it is. Each set of filters loads its
// first page (with the facets); "Show more" follows the API's cursor. No match is its own
// state, and so is a failure (with Retry).
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  catalogQuery,
  hasFilters,
  noFilters,
  sameFilters,
  toggleFacet,
  withDuration,
  withSearch,
  type CatalogFacet,
  type CatalogFilters,
  type ClassCard,
  type ClassFacets,
  type DurationRangeId,
} from '@domain/catalog';
import type { Schemas } from '@domain/contract';
import { goTo, type Navigation } from '@domain/navigation';
import { serverFailureNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import { afterRequest, outcomeGuards, outcomeOf } from './request-states';

export type ClassPage = Omit<Schemas['ClassListSuccess'], 'isSuccess'>;
export interface LoadClassesInput {
  filters: CatalogFilters;
  /** null for the first page (which carries the facets). */
  cursor: string | null;
}
export type LoadClassesOutput = Outcome<ClassPage>;

export interface CatalogContext {
  filters: CatalogFilters;
  classes: ClassCard[];
  total: number;
  nextCursor: string | null;
  /** What the filters offer; kept from the last first page, so the filters stay usable after a failure. */
  facets: ClassFacets | null;
  /** Why the last request failed (the first page, or the next one). */
  failure: Notice | null;
}

export type CatalogEvent =
  | { type: 'facet.toggle'; facet: CatalogFacet; value: string }
  | { type: 'duration.select'; duration: DurationRangeId | null }
  | { type: 'search.submit'; q: string }
  | { type: 'filters.clear' }
  /** The address changed under the screen (Back, Forward, a link): its filters, as they are. */
  | { type: 'address.change'; filters: CatalogFilters }
  | { type: 'more.load' }
  | { type: 'retry' };

/** The filters an event asks for (the current ones for events that change none). */
function requested(filters: CatalogFilters, event: CatalogEvent): CatalogFilters {
  switch (event.type) {
    case 'facet.toggle':
      return toggleFacet(filters, event.facet, event.value);
    case 'duration.select':
      return withDuration(filters, event.duration);
    case 'search.submit':
      return withSearch(filters, event.q);
    case 'filters.clear':
      return noFilters;
    case 'address.change':
      return event.filters;
    default:
      return filters;
  }
}

const page = (output: LoadClassesOutput): ClassPage | null => (output.kind === 'ok' ? output.data : null);

const takeFirstPage = { type: 'takeFirstPage', params: outcomeOf } as const;
const showFailure = { type: 'showFailure', params: outcomeOf } as const;

/** A change the user made: applied, remembered as a new history entry, and loaded. */
const userChange = { guard: 'changesFilters', target: '.loading', reenter: true, actions: ['applyFilters', 'pushAddress'] } as const;

export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as { filters: CatalogFilters },
    emitted: {} as Navigation,
  },
  actors: {
    loadClasses: fromPromise<LoadClassesOutput, LoadClassesInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    applyFilters: assign({ filters: ({ context, event }) => requested(context.filters, event) }),
    pushAddress: emit(({ context }) => goTo(routes.classes.href(catalogQuery(context.filters)), false)),
    takeFirstPage: assign(({ context }, output: LoadClassesOutput) => {
      const data = page(output);
      if (!data) return {};
      return { classes: data.classes, total: data.total, nextCursor: data.nextCursor, facets: data.facets ?? context.facets, failure: null };
    }),
    takeNextPage: assign(({ context }, output: LoadClassesOutput) => {
      const data = page(output);
      if (!data) return {};
      const seen = new Set(context.classes.map((c) => c.id));
      return { classes: [...context.classes, ...data.classes.filter((c) => !seen.has(c.id))], total: data.total, nextCursor: data.nextCursor, failure: null };
    }),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    ...outcomeGuards,
    changesFilters: ({ context, event }) => !sameFilters(context.filters, requested(context.filters, event)),
    isEmptyPage: (_, output: LoadClassesOutput) => page(output)?.classes.length === 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    hasFilters: ({ context }) => hasFilters(context.filters),
  },
}).createMachine({
  id: 'catalog',
  context: ({ input }) => ({ filters: input.filters, classes: [], total: 0, nextCursor: null, facets: null, failure: null }),
  initial: 'loading',
  on: {
    'facet.toggle': userChange,
    'duration.select': userChange,
    'search.submit': userChange,
    'filters.clear': { ...userChange, guard: 'hasFilters' },
    'address.change': { guard: 'changesFilters', target: '.loading', reenter: true, actions: 'applyFilters' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        src: 'loadClasses',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: [
          { guard: { type: 'isEmptyPage', params: outcomeOf }, target: 'empty', actions: takeFirstPage },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'browsing', actions: takeFirstPage },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: showFailure },
        ],
        onError: { target: 'failed', actions: showFailure },
      },
    },
    browsing: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'more.load': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            src: 'loadClasses',
            input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
            ...afterRequest({
              ok: { target: 'idle', actions: { type: 'takeNextPage', params: outcomeOf } },
              quiet: { target: '#catalog.abandoned' },
              failed: { target: 'moreFailed', actions: showFailure },
            }),
          },
        },
        /** The next page failed: what was shown stays, with the reason and Show more to try again. */
        moreFailed: {
          exit: 'clearFailure',
          on: { 'more.load': { target: 'loadingMore' } },
        },
      },
    },
    /** No class matches the filters: "No classes match" and Clear filters. */
    empty: {},
    failed: {
      on: { retry: { target: 'loading' } },
    },
    /** The request was cancelled or the session ended (the app is taking the user to sign in). */
    abandoned: { type: 'final' },
  },
});

export type CatalogMachine = typeof catalogMachine;
