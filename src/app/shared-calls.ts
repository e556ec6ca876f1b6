// The contract calls more than one part of the app makes: the session's (refresh, sign-out,
// the payment link's token) and the account's language (the language actor and the account flow).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, userOf, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  refresh: (signal?: AbortSignal) => map(outcomeOf(client.GET('/api/v1/refresh', { signal }), signal), (data) => ({ token: data.token })),
  logout: (signal?: AbortSignal) => outcomeOf(client.POST('/api/v1/auth/logout', { signal }), signal),
  exchangeLinkToken: ({ token, deviceId }: { token: string; deviceId: string | null }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/payments/index', { body: deviceId ? { token, device_id: deviceId } : { token }, signal }), signal),
      userOf,
    ),
  setAccountLanguage: (body: Schemas['LanguageRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/language', { body, signal }), signal), (data) => ({ language: data.language })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
