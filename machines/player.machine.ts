// /watch/:id: plays one class through a playback session (docs/decisions/014). Opening the page
// starts a session; the server may refuse it (no plan, a card to update, a computer on the
// Mobile plan) or answer that every screen is in use, listing the devices, one of which can be
// stopped to watch here. While watching, the `media` actor (hls.js or native HLS, provided by
// the router) plays the signed master playlist and reports what the video does; a heartbeat
// every `heartbeat_seconds` keeps the session live and renews the signed URLs, and learns when
// another device stopped it. Progress is saved every 10 s while playing, on pause and at the
// end; the `keeper` actor saves it and stops the session when the page goes away.
import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import type { EndReason, HeartbeatAnswer, PlaybackSession, PlaybackStart, RefusalReason, WatchingDevice } from '@domain/playback';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, outcomeGuards, outcomeOf } from './request-states';

export interface PlayerInput {
  classId: string;
}

export type StartPlaybackOutput = Outcome<PlaybackStart>;
export type HeartbeatOutput = Outcome<HeartbeatAnswer>;
export type StopPlaybackOutput = Outcome<object>;
export type SaveProgressOutput = Outcome<{ completed: boolean }>;

/** A chosen quality: a rendition's height, or the player's own choice. */
export type Quality = number | 'auto';

/** What goes wrong that the player says in its own words. */
export type PlayerFailure = 'unavailable' | 'preparing' | 'notFound' | 'media' | 'stopFailed';

/** What the media actor is told to do (`sendTo('media', …)`). */
export type MediaCommand =
  | { type: 'play'; at?: number }
  | { type: 'pause' }
  | { type: 'seek'; seconds: number }
  | { type: 'volume'; volume: number; muted: boolean }
  | { type: 'quality'; quality: Quality }
  | { type: 'captions'; language: string | null }
  | { type: 'token'; token: string };

/** What the media actor starts with. */
export interface MediaInput {
  url: string;
  token: string;
  /** Where to start (the resume point is offered, not taken: 0 until the user chooses). */
  startSeconds: number;
  /** Start playing as soon as it can (no resume point to offer). */
  autoplay: boolean;
  volume: number;
  muted: boolean;
}

/** What the media actor reports. */
export type MediaEvent =
  | { type: 'media.playing' }
  | { type: 'media.paused' }
  | { type: 'media.waiting' }
  | { type: 'media.ended' }
  | { type: 'media.time'; seconds: number }
  | { type: 'media.levels'; heights: number[] }
  | { type: 'media.level'; height: number }
  | { type: 'media.error' };

export interface KeeperInput {
  sessionId: string;
  classId: string;
}

/** What the keeper hears: where the video is, so leaving saves the latest position. */
export type KeeperCommand = { type: 'position'; seconds: number };

export type PlayerEvent =
  | MediaEvent
  | { type: 'play' }
  | { type: 'resume' }
  | { type: 'startOver' }
  | { type: 'pause' }
  | { type: 'replay' }
  | { type: 'seek.to'; seconds: number }
  | { type: 'seek.by'; seconds: number }
  | { type: 'volume.set'; volume: number }
  | { type: 'mute.toggle' }
  | { type: 'captions.toggle'; language: string }
  | { type: 'captions.language'; language: string }
  | { type: 'quality.select'; quality: Quality }
  | { type: 'device.stop'; sessionId: string }
  | { type: 'retry' };

export interface PlayerContext {
  classId: string;
  session: PlaybackSession | null;
  durationSeconds: number;
  /** Where the account left this class (0: nothing to offer). */
  resumeSeconds: number;
  position: number;
  /** Heights of the renditions the master playlist holds (the plan's cap), lowest first. */
  levels: number[];
  quality: Quality;
  /** The height playing now, once known. */
  currentHeight: number | null;
  volume: number;
  muted: boolean;
  /** The caption language showing, or null when captions are off. */
  captions: string | null;
  refusal: RefusalReason | null;
  endReason: EndReason | null;
  screens: number;
  watching: WatchingDevice[];
  failure: PlayerFailure | null;
  /** With the `preparing` failure: when the server expects the class's media to be ready. */
  readyInSeconds: number | null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const failureOf = (outcome: Outcome<unknown>): PlayerFailure => {
  if (outcome.kind !== 'failed') return 'unavailable';
  if (outcome.status === 404) return 'notFound';
  if (outcome.status === 503) return 'preparing';
  return 'unavailable';
};

const startOf = (event: unknown): PlaybackStart | null => {
  const outcome = outcomeOf({ event: event as { output: StartPlaybackOutput } });
  return outcome.kind === 'ok' ? outcome.data : null;
};
const heartbeatOf = (event: unknown): HeartbeatAnswer | null => {
  const outcome = outcomeOf({ event: event as { output: HeartbeatOutput } });
  return outcome.kind === 'ok' ? outcome.data : null;
};

/** A promise actor that answers "no response" until the router provides the real call. */
function fromOutcome<TData, TInput>() {
  return fromPromise<Outcome<TData>, TInput>(async () => ({ kind: 'unreachable' }));
}

/** A callback actor that does nothing until the router provides the real one. */
function fromCallbackStub<TCommand extends { type: string }, TInput>() {
  return fromCallback<TCommand, TInput>(() => () => {});
}

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
  },
  actors: {
    startPlayback: fromOutcome<PlaybackStart, { classId: string }>(),
    playbackHeartbeat: fromOutcome<HeartbeatAnswer, { sessionId: string }>(),
    stopPlayback: fromOutcome<object, { sessionId: string }>(),
    saveProgress: fromOutcome<{ completed: boolean }, { classId: string; seconds: number }>(),
    /** Plays the master playlist on the page's video element and reports what it does (src/app/media-actor.ts). */
    media: fromCallbackStub<MediaCommand, MediaInput>(),
    /** Saves the position and stops the session when the page goes away (src/app/media-actor.ts). */
    keeper: fromCallbackStub<KeeperCommand, KeeperInput>(),
  },
  actions: {
    takeStart: assign(({ event }) => {
      const start = startOf(event);
      if (start?.kind !== 'started') return {};
      return { session: start.session, durationSeconds: start.durationSeconds, resumeSeconds: start.resumeSeconds, position: 0, failure: null, endReason: null };
    }),
    takeRefusal: assign(({ event }) => {
      // A start and a heartbeat refuse alike ({ kind: 'refused', reason }), read from the same output.
      const answer = startOf(event);
      return answer?.kind === 'refused' ? { refusal: answer.reason } : {};
    }),
    takeScreens: assign(({ event }) => {
      const start = startOf(event);
      return start?.kind === 'screenLimit' ? { screens: start.screens, watching: start.watching, failure: null } : {};
    }),
    takeHeartbeat: assign(({ context, event }) => {
      const answer = heartbeatOf(event);
      return answer?.kind === 'live' ? { session: answer.session } : { session: context.session };
    }),
    passToken: sendTo('media', ({ context }): MediaCommand => ({ type: 'token', token: context.session?.token ?? '' })),
    takeEnding: assign(({ event }) => {
      const answer = heartbeatOf(event);
      return answer?.kind === 'ended' ? { endReason: answer.reason } : {};
    }),
    showFailure: assign(({ event }) => {
      const start = startOf(event);
      if (start?.kind === 'preparing') return { failure: 'preparing' as PlayerFailure, readyInSeconds: start.readyInSeconds };
      return { failure: failureOf(outcomeOf({ event: event as unknown as { output: Outcome<unknown> } })), readyInSeconds: null };
    }),
    showMediaFailure: assign({ failure: 'media' as PlayerFailure }),
    showStopFailure: assign({ failure: 'stopFailed' as PlayerFailure }),
    clearFailure: assign({ failure: null }),
    play: sendTo('media', { type: 'play' } satisfies MediaCommand),
    resume: sendTo('media', ({ context }): MediaCommand => ({ type: 'play', at: context.resumeSeconds })),
    startOver: sendTo('media', { type: 'play', at: 0 } satisfies MediaCommand),
    pause: sendTo('media', { type: 'pause' } satisfies MediaCommand),
    seek: sendTo('media', ({ context }): MediaCommand => ({ type: 'seek', seconds: context.position })),
    takeSeek: assign({
      position: ({ context, event }) => {
        const target = event.type === 'seek.to' ? event.seconds : event.type === 'seek.by' ? context.position + event.seconds : context.position;
        return clamp(target, 0, context.durationSeconds);
      },
    }),
    takeVolume: assign(({ context, event }) => {
      if (event.type === 'volume.set') return { volume: clamp(event.volume, 0, 1), muted: event.volume <= 0 };
      // Unmuting at volume 0 would stay silent: back to full volume.
      return context.muted && context.volume === 0 ? { muted: false, volume: 1 } : { muted: !context.muted };
    }),
    passVolume: sendTo('media', ({ context }): MediaCommand => ({ type: 'volume', volume: context.volume, muted: context.muted })),
    takeCaptions: assign({
      captions: ({ context, event }) => {
        if (event.type === 'captions.toggle') return context.captions ? null : event.language;
        if (event.type === 'captions.language') return context.captions ? event.language : null;
        return context.captions;
      },
    }),
    passCaptions: sendTo('media', ({ context }): MediaCommand => ({ type: 'captions', language: context.captions })),
    takeQuality: assign({ quality: ({ context, event }) => (event.type === 'quality.select' ? event.quality : context.quality) }),
    passQuality: sendTo('media', ({ context }): MediaCommand => ({ type: 'quality', quality: context.quality })),
    takeTime: assign({ position: ({ context, event }) => (event.type === 'media.time' ? clamp(event.seconds, 0, context.durationSeconds) : context.position) }),
    passPosition: sendTo('keeper', ({ context }): KeeperCommand => ({ type: 'position', seconds: context.position })),
    takeLevels: assign({ levels: ({ context, event }) => (event.type === 'media.levels' ? [...event.heights].sort((a, b) => a - b) : context.levels) }),
    takeLevel: assign({ currentHeight: ({ context, event }) => (event.type === 'media.level' ? event.height : context.currentHeight) }),
    takeEnd: assign({ position: ({ context }) => context.durationSeconds }),
    saveProgress: spawnChild('saveProgress', { input: ({ context }) => ({ classId: context.classId, seconds: context.position }) }),
  },
  guards: {
    started: ({ event }) => startOf(event)?.kind === 'started',
    refused: ({ event }) => startOf(event)?.kind === 'refused',
    screenLimit: ({ event }) => startOf(event)?.kind === 'screenLimit',
    live: ({ event }) => heartbeatOf(event)?.kind === 'live',
    ended: ({ event }) => heartbeatOf(event)?.kind === 'ended',
    heartbeatRefused: ({ event }) => heartbeatOf(event)?.kind === 'refused',
    ...outcomeGuards,
    hasResumePoint: ({ context }) => context.resumeSeconds > 0,
    offeredLevel: ({ context, event }) => event.type === 'quality.select' && (event.quality === 'auto' || context.levels.includes(event.quality)),
  },
  delays: {
    heartbeatInterval: ({ context }) => (context.session?.heartbeat_seconds ?? 30) * 1000,
    progressInterval: 10_000,
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    classId: input.classId,
    session: null,
    durationSeconds: 0,
    resumeSeconds: 0,
    position: 0,
    levels: [],
    quality: 'auto',
    currentHeight: null,
    volume: 1,
    muted: false,
    captions: null,
    refusal: null,
    endReason: null,
    screens: 0,
    watching: [],
    failure: null,
    readyInSeconds: null,
  }),
  initial: 'loading',
  states: {
    /** Starting a playback session (a spinner). */
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'startPlayback',
        input: ({ context }) => ({ classId: context.classId }),
        onDone: [
          { guard: 'started', target: 'watching', actions: 'takeStart' },
          { guard: 'refused', target: 'notAllowed', actions: 'takeRefusal' },
          { guard: 'screenLimit', target: 'screenLimit', actions: 'takeScreens' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: 'showFailure' },
        ],
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    watching: {
      type: 'parallel',
      invoke: [
        {
          id: 'media',
          src: 'media',
          input: ({ context }): MediaInput => ({
            url: context.session?.master_playlist_url ?? '',
            token: context.session?.token ?? '',
            startSeconds: 0,
            autoplay: context.resumeSeconds === 0,
            volume: context.volume,
            muted: context.muted,
          }),
        },
        { id: 'keeper', src: 'keeper', input: ({ context }): KeeperInput => ({ sessionId: context.session?.id ?? '', classId: context.classId }) },
      ],
      on: {
        'seek.to': { actions: ['takeSeek', 'seek'] },
        'seek.by': { actions: ['takeSeek', 'seek'] },
        'volume.set': { actions: ['takeVolume', 'passVolume'] },
        'mute.toggle': { actions: ['takeVolume', 'passVolume'] },
        'captions.toggle': { actions: ['takeCaptions', 'passCaptions'] },
        'captions.language': { actions: ['takeCaptions', 'passCaptions'] },
        'quality.select': { guard: 'offeredLevel', actions: ['takeQuality', 'passQuality'] },
        'media.time': { actions: ['takeTime', 'passPosition'] },
        'media.levels': { actions: 'takeLevels' },
        'media.level': { actions: 'takeLevel' },
        'media.error': { target: 'failed', actions: 'showMediaFailure' },
      },
      states: {
        playback: {
          initial: 'ready',
          states: {
            /** Loaded, not playing yet: Play, or "Resume from 12:34" and "Start over". */
            ready: {
              on: {
                play: { actions: 'play' },
                resume: { guard: 'hasResumePoint', actions: 'resume' },
                startOver: { actions: 'startOver' },
                'media.playing': { target: 'playing' },
              },
            },
            playing: {
              after: { progressInterval: { target: 'playing', reenter: true, actions: 'saveProgress' } },
              on: {
                pause: { actions: 'pause' },
                'media.paused': { target: 'paused', actions: 'saveProgress' },
                'media.waiting': { target: 'buffering' },
                'media.ended': { target: 'ended' },
              },
            },
            paused: {
              on: {
                play: { actions: 'play' },
                'media.playing': { target: 'playing' },
                'media.ended': { target: 'ended' },
              },
            },
            /** Waiting for data (a spinner over the picture). */
            buffering: {
              on: {
                pause: { actions: 'pause' },
                'media.playing': { target: 'playing' },
                'media.paused': { target: 'paused', actions: 'saveProgress' },
                'media.ended': { target: 'ended' },
              },
            },
            /** Watched to the end: the class counts as completed (the server's 90 %). */
            ended: {
              entry: ['takeEnd', 'saveProgress'],
              on: {
                replay: { actions: 'startOver' },
                play: { actions: 'startOver' },
                'media.playing': { target: 'playing' },
              },
            },
          },
        },
        heartbeat: {
          initial: 'waiting',
          states: {
            waiting: { after: { heartbeatInterval: { target: 'beating' } } },
            beating: {
              invoke: {
                src: 'playbackHeartbeat',
                input: ({ context }) => ({ sessionId: context.session?.id ?? '' }),
                onDone: [
                  { guard: 'live', target: 'waiting', actions: ['takeHeartbeat', 'passToken'] },
                  { guard: 'ended', target: '#player.stopped', actions: 'takeEnding' },
                  { guard: 'heartbeatRefused', target: '#player.notAllowed', actions: 'takeRefusal' },
                  // Anything else (no answer, a 5xx): the next heartbeat tries again; the server waits 90 s.
                  { target: 'waiting' },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    /** Every screen of the plan is in use: the devices, each with "Stop watching there". */
    screenLimit: {
      on: { 'device.stop': { target: 'stoppingDevice', actions: 'clearFailure' } },
    },
    stoppingDevice: {
      tags: ['busy'],
      invoke: {
        src: 'stopPlayback',
        input: ({ event }) => ({ sessionId: event.type === 'device.stop' ? event.sessionId : '' }),
        ...afterRequest({
          ok: { target: 'loading' },
          quiet: { target: 'abandoned' },
          failed: { target: 'screenLimit', actions: 'showStopFailure' },
        }),
      },
    },
    /** The account may not watch (no plan, a card to update, a computer on the Mobile plan). */
    notAllowed: {},
    /** The session ended from elsewhere (another device stopped it, too long silent, access lost). */
    stopped: {
      on: { retry: { target: 'loading' } },
    },
    failed: {
      on: { retry: { target: 'loading', actions: 'clearFailure' } },
    },
    /** The request was cancelled or the sign-in was lost (the app is on its way to /login). */
    abandoned: { type: 'final' },
  },
});

export type PlayerMachine = typeof playerMachine;
