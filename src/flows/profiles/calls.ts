// The profile picker's own contract call: choosing a profile (with its PIN when it has one) for
// this sign-in, which answers a token naming it. The list is shared (src/app/shared-calls.ts).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  chooseProfile: ({ profileId, pin }: { profileId: string; pin?: string }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/profiles/{profileId}/choose', { params: { path: { profileId } }, body: pin ? { pin } : {}, signal }), signal),
      (data): Pick<Schemas['AuthSuccess'], 'token' | 'profile' | 'language'> => ({ token: data.token, profile: data.profile, language: data.language }),
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
