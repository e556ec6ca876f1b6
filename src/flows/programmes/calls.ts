// The programmes flow's contract calls: the list, one programme, and following it.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { ProgrammeFilters } from '@domain/programmes';

export const calls = (client: ApiClient) => {
  const programmeOf = (data: { programme: import('@domain/programmes').ProgrammeDetail }) => data.programme;
  const action = (path: '/api/v1/programmes/{id}/pause' | '/api/v1/programmes/{id}/resume' | '/api/v1/programmes/{id}/leave') =>
    ({ id }: { id: string }, signal?: AbortSignal) => map(outcomeOf(client.POST(path, { params: { path: { id } }, signal }), signal), programmeOf);
  return {
    listProgrammes: ({ filters }: { filters: ProgrammeFilters }, signal?: AbortSignal) =>
      map(
        outcomeOf(
          client.GET('/api/v1/programmes', {
            params: { query: { ...(filters.discipline && { discipline: filters.discipline }), ...(filters.level && { level: filters.level }) } },
            signal,
          }),
          signal,
        ),
        (data) => ({ programmes: data.programmes, facets: data.facets }),
      ),
    getProgramme: ({ id }: { id: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/programmes/{id}', { params: { path: { id } }, signal }), signal), programmeOf),
    startProgramme: ({ id, weekdays }: { id: string; weekdays: number[] }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/programmes/{id}/start', { params: { path: { id } }, body: { weekdays }, signal }), signal), programmeOf),
    setProgrammeWeekdays: ({ id, weekdays }: { id: string; weekdays: number[] }, signal?: AbortSignal) =>
      map(outcomeOf(client.PUT('/api/v1/programmes/{id}/weekdays', { params: { path: { id } }, body: { weekdays }, signal }), signal), programmeOf),
    pauseProgramme: action('/api/v1/programmes/{id}/pause'),
    resumeProgramme: action('/api/v1/programmes/{id}/resume'),
    leaveProgramme: action('/api/v1/programmes/{id}/leave'),
  };
};

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
