// The contract calls more than one part of the app makes: the session's (refresh, sign-out,
// the payment link's token), the account's language (the language actor and the account flow)
// the billing list (the billing flow, and pricing's current plan) and the saved classes (the
// favourites actor every card, the class page, the player and the home read), and whether the
// account subscribes (the navigation).
import type { Billing } from '@domain/subscriptions';
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
  listBilling: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal), (data): Billing => ({
      subscriptions: data.plans,
      payments: data.payments,
    })),
  /** Whether the account subscribes (the navigation's subscribers' links). */
  membership: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({ hasSubscription: data.hasSubscription })),
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
