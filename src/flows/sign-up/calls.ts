// The sign-up flow's contract call: a new account, signed in on this device.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, userOf, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

/** What the form sends, plus the stored device id (spelled `device_id` on the wire). */
type Registration = Omit<Schemas['SignUpRequest'], 'device_id'> & { deviceId: string };

export const calls = (client: ApiClient) => ({
  signUp: ({ email, password, cpassword, country, deviceId }: Registration, signal?: AbortSignal) =>
    map(
      outcomeOf(client.POST('/api/v1/auth/sign-up', { body: { email, password, cpassword, country, device_id: deviceId }, signal }), signal),
      userOf,
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
