// The class page's contract call: one class with the account's progress and whether it may play it.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  getClass: ({ id }: { id: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/classes/{id}', { params: { path: { id } }, signal }), signal), (data): Omit<Schemas['ClassSuccess'], 'isSuccess'> => ({
      class: data.class,
      canPlay: data.canPlay,
    })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
