// /programmes: the list, filtered by discipline and level. Loads with the filters; a filter
// change loads again. No match is its own state, and so is a failure (Try again).
import { assign, setup } from 'xstate';
import type { ProgrammeCard, ProgrammeFacets, ProgrammeFilters } from '@domain/programmes';
import { serverFailureNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface LoadProgrammesInput {
  filters: ProgrammeFilters;
}
export type LoadProgrammesOutput = Outcome<{ programmes: ProgrammeCard[]; facets: ProgrammeFacets }>;

export interface ProgrammesContext {
  filters: ProgrammeFilters;
  programmes: ProgrammeCard[];
  facets: ProgrammeFacets | null;
  failure: Notice | null;
}

export type ProgrammesEvent = { type: 'filter'; filters: ProgrammeFilters } | { type: 'retry' };

const take = { type: 'take', params: outcomeOf } as const;

export const programmesMachine = setup({
  types: {
    context: {} as ProgrammesContext,
    events: {} as ProgrammesEvent,
    input: {} as { filters: ProgrammeFilters },
  },
  actors: {
    loadProgrammes: fromOutcome<{ programmes: ProgrammeCard[]; facets: ProgrammeFacets }, LoadProgrammesInput>(),
  },
  actions: {
    take: assign((_, output: LoadProgrammesOutput) =>
      output.kind === 'ok' ? { programmes: output.data.programmes, facets: output.data.facets, failure: null } : {},
    ),
    setFilters: assign({ filters: (_, filters: ProgrammeFilters) => filters }),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    ...outcomeGuards,
    hasSome: (_, output: LoadProgrammesOutput) => output.kind === 'ok' && output.data.programmes.length > 0,
  },
}).createMachine({
  id: 'programmes',
  context: ({ input }) => ({ filters: input.filters, programmes: [], facets: null, failure: null }),
  initial: 'loading',
  on: {
    filter: { target: '.loading', actions: { type: 'setFilters', params: ({ event }) => event.filters } },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        src: 'loadProgrammes',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: [
          { guard: { type: 'hasSome', params: outcomeOf }, target: 'listing', actions: take },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'empty', actions: take },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
        ],
        onError: { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
      },
    },
    /** The programmes that match, with the filters. */
    listing: {},
    /** No programme matches the filters. */
    empty: {},
    failed: { on: { retry: { target: 'loading' } } },
    /** The request was cancelled or the session ended. */
    abandoned: { type: 'final' },
  },
});

export type ProgrammesMachine = typeof programmesMachine;
