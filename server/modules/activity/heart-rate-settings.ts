// A profile's heart-rate settings (decisions 072, 073): whether its heart rate is recorded (off
// until it says so), a maximum it measured or its birth year; read with the defaults when none
// were kept, kept with one upsert, and "Delete my heart-rate data", which erases every summary of
// its completions with the settings and leaves the ratings.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Database, Queryable } from '@server/db/client';
import { classCompletions, heartRateSettings } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { isBirthYear, isMaxHeartRate } from '@domain/heart-rate';

export type HeartRateSettings = components['schemas']['HeartRateSettings'];

/** Until the profile says: nothing recorded, nothing told. */
export const DEFAULT_HEART_RATE_SETTINGS: HeartRateSettings = { recording: false, max_heart_rate: null, birth_year: null };

export async function readHeartRateSettings(db: Queryable, profileId: string): Promise<HeartRateSettings> {
  const [row] = await db.select().from(heartRateSettings).where(eq(heartRateSettings.profileId, profileId));
  return row ? { recording: row.recording, max_heart_rate: row.maxHeartRate, birth_year: row.birthYear } : DEFAULT_HEART_RATE_SETTINGS;
}

/** Whether the profile's heart rate may be recorded with its classes. */
export async function recordingHeartRate(db: Queryable, profileId: string): Promise<boolean> {
  return (await readHeartRateSettings(db, profileId)).recording;
}

/** Keeps the settings; a maximum outside 100–230 (400 `heartRate.max`) or a birth year outside the ages 13–100 (400 `heartRate.birthYear`) changes nothing. */
export async function saveHeartRateSettings(db: Queryable, profileId: string, settings: HeartRateSettings, now: Date): Promise<HeartRateSettings> {
  if (settings.max_heart_rate !== null && !isMaxHeartRate(settings.max_heart_rate)) throw new HttpError(400, 'heartRate.max');
  if (settings.birth_year !== null && !isBirthYear(settings.birth_year, now)) throw new HttpError(400, 'heartRate.birthYear');
  const values = { recording: settings.recording, maxHeartRate: settings.max_heart_rate, birthYear: settings.birth_year, updatedAt: now };
  await db
    .insert(heartRateSettings)
    .values({ profileId, ...values })
    .onConflictDoUpdate({ target: heartRateSettings.profileId, set: values });
  return { recording: settings.recording, max_heart_rate: settings.max_heart_rate, birth_year: settings.birth_year };
}

/** Erases every heart-rate summary of the profile's completions and its settings, in one transaction; ratings and completions stay. */
export async function deleteHeartRateData(db: Database, profileId: string): Promise<HeartRateSettings> {
  await db.transaction(async (tx) => {
    await tx
      .update(classCompletions)
      .set({
        heartRateAverageBpm: null,
        heartRateMaxBpm: null,
        heartRateZone1Seconds: null,
        heartRateZone2Seconds: null,
        heartRateZone3Seconds: null,
        heartRateZone4Seconds: null,
        heartRateZone5Seconds: null,
      })
      .where(and(eq(classCompletions.profileId, profileId), isNotNull(classCompletions.heartRateAverageBpm)));
    await tx.delete(heartRateSettings).where(eq(heartRateSettings.profileId, profileId));
  });
  return DEFAULT_HEART_RATE_SETTINGS;
}
