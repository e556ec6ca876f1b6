// The player's video, a child of machines/player.machine.ts: while the session is live
// (`session.started` until `session.left`) the `media` actor (hls.js or native HLS, provided by
// the app) loads the signed master playlist at the resume point and buffers it before Play is
// offered (`priming`, docs/decisions/046), then plays it and reports what the video does; this machine turns
// the user's play, pause, seek, volume, captions and quality into media commands. Progress is
// saved every 10 s while playing, on pause and at the end; the `keeper` actor saves it and stops
// the session when the page goes away. Volume and captions outlive a session; captions outlive
// the class too: the `preferences` actor restores the last choice (and its language) when the
// player opens, and keeps every change, on this device and on the account. Which rendition
// plays (the user's quality, data saver's limit) is the `rendition` child's
// (player-rendition.machine.ts): the video hands it the media's renditions and the user's
// choices, and tells the media what it asks.
import { assertEvent, assign, forwardTo, fromCallback, sendParent, sendTo, setup, spawnChild } from 'xstate';
import { fromOutcome } from './request-states';
import type { SessionReport } from './player-session.machine';
import { playerRenditionMachine, type RenditionEvent, type RenditionRequest } from './player-rendition.machine';
import type { KeeperCommand, KeeperInput, MediaCommand, MediaEvent, MediaInput, PreferencesCommand, PreferencesEvent, SaveProgressOutput } from './player-media';

export { offeredLevels, type Quality } from './player-rendition.machine';

export interface PlayerVideoInput {
  classId: string;
}

/** What the user does to the video. */
export type VideoUserEvent =
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
  | Extract<RenditionEvent, { type: 'quality.select' | 'dataSaver.changed' }>;

/**
 * What the video tells the player (its parent): the media cannot play; and, for the workout
 * mode's children, where it is and whether it plays (a pause or the end both stop it); that it was
 * watched to the end (the class's length, whatever the save answers: the effort is asked then); and
 * that the end's save counted the class completed (the programme child asks whether that finished it).
 */
export type VideoReport = { type: 'video.failed' } | { type: 'video.time'; seconds: number } | { type: 'video.playing' } | { type: 'video.paused' } | { type: 'video.ended'; seconds: number } | { type: 'video.completed' };

/** The end's save answered (it counts the class completed or not). */
type EndSaved = { type: 'xstate.done.actor.endSave'; output: SaveProgressOutput };

export type PlayerVideoEvent = MediaEvent | VideoUserEvent | SessionReport | RenditionRequest | EndSaved | PreferencesEvent;

export interface PlayerVideoContext {
  classId: string;
  sessionId: string;
  url: string;
  token: string;
  durationSeconds: number;
  /** Where the account left this class (0: nothing to offer). */
  resumeSeconds: number;
  position: number;
  volume: number;
  muted: boolean;
  /** The caption language showing, or null when captions are off. */
  captions: string | null;
  /** Data saver limits streaming, as the rendition last said: what a new media starts with. */
  dataSaver: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A callback actor that does nothing until the app provides the real one. */
function fromCallbackStub<TCommand extends { type: string }, TInput>() {
  return fromCallback<TCommand, TInput>(() => () => {});
}

export const playerVideoMachine = setup({
  types: {
    context: {} as PlayerVideoContext,
    events: {} as PlayerVideoEvent,
    input: {} as PlayerVideoInput,
    children: {} as { rendition: 'rendition'; preferences: 'preferences' },
  },
  actors: {
    rendition: playerRenditionMachine,
    saveProgress: fromOutcome<{ completed: boolean }, { classId: string; seconds: number }>(),
    /** Plays the master playlist on the page's video element and reports what it does (src/app/media-actor.ts). */
    media: fromCallbackStub<MediaCommand, MediaInput>(),
    /** Saves the position and stops the session when the page goes away (src/app/media-actor.ts). */
    keeper: fromCallbackStub<KeeperCommand, KeeperInput>(),
    /** Remembers the captions chosen, on this device and on the account (src/flows/player/captions-preference.ts). */
    preferences: fromCallbackStub<PreferencesCommand, void>(),
  },
  actions: {
    takeSession: assign(({ event }) => {
      assertEvent(event, 'session.started');
      return { sessionId: event.sessionId, url: event.url, token: event.token, durationSeconds: event.durationSeconds, resumeSeconds: event.resumeSeconds, position: 0 };
    }),
    passToken: sendTo('media', ({ event }): MediaCommand => {
      assertEvent(event, 'session.renewed');
      return { type: 'token', token: event.token };
    }),
    tellFailed: sendParent({ type: 'video.failed' } satisfies VideoReport),
    tellTime: sendParent(({ context }): VideoReport => ({ type: 'video.time', seconds: context.position })),
    tellPlaying: sendParent({ type: 'video.playing' } satisfies VideoReport),
    tellStopped: sendParent({ type: 'video.paused' } satisfies VideoReport),
    tellEnded: sendParent(({ context }): VideoReport => ({ type: 'video.ended', seconds: context.position })),
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
    restoreCaptions: assign({ captions: ({ context, event }) => (event.type === 'captions.restore' ? event.language : context.captions) }),
    rememberCaptions: sendTo('preferences', ({ context }): PreferencesCommand => ({ type: 'captions', language: context.captions })),
    toRendition: forwardTo('rendition'),
    takeDataSaver: assign({ dataSaver: ({ context, event }) => (event.type === 'rendition.dataSaver' ? event.limiting : context.dataSaver) }),
    passDataSaver: sendTo('media', ({ context }): MediaCommand => ({ type: 'dataSaver', limiting: context.dataSaver })),
    passQuality: sendTo('media', ({ event }): MediaCommand => {
      assertEvent(event, 'rendition.quality');
      return { type: 'quality', quality: event.quality };
    }),
    takeTime: assign({ position: ({ context, event }) => (event.type === 'media.time' ? clamp(event.seconds, 0, context.durationSeconds) : context.position) }),
    passPosition: sendTo('keeper', ({ context }): KeeperCommand => ({ type: 'position', seconds: context.position })),
    takeEnd: assign({ position: ({ context }) => context.durationSeconds }),
    saveProgress: spawnChild('saveProgress', { input: ({ context }) => ({ classId: context.classId, seconds: context.position }) }),
    // The end's save, named so its answer comes back: a completion is told to the player (a programme may be finished).
    saveEnd: spawnChild('saveProgress', { id: 'endSave', input: ({ context }) => ({ classId: context.classId, seconds: context.position }) }),
    tellCompleted: sendParent({ type: 'video.completed' } satisfies VideoReport),
  },
  guards: {
    hasResumePoint: ({ context }) => context.resumeSeconds > 0,
    /** A new interface language moves captions that are on (captions off stay off). */
    captionsFollow: ({ context, event }) => event.type === 'captions.language' && context.captions !== null && context.captions !== event.language,
    savedCompleted: ({ event }) => event.type === 'xstate.done.actor.endSave' && event.output.kind === 'ok' && event.output.data.completed,
  },
  delays: {
    progressInterval: 10_000,
    /** A browser that will not buffer before a gesture (iOS's own HLS) still gets Play. */
    primeLimit: 8_000,
  },
}).createMachine({
  id: 'playerVideo',
  context: ({ input }) => ({
    classId: input.classId,
    sessionId: '',
    url: '',
    token: '',
    durationSeconds: 0,
    resumeSeconds: 0,
    position: 0,
    volume: 1,
    muted: false,
    captions: null,
    dataSaver: false,
  }),
  initial: 'off',
  invoke: [
    { id: 'rendition', src: 'rendition' },
    { id: 'preferences', src: 'preferences' },
  ],
  on: {
    'dataSaver.changed': { actions: 'toRendition' },
    'rendition.dataSaver': { actions: 'takeDataSaver' },
    // Before the media runs, the remembered captions are what it will start with.
    'captions.restore': { actions: 'restoreCaptions' },
  },
  states: {
    /** No live session: no video on the page. */
    off: {
      on: { 'session.started': { target: 'on', actions: 'takeSession' } },
    },
    on: {
      invoke: [
        {
          id: 'media',
          src: 'media',
          input: ({ context }): MediaInput => ({
            sessionId: context.sessionId,
            url: context.url,
            token: context.token,
            startSeconds: context.resumeSeconds,
            autoplay: context.resumeSeconds === 0,
            volume: context.volume,
            muted: context.muted,
            dataSaver: context.dataSaver,
            captions: context.captions,
          }),
        },
        { id: 'keeper', src: 'keeper', input: ({ context }): KeeperInput => ({ sessionId: context.sessionId, classId: context.classId }) },
      ],
      on: {
        'session.renewed': { actions: 'passToken' },
        'session.left': { target: 'off' },
        'seek.to': { actions: ['takeSeek', 'seek', 'tellTime'] },
        'seek.by': { actions: ['takeSeek', 'seek', 'tellTime'] },
        'volume.set': { actions: ['takeVolume', 'passVolume'] },
        'mute.toggle': { actions: ['takeVolume', 'passVolume'] },
        'captions.toggle': { actions: ['takeCaptions', 'passCaptions', 'rememberCaptions'] },
        'captions.language': { guard: 'captionsFollow', actions: ['takeCaptions', 'passCaptions', 'rememberCaptions'] },
        'captions.restore': { actions: ['restoreCaptions', 'passCaptions'] },
        'quality.select': { actions: 'toRendition' },
        'rendition.dataSaver': { actions: ['takeDataSaver', 'passDataSaver'] },
        'rendition.quality': { actions: 'passQuality' },
        'media.time': { actions: ['takeTime', 'passPosition', 'tellTime'] },
        'media.levels': { actions: 'toRendition' },
        'media.level': { actions: 'toRendition' },
        'media.error': { target: 'off', actions: 'tellFailed' },
        // Counted even when the user already pressed Replay.
        'xstate.done.actor.endSave': { guard: 'savedCompleted', actions: 'tellCompleted' },
      },
      initial: 'priming',
      states: {
        /**
         * Loading and buffering at the resume point (a spinner): Play is offered once the first
         * segment is buffered, so a press only plays. Keys and the controls may play already.
         */
        priming: {
          after: { primeLimit: { target: 'ready' } },
          on: {
            'media.buffered': { target: 'ready' },
            play: { actions: 'play' },
            resume: { guard: 'hasResumePoint', actions: 'resume' },
            startOver: { actions: 'startOver' },
            // Autoplay (nothing to resume) where the browser allows it.
            'media.playing': { target: 'playing', actions: 'tellPlaying' },
          },
        },
        /** Loaded and buffered, not playing yet: Play, or "Resume from 12:34" and "Start over". */
        ready: {
          on: {
            play: { actions: 'play' },
            resume: { guard: 'hasResumePoint', actions: 'resume' },
            startOver: { actions: 'startOver' },
            'media.playing': { target: 'playing', actions: 'tellPlaying' },
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
          entry: 'tellStopped',
          on: {
            play: { actions: 'play' },
            'media.playing': { target: 'playing', actions: 'tellPlaying' },
            'media.ended': { target: 'ended' },
          },
        },
        /** Waiting for data (a spinner over the picture). */
        buffering: {
          on: {
            pause: { actions: 'pause' },
            'media.playing': { target: 'playing', actions: 'tellPlaying' },
            'media.paused': { target: 'paused', actions: 'saveProgress' },
            'media.ended': { target: 'ended' },
          },
        },
        /** Watched to the end: the class counts as completed (the server's 90 %). */
        ended: {
          entry: ['takeEnd', 'saveEnd', 'tellStopped', 'tellEnded'],
          on: {
            replay: { actions: 'startOver' },
            play: { actions: 'startOver' },
            'media.playing': { target: 'playing', actions: 'tellPlaying' },
          },
        },
      },
    },
  },
});

export type PlayerVideoMachine = typeof playerVideoMachine;
