// Model of /classes (machines/catalog.machine.ts): filters in the address (each change a new
// history entry, an address change applied without one), first page, Show more, no match,
// failures.
import { expect } from 'vitest';
import { catalogMachine, type CatalogContext } from '@machines/catalog.machine';
import { catalogQuery, noFilters, sameFilters, type CatalogFilters } from '@domain/catalog';
import { card, facets } from '../catalog-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, SERVER_MESSAGE, textOf, unreachable } from './outcomes';

const firstPages = [
  ok({ classes: [card('a'), card('b')], total: 3, nextCursor: 'c1', facets }),
  ok({ classes: [], total: 0, nextCursor: null, facets }),
];
const nextPages = [ok({ classes: [card('c')], total: 3, nextCursor: null })];
const failures = [refused(400), refused(401), crashed, unreachable, cancelled];

const contextOf = (snapshot: { context: unknown }) => snapshot.context as CatalogContext;

/** After a change the user asked for: a new history entry when the filters changed, else nothing. */
function pushedWhenChanged({ snapshot, previous, emitted }: Parameters<NonNullable<MachineModel['after']>[string]>[0]) {
  const before = previous && contextOf(previous).filters;
  const after = contextOf(snapshot).filters;
  if (before && !sameFilters(before, after)) {
    const query = catalogQuery(after);
    expect(emitted).toEqual([{ type: 'navigate', to: query ? `/classes?${query}` : '/classes', replace: false }]);
    expect(snapshot.matches('loading')).toBe(true);
  } else {
    expect(emitted).toEqual([]);
    expect(snapshot.value).toEqual(previous?.value);
  }
}

export const model: MachineModel = {
  machine: catalogMachine,
  inputs: [{ filters: noFilters }, { filters: { ...noFilters, disciplines: ['yoga'] } satisfies CatalogFilters }],
  events: {
    'facet.toggle': [{ type: 'facet.toggle', facet: 'discipline', value: 'yoga' }],
    'duration.select': [
      { type: 'duration.select', duration: '16-30' },
      { type: 'duration.select', duration: null },
    ],
    'search.submit': [{ type: 'search.submit', q: ' flow ' }],
    'address.change': [{ type: 'address.change', filters: noFilters }],
  },
  outputs: {
    loadClasses: (snapshot) => [...(snapshot.matches({ browsing: 'loadingMore' }) ? nextPages : firstPages), ...failures],
  },
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadClasses')?.input).toEqual({ filters: contextOf(snapshot).filters, cursor: null });
      expect(contextOf(snapshot).failure).toBeNull();
    },
    'browsing.idle': ({ snapshot }) => {
      expect(contextOf(snapshot).classes.length).toBeGreaterThan(0);
      expect(contextOf(snapshot).facets).toEqual(facets);
      expect(contextOf(snapshot).failure).toBeNull();
    },
    'browsing.loadingMore': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('loadClasses')?.input).toEqual({ filters: contextOf(snapshot).filters, cursor: 'c1' });
    },
    'browsing.moreFailed': ({ snapshot }) => {
      expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String));
      expect(contextOf(snapshot).classes.map((c) => c.id)).toEqual(['a', 'b']);
    },
    empty: ({ snapshot }) => {
      expect(contextOf(snapshot).classes).toEqual([]);
      expect(contextOf(snapshot).failure).toBeNull();
    },
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(contextOf(snapshot).failure).toBeNull();
    },
  },
  after: {
    'facet.toggle': pushedWhenChanged,
    'duration.select': pushedWhenChanged,
    'search.submit': (world) => {
      pushedWhenChanged(world);
      expect(contextOf(world.snapshot).filters.q).toBe('flow');
    },
    'filters.clear': (world) => {
      pushedWhenChanged(world);
      expect(contextOf(world.snapshot).filters).toEqual(noFilters);
    },
    'address.change': ({ snapshot, emitted }) => {
      expect(emitted).toEqual([]);
      expect(contextOf(snapshot).filters).toEqual(noFilters);
    },
    'done: loadClasses': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.status === 400) expect(textOf(contextOf(snapshot).failure)).toContain(SERVER_MESSAGE);
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches('abandoned')).toBe(true);
    },
  },
};
