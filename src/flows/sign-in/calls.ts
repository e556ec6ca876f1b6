// The sign-in flow's contract call: an account's credentials for a session on this device.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, userOf, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

/** What the form sends, plus the stored device id (spelled `device_id` on the wire). */
type Credentials = Omit<Schemas['SignInRequest'], 'device_id' | 'country'> & { deviceId: string };

export const calls = (client: ApiClient) => ({
  signIn: ({ email, password, deviceId }: Credentials, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/auth/sign-in', { body: { email, password, device_id: deviceId, country: 'US' }, signal }), signal), userOf),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
