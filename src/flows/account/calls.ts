// The account flow's contract calls (/account): the profile and the devices signed in, email,
// password, signing devices out, new-class notifications and Web Push, the data export and
// deleting the account. (The account's language is shared with the language actor:
// src/app/shared-calls.ts.)
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  account: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/account', { signal }), signal), (data) => ({ account: data.account, devices: data.devices })),
  changeEmail: (body: Schemas['ChangeEmailRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/account/email', { body, signal }), signal), (data) => ({ email: data.email })),
  changePassword: (body: Schemas['ChangePasswordRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/account/password', { body, signal }), signal), (data) => ({ message: data.message })),
  signOutDevice: ({ sessionId }: { sessionId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/account/sessions/{sessionId}', { params: { path: { sessionId } }, signal }), signal), (data) => ({ message: data.message })),
  signOutOtherDevices: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/account/sessions/sign-out-others', { signal }), signal), (data) => ({ message: data.message })),
  exportAccount: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/account/export', { signal }), signal), (data): { exportedAt: string } & Record<string, unknown> => data),
  notifications: (signal?: AbortSignal) => outcomeOf(client.GET('/api/v1/account/notifications', { signal }), signal),
  saveNotifications: (body: Schemas['NotificationsRequest'], signal?: AbortSignal) =>
    outcomeOf(client.PUT('/api/v1/account/notifications', { body, signal }), signal),
  subscribePush: (body: Schemas['PushSubscriptionRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/notifications/push', { body, signal }), signal), () => ({ subscribed: true })),
  unsubscribePush: (signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/account/notifications/push', { signal }), signal), () => ({ subscribed: false })),
  deleteAccount: (body: Schemas['DeleteAccountRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/account/delete', { body, signal }), signal), (data) => ({ message: data.message })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
