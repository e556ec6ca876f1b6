// How playback goes, counted as a video analytics service does (docs/decisions/057): start-up
// time from the ask (Play pressed, or a class opened that plays at once) to the first frame;
// stalls after it (not a seek's wait) and their time; watched time; rendition switches; errors
// that stopped playback. One observer per playback session, fed by the video element's events
// and the media actor (hls.js's levels and errors); the heartbeat and the session's end read its
// totals since the session started (cumulative, so a report sent twice counts once).
import type { PlaybackQualityReport } from '@domain/playback';

export type QualityReport = PlaybackQualityReport;
export type FailureKind = keyof NonNullable<QualityReport['failures']>;
type Rendition = NonNullable<QualityReport['rendition']>;

/** The ladder's names (openapi.yaml's PlaybackQuality.rendition): another height is reported as none. */
const RENDITIONS: readonly Rendition[] = ['360p', '720p', '1080p', '2160p'];

export interface QualityObserver {
  /** Playback was asked for: start-up counts from the first ask, until the first frame. */
  asked(at?: number): void;
  /** The browser refused to play without a gesture: start-up counts from the next ask instead. */
  blocked(): void;
  /** Listens to the video element (playing, waiting, seeking, pause, ended); returns the way to stop. */
  watch(video: EventTarget): () => void;
  /** The rendition playing now, by its height. */
  rendition(height: number): void;
  /** An error stopped playback. */
  failed(kind: FailureKind): void;
  /** The totals since the session started, up to now. */
  totals(): QualityReport;
}

export function createQualityObserver(now: () => number = () => performance.now()): QualityObserver {
  let askedAt: number | null = null;
  let startupMs: number | null = null;
  let playingSince: number | null = null;
  let watchedMs = 0;
  let stallSince: number | null = null;
  let stalledMs = 0;
  let stalls = 0;
  /** From a seek until playing again: waiting then is the seek's, not a stall. */
  let seeking = false;
  let height: number | null = null;
  let switches = 0;
  const failures: Record<FailureKind, number> = { network: 0, media: 0, unsupported: 0, other: 0 };

  const stopWatching = () => {
    if (playingSince !== null) watchedMs += now() - playingSince;
    playingSince = null;
  };
  const endStall = () => {
    if (stallSince !== null) stalledMs += now() - stallSince;
    stallSince = null;
  };
  const handlers: Record<string, () => void> = {
    playing: () => {
      if (startupMs === null && askedAt !== null) startupMs = now() - askedAt;
      endStall();
      seeking = false;
      playingSince ??= now();
    },
    waiting: () => {
      stopWatching();
      // Before the first frame, waiting is start-up; during a seek, the seek's.
      if (startupMs === null || seeking || stallSince !== null) return;
      stalls += 1;
      stallSince = now();
    },
    seeking: () => {
      seeking = true;
      stopWatching();
      endStall();
    },
    pause: () => {
      stopWatching();
      endStall();
    },
    ended: () => {
      stopWatching();
      endStall();
    },
  };

  return {
    asked(at = now()) {
      if (startupMs === null && askedAt === null) askedAt = at;
    },
    blocked() {
      if (startupMs === null) askedAt = null;
    },
    watch(video) {
      for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
      return () => {
        for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
      };
    },
    rendition(next) {
      if (height !== null && next !== height) switches += 1;
      height = next;
    },
    failed(kind) {
      failures[kind] += 1;
      stopWatching();
      endStall();
    },
    totals() {
      const at = now();
      const name = height === null ? null : `${height}p`;
      return {
        startup_ms: startupMs === null ? null : Math.round(startupMs),
        watched_ms: Math.round(watchedMs + (playingSince === null ? 0 : at - playingSince)),
        stalls,
        stalled_ms: Math.round(stalledMs + (stallSince === null ? 0 : at - stallSince)),
        switches,
        rendition: RENDITIONS.find((known) => known === name) ?? null,
        failures: { ...failures },
      };
    },
  };
}

/** The observers of this page's sessions, by session id. */
const observers = new Map<string, QualityObserver>();
let openedAt: number | null = null;

/** The player opened a class and asks for its session: a class that plays at once counts its start-up from here. */
export function playerOpened(at = performance.now()): void {
  openedAt = at;
}

/** When the player last opened a class (for a class that plays at once). */
export function whenOpened(): number | null {
  return openedAt;
}

/** The session's observer, made on first use. */
export function qualityOf(sessionId: string): QualityObserver {
  let observer = observers.get(sessionId);
  if (!observer) {
    observer = createQualityObserver();
    observers.set(sessionId, observer);
  }
  return observer;
}

/** The session's totals for a report, or undefined when nothing on this page played it. */
export function qualityReport(sessionId: string): QualityReport | undefined {
  return observers.get(sessionId)?.totals();
}

/** The session is over here: its last report was taken. */
export function forgetQuality(sessionId: string): void {
  observers.delete(sessionId);
}
