// The password reset's contract calls: ask for a link by email, then set a new password with
// the link's token (which signs the user in on this device).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, userOf, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  forgotPassword: ({ email }: Schemas['ForgotPasswordRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/auth/forgot-password', { body: { email }, signal }), signal), (data) => ({ message: data.message })),
  resetPassword: ({ token, password, cpassword, deviceId }: Omit<Schemas['ResetPasswordRequest'], 'device_id'> & { deviceId: string }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/auth/reset-password', { body: { token, password, cpassword, device_id: deviceId }, signal }), signal),
      userOf,
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
