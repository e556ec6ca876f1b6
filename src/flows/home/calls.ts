// The home flow's contract calls: whether the account subscribes (and its name), then the
// subscriber's home rows in one request (docs/decisions/010).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { ClassesHome } from '@domain/catalog';

export const calls = (client: ApiClient) => ({
  home: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({ hasSubscription: data.hasSubscription, name: data.name })),
  classesHome: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/classes/home', { signal }), signal), (data): ClassesHome => ({
      canPlay: data.canPlay,
      continueWatching: data.continueWatching,
      newThisWeek: data.newThisWeek,
      disciplines: data.disciplines,
    })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
