// Model of /programmes (machines/programmes.machine.ts): the list, a filter change, no match,
// failures with Try again.
import { expect } from 'vitest';
import { programmesMachine, type ProgrammesContext } from '@machines/programmes.machine';
import { noProgrammeFilters } from '@domain/programmes';
import { programmeCard, programmeFacets } from '../programme-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, SERVER_MESSAGE, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: { context: unknown }) => snapshot.context as ProgrammesContext;
const hiit = { discipline: 'hiit', level: 'beginner' as const };

export const model: MachineModel = {
  machine: programmesMachine,
  input: { filters: noProgrammeFilters },
  events: { filter: [{ type: 'filter', filters: hiit }] },
  outputs: {
    loadProgrammes: [
      ok({ programmes: [programmeCard()], facets: programmeFacets }),
      ok({ programmes: [], facets: programmeFacets }),
      refused(400),
      refused(401),
      crashed,
      unreachable,
      cancelled,
    ],
  },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadProgrammes')?.input).toEqual({ filters: contextOf(snapshot).filters });
      expect(contextOf(snapshot).failure).toBeNull();
    },
    listing: ({ snapshot }) => expect(contextOf(snapshot).programmes.map((p) => p.id)).toEqual(['yoga-foundations']),
    empty: ({ snapshot }) => expect(contextOf(snapshot).programmes).toEqual([]),
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    filter: ({ snapshot }) => {
      expect(contextOf(snapshot).filters).toEqual(hiit);
      expect(snapshot.matches('loading')).toBe(true);
    },
    'done: loadProgrammes': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.status === 400) expect(textOf(contextOf(snapshot).failure)).toContain(SERVER_MESSAGE);
    },
  },
};
