// The saved classes' contract calls: the list ("My list") and saving or unsaving one class.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';

export const calls = (client: ApiClient) => ({
  listFavourites: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/favourites', { signal }), signal), (data) => ({ classes: data.classes })),
  setFavourite: ({ classId, saved }: { classId: string; saved: boolean }, signal?: AbortSignal) =>
    map(
      outcomeOf(
        saved
          ? client.PUT('/api/v1/favourites/{classId}', { params: { path: { classId } }, signal })
          : client.DELETE('/api/v1/favourites/{classId}', { params: { path: { classId } }, signal }),
        signal,
      ),
      (data) => ({ saved: data.saved }),
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
