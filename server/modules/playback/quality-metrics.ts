// The playback quality metrics on the app's registry (`app.metrics`): what the players' reports
// add (./quality.ts), by plan and rendition. Rebuffering ratio and failure rate are PromQL over
// them (docs/media.md): stalled / watched seconds, failures / sessions.
import { Counter, Histogram, type Registry } from 'prom-client';
import { FAILURE_KINDS, type QualityIncrease } from './quality';

/** Start-up times worth telling apart: under a second is good, past 5 s viewers leave. */
const STARTUP_BUCKETS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 8, 13, 20, 30];

export type QualityMetrics = ReturnType<typeof playbackQualityMetrics>;

export function playbackQualityMetrics(registry: Registry) {
  const registers = [registry];
  const byRendition = ['plan', 'rendition'] as const;
  const startup = new Histogram({
    name: 'fitstream_playback_startup_seconds',
    help: 'Time from the press of Play (or opening a class that plays at once) to the first frame.',
    labelNames: byRendition,
    buckets: STARTUP_BUCKETS,
    registers,
  });
  const counter = (name: string, help: string) => new Counter({ name, help, labelNames: byRendition, registers });
  const stalls = counter('fitstream_playback_stalls_total', 'Times playback stopped for data after its first frame (seeks not counted).');
  const stalled = counter('fitstream_playback_stalled_seconds_total', 'Seconds spent in those stalls.');
  const watched = counter('fitstream_playback_watched_seconds_total', 'Seconds the picture was playing.');
  const switches = counter('fitstream_playback_rendition_switches_total', 'Changes of the rendition playing.');
  const sessions = new Counter({ name: 'fitstream_playback_sessions_total', help: 'Playback sessions whose player reported its quality.', labelNames: ['plan'] as const, registers });
  const failures = new Counter({ name: 'fitstream_playback_failures_total', help: 'Errors that stopped playback, by kind.', labelNames: ['plan', 'kind'] as const, registers });

  return {
    /** Adds an accepted report's increase (a report sent again adds nothing, and makes no new series). */
    record(increase: QualityIncrease): void {
      const labels = { plan: increase.plan, rendition: increase.rendition };
      if (increase.firstReport) sessions.inc({ plan: increase.plan });
      if (increase.startupSeconds !== null) startup.observe(labels, increase.startupSeconds);
      const add = (metric: Counter<'plan' | 'rendition'>, amount: number) => amount > 0 && metric.inc(labels, amount);
      add(stalls, increase.stalls);
      add(stalled, increase.stalledSeconds);
      add(watched, increase.watchedSeconds);
      add(switches, increase.switches);
      for (const kind of FAILURE_KINDS) if (increase.failures[kind] > 0) failures.inc({ plan: increase.plan, kind }, increase.failures[kind]);
    },
  };
}
