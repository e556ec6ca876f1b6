// The contract calls more than one part of the app makes: the session's (refresh, sign-out,
// the payment link's token), the account's language (the language actor and the account flow)
// and the household's profiles (the profile picker, and the account's profile management).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, userOf, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  refresh: (signal?: AbortSignal) => map(outcomeOf(client.GET('/api/v1/refresh', { signal }), signal), (data) => ({ token: data.token, profile: data.profile ?? null })),
  logout: (signal?: AbortSignal) => outcomeOf(client.POST('/api/v1/auth/logout', { signal }), signal),
  exchangeLinkToken: ({ token, deviceId }: { token: string; deviceId: string | null }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/payments/index', { body: deviceId ? { token, device_id: deviceId } : { token }, signal }), signal),
      userOf,
    ),
  listProfiles: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/profiles', { signal }), signal), (data): { profiles: Schemas['Profile'][]; chosen: string | null; limit: number } => ({
      profiles: data.profiles,
      chosen: data.chosen,
      limit: data.limit,
    })),
  setAccountLanguage: (body: Schemas['LanguageRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/language', { body, signal }), signal), (data) => ({ language: data.language })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
