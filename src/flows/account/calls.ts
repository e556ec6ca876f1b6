// The account flow's contract calls (/account): the profile and the devices signed in, email,
// password, signing devices out, the data export and deleting the account, and the household's
// profiles (decision 064). (A profile's own settings' calls are src/features/profile-settings'.)
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
  deleteAccount: (body: Schemas['DeleteAccountRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/account/delete', { body, signal }), signal), (data) => ({ message: data.message })),
  addProfile: (body: Schemas['ProfileRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/profiles', { body, signal }), signal), (data) => ({ profile: data.profile })),
  updateProfile: ({ profileId, changes }: { profileId: string; changes: Schemas['ProfileUpdateRequest'] }, signal?: AbortSignal) =>
    map(outcomeOf(client.PATCH('/api/v1/profiles/{profileId}', { params: { path: { profileId } }, body: changes, signal }), signal), (data) => ({ profile: data.profile })),
  setProfilePin: ({ profileId, pin, password }: { profileId: string; pin: string | null; password: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/profiles/{profileId}/pin', { params: { path: { profileId } }, body: { pin, password }, signal }), signal), (data) => ({
      profile: data.profile,
    })),
  deleteProfile: ({ profileId }: { profileId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/profiles/{profileId}', { params: { path: { profileId } }, signal }), signal), (data) => ({ message: data.message })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
