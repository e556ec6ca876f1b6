// The profile flow's contract calls: upload a picture, then save the name and picture.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  saveDetails: (body: Schemas['DetailsRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/users/details', { body, signal }), signal), (data): Pick<Schemas['DetailsSuccess'], 'name' | 'image'> => ({
      name: data.name,
      image: data.image,
    })),
  uploadImage: ({ file, fileName }: { file: Blob; fileName: string }, signal?: AbortSignal) =>
    map(
      outcomeOf(
        client.POST('/api/v1/uploads', {
          // The contract types the part as a string; the real body is the FormData below.
          body: { fileToUpload: '' },
          bodySerializer: () => {
            const form = new FormData();
            form.append('fileToUpload', file, fileName);
            return form;
          },
          signal,
        }),
        signal,
      ),
      (data) => ({ image: data.image }),
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
