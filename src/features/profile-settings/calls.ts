// A profile's own settings' contract calls (/account and /settings): new-class notifications and
// this browser's Web Push subscription (decision 037). The language is the shell's call
// (src/app/shared-calls.ts); the schedule's are the schedule feature's.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  notifications: (signal?: AbortSignal) => outcomeOf(client.GET('/api/v1/account/notifications', { signal }), signal),
  saveNotifications: (body: Schemas['NotificationsRequest'], signal?: AbortSignal) =>
    outcomeOf(client.PUT('/api/v1/account/notifications', { body, signal }), signal),
  subscribePush: (body: Schemas['PushSubscriptionRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/notifications/push', { body, signal }), signal), () => ({ subscribed: true })),
  unsubscribePush: (signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/account/notifications/push', { signal }), signal), () => ({ subscribed: false })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
