// A completed class's effort (decisions 072, 073): the rating and heart-rate summary a progress
// report carries, checked by the shared rules (domain/heart-rate.ts), attached to the profile's
// completion of the class on the report's local day, and scored from what was stored.
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { classCompletions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { localDate } from '@domain/activity';
import { effortProblem, effortScore, type HeartRateSummary, type ZoneSeconds } from '@domain/heart-rate';
import { accountTimeZone } from './completions';
import { recordingHeartRate } from './heart-rate-settings';

type Schemas = components['schemas'];
export type EffortReport = Schemas['EffortReport'];

/** The report's summary in the shared rules' terms (the contract holds the zones to five). */
function summaryOf(report: EffortReport): HeartRateSummary | null {
  const sent = report.heart_rate;
  return sent && { averageBpm: sent.average_bpm, maxBpm: sent.max_bpm, zoneSeconds: sent.zone_seconds as ZoneSeconds | null };
}

/** Refuses (400, before anything changes) an effort the rules refuse for a class of `classSeconds` as sold. */
export function checkEffort(report: EffortReport, classSeconds: number): void {
  const problem = effortProblem({ summary: summaryOf(report), rating: report.rating }, classSeconds);
  if (problem) throw new HttpError(400, `activity.${problem}`);
}

/**
 * Puts the effort on the profile's completion of the class on the local day of `at` (made by this
 * report or earlier that day), replacing one sent before: the last counts. A heart rate while the
 * profile's recording is off is 409 `heartRate.off`; no such completion, 409 `activity.notCompleted`.
 * Run in the report's transaction, so either refusal leaves the report unapplied.
 */
export async function attachEffort(db: Queryable, input: { profileId: string; classId: string; at: Date; effort: EffortReport }): Promise<void> {
  const summary = summaryOf(input.effort);
  if (summary && !(await recordingHeartRate(db, input.profileId))) throw new HttpError(409, 'heartRate.off');
  const [z1, z2, z3, z4, z5] = summary?.zoneSeconds ?? [null, null, null, null, null];
  const day = localDate(input.at, await accountTimeZone(db, input.profileId));
  const updated = await db
    .update(classCompletions)
    .set({
      rating: input.effort.rating,
      heartRateAverageBpm: summary?.averageBpm ?? null,
      heartRateMaxBpm: summary?.maxBpm ?? null,
      heartRateZone1Seconds: z1,
      heartRateZone2Seconds: z2,
      heartRateZone3Seconds: z3,
      heartRateZone4Seconds: z4,
      heartRateZone5Seconds: z5,
    })
    .where(and(eq(classCompletions.profileId, input.profileId), eq(classCompletions.classId, input.classId), eq(classCompletions.localDate, day)))
    .returning({ id: classCompletions.id });
  if (updated.length === 0) throw new HttpError(409, 'activity.notCompleted');
}

/** The columns a completion's effort is read from. */
export const effortColumns = {
  minutes: classCompletions.minutes,
  rating: classCompletions.rating,
  averageBpm: classCompletions.heartRateAverageBpm,
  maxBpm: classCompletions.heartRateMaxBpm,
  zone1: classCompletions.heartRateZone1Seconds,
  zone2: classCompletions.heartRateZone2Seconds,
  zone3: classCompletions.heartRateZone3Seconds,
  zone4: classCompletions.heartRateZone4Seconds,
  zone5: classCompletions.heartRateZone5Seconds,
};

export interface EffortRow {
  minutes: number;
  rating: number | null;
  averageBpm: number | null;
  maxBpm: number | null;
  zone1: number | null;
  zone2: number | null;
  zone3: number | null;
  zone4: number | null;
  zone5: number | null;
}

/** Completions with an effort to score (the others score nothing). */
export const hasEffort = or(isNotNull(classCompletions.rating), isNotNull(classCompletions.heartRateAverageBpm));

/**
 * A completion's effort as Activity shows it, null when it has neither a rating nor a heart-rate
 * summary: the zone effort when its summary has zone times, else the rating effort over its
 * minutes as sold (a summary without a maximum has no zones: decision 072).
 */
export function classEffort(row: EffortRow): Schemas['ClassEffort'] | null {
  const { averageBpm, maxBpm, zone1, zone2, zone3, zone4, zone5 } = row;
  const zoneSeconds: ZoneSeconds | null =
    zone1 !== null && zone2 !== null && zone3 !== null && zone4 !== null && zone5 !== null ? [zone1, zone2, zone3, zone4, zone5] : null;
  const heartRate = averageBpm !== null && maxBpm !== null ? { averageBpm, maxBpm, zoneSeconds } : null;
  const scored = effortScore(zoneSeconds, row.rating, row.minutes * 60);
  if (scored) return { rating: row.rating, heartRate, ...scored };
  return heartRate && { rating: null, heartRate, score: null, scoredBy: null };
}

/** A completion's score, 0 when it has no effort: what a week's effort adds up. */
export const weekScore = (row: EffortRow): number => classEffort(row)?.score ?? 0;
