// The contract of the actors the app provides to the player's video (machines/player-video.machine.ts):
// what the media actor (hls.js or native HLS) is told and reports, and what the keeper hears.
import type { Quality, RenditionEvent } from './player-rendition.machine';
import type { Outcome } from '@domain/request-outcome';

export type SaveProgressOutput = Outcome<{ completed: boolean }>;

/** What the media actor is told to do (`sendTo('media', …)`). */
export type MediaCommand =
  | { type: 'play'; at?: number }
  | { type: 'pause' }
  | { type: 'seek'; seconds: number }
  | { type: 'volume'; volume: number; muted: boolean }
  | { type: 'quality'; quality: Quality }
  | { type: 'captions'; language: string | null }
  | { type: 'dataSaver'; limiting: boolean }
  | { type: 'token'; token: string };

/** What the media actor starts with. */
export interface MediaInput {
  /** The playback session it plays (its quality is observed per session). */
  sessionId: string;
  url: string;
  token: string;
  /**
   * Where to load and buffer before Play is offered: the resume point when there is one (the
   * choice offered first), so that "Resume from" only plays; "Start over" seeks back to 0.
   */
  startSeconds: number;
  /** Start playing as soon as it can (no resume point to offer). */
  autoplay: boolean;
  volume: number;
  muted: boolean;
  /** Data saver limits the renditions (domain/data-saver.ts). */
  dataSaver: boolean;
  /** The caption language to show once the tracks are known, or null for none. */
  captions: string | null;
}

/**
 * What the preferences actor hears: the captions the user just chose (on in a language, or
 * off), to keep on this device and on the account.
 */
export type PreferencesCommand = { type: 'captions'; language: string | null };

/** What the preferences actor reports: the captions remembered (at once from this device, then the account's). */
export type PreferencesEvent = { type: 'captions.restore'; language: string | null };

/** What the media actor reports. */
export type MediaEvent =
  /** The first segment at the start position is buffered (the video can play): a press only plays. */
  | { type: 'media.buffered' }
  | { type: 'media.playing' }
  | { type: 'media.paused' }
  | { type: 'media.waiting' }
  | { type: 'media.ended' }
  | { type: 'media.time'; seconds: number }
  | Extract<RenditionEvent, { type: 'media.levels' | 'media.level' }>
  | { type: 'media.error' };

export interface KeeperInput {
  sessionId: string;
  classId: string;
}

/** What the keeper hears: where the video is, so leaving saves the latest position. */
export type KeeperCommand = { type: 'position'; seconds: number };
