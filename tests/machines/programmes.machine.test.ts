// Programmes list machine (/programmes): loads with the filters, a filter change loads again,
// no match, a failure with Try again, a crash, and a cancelled request.
import { describe, expect, it } from 'vitest';
import { programmesMachine, type LoadProgrammesInput, type LoadProgrammesOutput } from '@machines/programmes.machine';
import { noticeText } from '@domain/notices';
import { noProgrammeFilters } from '@domain/programmes';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { programmeCard, programmeFacets } from './programme-fixtures';
import { startFlow } from './support/navigation';

function listPage() {
  const load = controlledActor<LoadProgrammesOutput, LoadProgrammesInput>();
  const actor = startFlow(programmesMachine.provide({ actors: { loadProgrammes: load.logic } }), { input: { filters: noProgrammeFilters } });
  return { actor, load };
}

describe('programmes machine', () => {
  it('lists the programmes with the facets', async () => {
    const { actor, load } = listPage();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last.input).toEqual({ filters: noProgrammeFilters });
    load.last.resolve(ok({ programmes: [programmeCard()], facets: programmeFacets }));
    await settle();
    expect(actor.getSnapshot().matches('listing')).toBe(true);
    expect(actor.getSnapshot().context.programmes.map((p) => p.id)).toEqual(['yoga-foundations']);
  });

  it('loads again with a new filter, and says when nothing matches', async () => {
    const { actor, load } = listPage();
    load.last.resolve(ok({ programmes: [programmeCard()], facets: programmeFacets }));
    await settle();
    actor.send({ type: 'filter', filters: { discipline: 'hiit', level: 'advanced' } });
    expect(load.last.input).toEqual({ filters: { discipline: 'hiit', level: 'advanced' } });
    load.last.resolve(ok({ programmes: [], facets: programmeFacets }));
    await settle();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('shows a failure with Try again', async () => {
    const { actor, load } = listPage();
    load.last.resolve(failed(400, { isSuccess: false, message: 'discipline: there is no programme discipline "x".' }));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toContain('discipline');
    actor.send({ type: 'retry' });
    expect(load.calls).toHaveLength(2);
  });

  it('shows a failure when the request crashes, and clears it while loading again', async () => {
    const { actor, load } = listPage();
    load.last.reject(new Error('network'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('stops quietly when the request is cancelled', async () => {
    const { actor, load } = listPage();
    load.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
