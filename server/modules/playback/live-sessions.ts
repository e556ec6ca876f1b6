// The live playback sessions by plan, for the metrics (docs/decisions/054): read at scrape time
// from the sessions table (live: not ended, a heartbeat within SILENCE_LIMIT_SECONDS), so every
// instance reports the same whole-service number; one series per plan, at 0 when nobody watches.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Queryable } from '@server/db/client';
import { playbackSessions, plans } from '@server/db/schema';
import { SILENCE_LIMIT_SECONDS } from './sessions';

/** Each plan's live sessions now (every plan, 0 included). */
export async function liveSessionsByPlan(db: Queryable): Promise<{ plan: string; live: number }[]> {
  return db
    .select({ plan: plans.id, live: sql<number>`count(${playbackSessions.id})::int` })
    .from(plans)
    .leftJoin(
      playbackSessions,
      and(
        eq(playbackSessions.planId, plans.id),
        isNull(playbackSessions.endedAt),
        // This instance's clock, as the heartbeats are written with the instances' clocks.
        gt(playbackSessions.lastHeartbeatAt, new Date(Date.now() - SILENCE_LIMIT_SECONDS * 1000)),
      ),
    )
    .groupBy(plans.id);
}

/** `fitstream_playback_live_sessions{plan}` on `registry`; no series when the database does not answer. */
export function liveSessionsGauge(registry: Registry, db: Queryable, onError: (error: unknown) => void): void {
  new Gauge({
    name: 'fitstream_playback_live_sessions',
    help: 'Playback sessions live now across the service (heartbeat within 90 s), by plan',
    labelNames: ['plan'] as const,
    registers: [registry],
    async collect() {
      try {
        const counts = await liveSessionsByPlan(db);
        this.reset();
        for (const { plan, live } of counts) this.set({ plan }, live);
      } catch (error) {
        onError(error);
        this.reset();
      }
    },
  });
}
