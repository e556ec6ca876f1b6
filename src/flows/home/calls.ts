// The home flow's contract calls: whether the account subscribes (and its name), then the
// subscriber's home rows in one request (docs/decisions/010).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { ClassesHome } from '@domain/catalog';
import type { Outcome } from '@domain/request-outcome';

export const calls = (client: ApiClient) => ({
  home: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({ hasSubscription: data.hasSubscription, name: data.name })),
  /** The rows, with the programme's next class first when one is under way (without it if that call fails). */
  classesHome: async (signal?: AbortSignal): Promise<Outcome<ClassesHome>> => {
    const [rows, upNext] = await Promise.all([
      map(outcomeOf(client.GET('/api/v1/classes/home', { signal }), signal), (data): ClassesHome => ({
        canPlay: data.canPlay,
        continueWatching: data.continueWatching,
        newThisWeek: data.newThisWeek,
        disciplines: data.disciplines,
      })),
      outcomeOf(client.GET('/api/v1/programmes/up-next', { signal }), signal),
    ]);
    if (rows.kind !== 'ok') return rows;
    return { kind: 'ok', data: { ...rows.data, upNext: upNext.kind === 'ok' ? upNext.data.upNext : null } };
  },
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
