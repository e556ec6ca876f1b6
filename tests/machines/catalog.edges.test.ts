// Catalog edges: changes that change nothing (no entry, no request), Show more without a next
// page, Retry only after a failure, a crash, a lost session while showing more, a filter change
// while more classes load, and the address's shape (parse and canonical query).
import { describe, expect, it } from 'vitest';
import { catalogMachine, type LoadClassesInput, type LoadClassesOutput } from '@machines/catalog.machine';
import { catalogApiQuery, catalogQuery, noFilters, parseCatalogQuery } from '@domain/catalog';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { card, facets } from './catalog-fixtures';
import { controlledActor, settle } from './controlled-actor';
import { navigationsOf, startFlow } from './support/navigation';

async function browsing(search = '', nextCursor: string | null = 'c1') {
  const load = controlledActor<LoadClassesOutput, LoadClassesInput>();
  const actor = startFlow(catalogMachine.provide({ actors: { loadClasses: load.logic } }), { input: { filters: parseCatalogQuery(search) } });
  load.last.resolve(ok({ classes: [card('a')], total: 2, nextCursor, facets }));
  await settle();
  return { actor, load };
}

describe('catalog machine: changes that change nothing', () => {
  it('adds no entry and loads nothing for the same search, the same length, or clearing no filters', async () => {
    const { actor, load } = await browsing('q=flow');
    actor.send({ type: 'search.submit', q: 'flow  ' });
    actor.send({ type: 'duration.select', duration: null });
    expect(load.calls).toHaveLength(1);
    const plain = await browsing();
    plain.actor.send({ type: 'filters.clear' });
    expect(plain.load.calls).toHaveLength(1);
    expect([...navigationsOf(actor), ...navigationsOf(plain.actor)]).toEqual([]);
  });

  it('does not show more on the last page, and Retry does nothing unless something failed', async () => {
    const { actor, load } = await browsing('', null);
    actor.send({ type: 'more.load' });
    actor.send({ type: 'retry' });
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
  });
});

describe('catalog machine: failures', () => {
  it('shows the no-response failure when the call crashes', async () => {
    const load = controlledActor<LoadClassesOutput, LoadClassesInput>();
    const actor = startFlow(catalogMachine.provide({ actors: { loadClasses: load.logic } }), { input: { filters: noFilters } });
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Could not reach FitStream. Please try again.');
  });

  it('stops quietly when the session is lost while showing more', async () => {
    const { actor, load } = await browsing();
    actor.send({ type: 'more.load' });
    load.last.resolve(failed(401));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('drops the next page when the filters change while it loads', async () => {
    const { actor, load } = await browsing();
    actor.send({ type: 'more.load' });
    const more = load.last;
    actor.send({ type: 'facet.toggle', facet: 'level', value: 'advanced' });
    expect(more.signal.aborted).toBe(true);
    expect(load.last.input).toEqual({ filters: { ...noFilters, levels: ['advanced'] }, cursor: null });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('clears the filters from a failure (a shared address with an unknown discipline)', async () => {
    const load = controlledActor<LoadClassesOutput, LoadClassesInput>();
    const actor = startFlow(catalogMachine.provide({ actors: { loadClasses: load.logic } }), { input: { filters: parseCatalogQuery('discipline=nope') } });
    load.last.resolve(failed(400, { isSuccess: false, message: 'Unknown discipline.' }));
    await settle();
    actor.send({ type: 'filters.clear' });
    expect(load.last.input.filters).toEqual(noFilters);
    expect(navigationsOf(actor)).toEqual([{ type: 'navigate', to: '/classes', replace: false }]);
  });
});

describe('the address of a catalog view', () => {
  it('reads every filter, dropping what the API would refuse by its shape', () => {
    expect(parseCatalogQuery('?discipline=yoga&discipline=Bad!&discipline=yoga&level=expert&level=beginner&duration=9-99&q=%20flow%20')).toEqual({
      ...noFilters,
      disciplines: ['yoga'],
      levels: ['beginner'],
      q: 'flow',
    });
    expect(parseCatalogQuery('instructor=lucia-martin&duration=46-').instructors).toEqual(['lucia-martin']);
    expect(parseCatalogQuery('duration=46-').duration).toBe('46-');
  });

  it('writes one canonical query per set of filters, and the API query from the range', () => {
    const filters = { disciplines: ['yoga', 'hiit'], instructors: [], levels: ['advanced', 'beginner'] as const, duration: '16-30' as const, q: 'core' };
    const query = catalogQuery({ ...filters, levels: [...filters.levels] });
    expect(query).toBe('discipline=hiit&discipline=yoga&level=beginner&level=advanced&duration=16-30&q=core');
    expect(catalogQuery(parseCatalogQuery(query))).toBe(query);
    expect(catalogApiQuery(parseCatalogQuery(query))).toEqual({
      discipline: ['hiit', 'yoga'],
      level: ['beginner', 'advanced'],
      minMinutes: 16,
      maxMinutes: 30,
      q: 'core',
    });
    expect(catalogApiQuery(parseCatalogQuery('duration=0-15'))).toEqual({ maxMinutes: 15 });
    expect(catalogApiQuery(noFilters)).toEqual({});
  });
});
