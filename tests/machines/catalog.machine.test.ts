// Catalog machine (/classes): loads the first page for the address's filters, each change the
// user makes is a new address (history entry) and a new first page, an address that changes
// under it (Back) is applied without a new entry, "Show more" follows the cursor, and no match
// and a failure are states of their own.
import { describe, expect, it } from 'vitest';
import { catalogMachine, type ClassPage, type LoadClassesInput, type LoadClassesOutput } from '@machines/catalog.machine';
import { noFilters, parseCatalogQuery, type ClassCard } from '@domain/catalog';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { navigationsOf, startFlow } from './support/navigation';
import { card, facets } from './catalog-fixtures';

function catalog(search = '') {
  const load = controlledActor<LoadClassesOutput, LoadClassesInput>();
  const actor = startFlow(catalogMachine.provide({ actors: { loadClasses: load.logic } }), { input: { filters: parseCatalogQuery(search) } });
  return { actor, load };
}

const firstPage = (classes: ClassCard[], nextCursor: string | null = null, total = classes.length): LoadClassesOutput =>
  ok<ClassPage>({ classes, total, nextCursor, facets });

describe('catalog machine', () => {
  it('loads the first page of the filters in the address, with the facets', async () => {
    const { actor, load } = catalog('discipline=yoga&level=beginner');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last.input).toEqual({ filters: { ...noFilters, disciplines: ['yoga'], levels: ['beginner'] }, cursor: null });
    load.last.resolve(firstPage([card('a'), card('b')], 'cursor-1', 30));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ browsing: 'idle' })).toBe(true);
    expect(snapshot.context.classes.map((c) => c.id)).toEqual(['a', 'b']);
    expect(snapshot.context.total).toBe(30);
    expect(snapshot.context.facets).toEqual(facets);
    expect(navigationsOf(actor)).toEqual([]);
  });

  it('makes each filter change a new history entry and loads its first page', async () => {
    const { actor, load } = catalog();
    load.last.resolve(firstPage([card('a')]));
    await settle();
    actor.send({ type: 'facet.toggle', facet: 'discipline', value: 'hiit' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(load.last.input).toEqual({ filters: { ...noFilters, disciplines: ['hiit'] }, cursor: null });
    actor.send({ type: 'duration.select', duration: '16-30' });
    actor.send({ type: 'search.submit', q: '  flow ' });
    expect(load.calls).toHaveLength(4);
    expect(load.last.input.filters).toEqual({ ...noFilters, disciplines: ['hiit'], duration: '16-30', q: 'flow' });
    expect(navigationsOf(actor)).toEqual([
      { type: 'navigate', to: '/classes?discipline=hiit', replace: false },
      { type: 'navigate', to: '/classes?discipline=hiit&duration=16-30', replace: false },
      { type: 'navigate', to: '/classes?discipline=hiit&duration=16-30&q=flow', replace: false },
    ]);
    // Only the last request's answer counts: the others were stopped.
    expect(load.calls.slice(1, 3).every((call) => call.signal.aborted)).toBe(true);
  });

  it('applies an address that changed under it (Back) without adding an entry, and ignores the one it made', async () => {
    const { actor, load } = catalog('level=advanced');
    load.last.resolve(firstPage([card('a')]));
    await settle();
    actor.send({ type: 'address.change', filters: parseCatalogQuery('level=advanced') });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'address.change', filters: noFilters });
    expect(load.calls).toHaveLength(2);
    expect(load.last.input.filters).toEqual(noFilters);
    expect(navigationsOf(actor)).toEqual([]);
  });

  it('shows more with the cursor, appending the next page', async () => {
    const { actor, load } = catalog();
    load.last.resolve(firstPage([card('a'), card('b')], 'c1', 3));
    await settle();
    actor.send({ type: 'more.load' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(load.last.input).toEqual({ filters: noFilters, cursor: 'c1' });
    load.last.resolve(ok({ classes: [card('c')], total: 3, nextCursor: null }));
    await settle();
    expect(actor.getSnapshot().context.classes.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.facets).toEqual(facets);
    actor.send({ type: 'more.load' });
    expect(load.calls).toHaveLength(2);
  });

  it('says no class matches, and Clear filters goes back to the whole catalog', async () => {
    const { actor, load } = catalog('q=zzz');
    load.last.resolve(firstPage([]));
    await settle();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    actor.send({ type: 'filters.clear' });
    expect(navigationsOf(actor)).toEqual([{ type: 'navigate', to: '/classes', replace: false }]);
    expect(load.last.input.filters).toEqual(noFilters);
  });

  it('shows a failure with Retry, and keeps what was shown when the next page fails', async () => {
    const { actor, load } = catalog('discipline=nope');
    load.last.resolve(failed(400, { isSuccess: false, message: 'There is no discipline "nope".' }));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('There is no discipline "nope".');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    load.last.resolve(firstPage([card('a')], 'c1', 2));
    await settle();
    actor.send({ type: 'more.load' });
    load.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(actor.getSnapshot().matches({ browsing: 'moreFailed' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Could not reach FitStream. Please try again.');
    expect(actor.getSnapshot().context.classes).toHaveLength(1);
    actor.send({ type: 'more.load' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(load.last.input.cursor).toBe('c1');
  });

  it('says nothing and stops when the session is lost', async () => {
    const { actor, load } = catalog();
    load.last.resolve(failed(401));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
