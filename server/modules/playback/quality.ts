// Playback quality reports (docs/decisions/057): the player's totals since its session started,
// sent with its heartbeats and its end. What a report may say of its session, and the increase
// over the session's last stored totals, the only part the metrics (./quality-metrics.ts) count.
import { eq } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Database } from '@server/db/client';
import { playbackSessions } from '@server/db/schema';
import type { MessageCode } from '@server/i18n';
import type { PlaybackSessionRow } from './sessions';

export type QualityTotals = components['schemas']['PlaybackQuality'];
export type FailureKind = keyof NonNullable<QualityTotals['failures']>;
export const FAILURE_KINDS: readonly FailureKind[] = ['network', 'media', 'unsupported', 'other'];

/**
 * How far the player's times may run past the session's own age: the start-up of a class that
 * plays at once is measured from the player asking for its session, before the server made it.
 */
export const CLOCK_SLACK_MS = 30_000;
/** Stalls and switches: at most one a second of the session, beyond this many. */
export const COUNT_ALLOWANCE = 10;

/** What the session's metrics gain from an accepted report. */
export interface QualityIncrease {
  plan: string;
  /** The rendition the report says is playing ('unknown' before the player knows it). */
  rendition: string;
  /** The session's first report: it counts in `fitstream_playback_sessions_total`. */
  firstReport: boolean;
  /** Set once per session, in the report that first carries it. */
  startupSeconds: number | null;
  watchedSeconds: number;
  stalls: number;
  stalledSeconds: number;
  switches: number;
  failures: Record<FailureKind, number>;
}

const failuresOf = (totals: QualityTotals | null, kind: FailureKind) => totals?.failures?.[kind] ?? 0;

/** Why the report cannot be true of this session, or null when it can. */
export function qualityRefusal(previous: QualityTotals | null, report: QualityTotals, session: { ageMs: number; renditions: readonly string[] }): MessageCode | null {
  if (report.rendition != null && !session.renditions.includes(report.rendition)) return 'playback.quality.unknownRendition';
  // Starting, playing and stalling never overlap: together they fit in the session's age.
  if ((report.startup_ms ?? 0) + report.watched_ms + report.stalled_ms > session.ageMs + CLOCK_SLACK_MS) return 'playback.quality.longerThanSession';
  const countLimit = Math.floor(Math.max(session.ageMs, 0) / 1000) + COUNT_ALLOWANCE;
  if (report.stalls > countLimit || report.switches > countLimit || FAILURE_KINDS.some((kind) => failuresOf(report, kind) > countLimit)) return 'playback.quality.tooMany';
  if (!previous) return null;
  const wentDown =
    report.watched_ms < previous.watched_ms ||
    report.stalls < previous.stalls ||
    report.stalled_ms < previous.stalled_ms ||
    report.switches < previous.switches ||
    FAILURE_KINDS.some((kind) => failuresOf(report, kind) < failuresOf(previous, kind)) ||
    // The start-up happens once: once reported, it stays what it was.
    (previous.startup_ms != null && report.startup_ms !== previous.startup_ms);
  return wentDown ? 'playback.quality.wentDown' : null;
}

/** What `report` adds to `previous` (zero everywhere for a report sent again). */
export function qualityIncrease(plan: string, previous: QualityTotals | null, report: QualityTotals): QualityIncrease {
  const failures = Object.fromEntries(FAILURE_KINDS.map((kind) => [kind, failuresOf(report, kind) - failuresOf(previous, kind)])) as Record<FailureKind, number>;
  return {
    plan,
    rendition: report.rendition ?? 'unknown',
    firstReport: previous === null,
    startupSeconds: previous?.startup_ms == null && report.startup_ms != null ? report.startup_ms / 1000 : null,
    watchedSeconds: (report.watched_ms - (previous?.watched_ms ?? 0)) / 1000,
    stalls: report.stalls - (previous?.stalls ?? 0),
    stalledSeconds: (report.stalled_ms - (previous?.stalled_ms ?? 0)) / 1000,
    switches: report.switches - (previous?.switches ?? 0),
    failures,
  };
}

export type QualityOutcome = { kind: 'refused'; code: MessageCode } | { kind: 'recorded'; increase: QualityIncrease };

/**
 * Stores the report as the session's last totals, or refuses it and changes nothing. The row is
 * locked while the report is compared with it, so two instances answering the same report at
 * once count it once.
 */
export async function recordQuality(db: Database, session: PlaybackSessionRow, report: QualityTotals, renditions: readonly string[], now: Date): Promise<QualityOutcome> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(playbackSessions).where(eq(playbackSessions.id, session.id)).for('update');
    const current = locked ?? session;
    const previous = current.quality ?? null;
    const code = qualityRefusal(previous, report, { ageMs: now.getTime() - current.startedAt.getTime(), renditions });
    if (code) return { kind: 'refused', code };
    await tx
      .update(playbackSessions)
      .set({ quality: report })
      .where(eq(playbackSessions.id, session.id));
    return { kind: 'recorded', increase: qualityIncrease(current.planId, previous, report) };
  });
}
