// The chosen profile's heart-rate settings (issue 43): read, keep, and "Delete my heart-rate data".
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';
import type { ProfileHeartRate } from '@machines/heart-rate-settings.machine';

const settingsOf = ({ settings }: { settings: Schemas['HeartRateSettings'] }): ProfileHeartRate => ({
  recording: settings.recording,
  maxHeartRate: settings.max_heart_rate,
  birthYear: settings.birth_year,
});

export const calls = (client: ApiClient) => ({
  heartRateSettings: (signal?: AbortSignal) => map(outcomeOf(client.GET('/api/v1/account/heart-rate', { signal }), signal), settingsOf),
  saveHeartRateSettings: ({ recording, maxHeartRate, birthYear }: ProfileHeartRate, signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/heart-rate', { body: { recording, max_heart_rate: maxHeartRate, birth_year: birthYear }, signal }), signal), settingsOf),
  deleteHeartRateData: (signal?: AbortSignal) => map(outcomeOf(client.DELETE('/api/v1/account/heart-rate', { signal }), signal), settingsOf),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
