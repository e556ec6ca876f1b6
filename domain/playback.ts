// What the player machine knows of a playback session (docs/decisions/014): the answers of the
// playback API as the machine reads them, refusals and endings by their reason.
import type { Schemas } from './contract';

export type PlaybackSession = Pick<Schemas['PlaybackSession'], 'id' | 'master_playlist_url' | 'token' | 'heartbeat_seconds' | 'max_video_height'>;
export type WatchingDevice = Schemas['ScreenLimitError']['watching'][number];
/** Why this account may not watch here (403); `other_account` never reaches the player's start. */
export type RefusalReason = NonNullable<Schemas['PlaybackRefusedError']['reason']>;
/** Why a live session ended (410). */
export type EndReason = Schemas['PlaybackEndedError']['reason'];
/** How playback went, totals since the session started (the heartbeat's and the end's report). */
export type PlaybackQualityReport = Schemas['PlaybackQuality'];

/** What the workout-mode player shows of the class: its parts' tracks and the lock screen's title, instructor and poster (docs/decisions/036). */
export interface ClassWorkout {
  title: Schemas['LocalizedText'];
  instructor: string;
  posterUrl: string;
  /** The WebVTT chapters track per language, signed (empty: the class has no parts). */
  chapterTracks: Schemas['PlaybackStartSuccess']['chapters'];
}

/** The answer to "start watching": a session, a refusal, or the devices using every screen. */
export type PlaybackStart =
  | {
      kind: 'started';
      session: PlaybackSession;
      durationSeconds: number;
      resumeSeconds: number;
      workout: ClassWorkout;
      /** The first playlists inline and the first segments to fetch at once (docs/decisions/044); the player works without. */
      firstFrame?: { playlists: { url: string; body: string }[]; preload: string[] };
    }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'screenLimit'; screens: number; watching: WatchingDevice[] }
  /** The class's media is still being made (a fresh server's first minutes): ready in about this long. */
  | { kind: 'preparing'; readyInSeconds: number };

/** The answer to a heartbeat: still live (with fresh signed URLs), ended, or no longer allowed. */
export type HeartbeatAnswer =
  | { kind: 'live'; session: PlaybackSession }
  | { kind: 'ended'; reason: EndReason }
  | { kind: 'refused'; reason: RefusalReason };

export const sessionOf = (session: Schemas['PlaybackSession']): PlaybackSession => ({
  id: session.id,
  master_playlist_url: session.master_playlist_url,
  token: session.token,
  heartbeat_seconds: session.heartbeat_seconds,
  max_video_height: session.max_video_height,
});

export const workoutOf = (answer: Pick<Schemas['PlaybackStartSuccess'], 'chapters' | 'class'>): ClassWorkout => ({
  title: answer.class.title,
  instructor: answer.class.instructor,
  posterUrl: answer.class.poster_url,
  chapterTracks: answer.chapters,
});

/** Refusals that mean "choose a plan" (the others say why and link elsewhere). */
export const needsPlan = (reason: RefusalReason | null): boolean => reason === 'no_subscription' || reason === 'subscription_ended';

/** Refusals the account's owner settles in Billing: a failed payment, a pause under way (decision 065). */
export const settledInBilling = (reason: RefusalReason | null): boolean => reason === 'payment_required' || reason === 'subscription_paused';
