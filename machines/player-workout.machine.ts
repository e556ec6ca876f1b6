// Workout mode (docs/decisions/036), a child of machines/player.machine.ts: while a session is
// live it runs the device's side of a class. The `mediaSession` actor puts the class's title,
// instructor and poster on the lock screen and turns its buttons (play, pause, seek, next and
// previous track) into the player's own events; the `presentation` actor changes the video's
// speed (pitch kept), picture-in-picture and remote playback (cast, AirPlay), and reports what
// the browser offers; while the video plays, the `wakeLock` actor keeps the screen on (taken
// again when the tab comes back), released when it pauses, ends or the session goes.
import { assertEvent, assign, fromCallback, sendParent, sendTo, setup } from 'xstate';
import type { ClassWorkout } from '@domain/playback';
import type { ChaptersUserEvent } from './player-chapters.machine';
import type { SessionReport } from './player-session.machine';
import type { VideoUserEvent } from './player-video.machine';

/** Playback speeds offered: 0.75 to 1.25, the pitch kept. */
export const SPEEDS = [0.75, 0.9, 1, 1.1, 1.25] as const;
export type Speed = (typeof SPEEDS)[number];

/** Remote playback as the browser reports it: no device, a device to pick, connecting, playing there. */
export type RemoteState = 'unavailable' | 'available' | 'connecting' | 'connected';

/** What the mediaSession actor starts with: what the lock screen shows. */
export interface MediaSessionInput {
  workout: ClassWorkout;
}

/** What the mediaSession actor is told: whether the class plays. */
export type MediaSessionCommand = { type: 'playback'; playing: boolean };

/** The lock screen's, headset's or keyboard's media buttons (mediaSession action handlers). */
export type MediaSessionEvent =
  | { type: 'control.play' }
  | { type: 'control.pause' }
  | { type: 'control.seekTo'; seconds: number }
  | { type: 'control.seekBy'; seconds: number }
  | { type: 'control.nextPart' }
  | { type: 'control.previousPart' };

export interface PresentationInput {
  speed: Speed;
}

/** What the presentation actor is told to do to the video. */
export type PresentationCommand = { type: 'speed'; speed: Speed } | { type: 'pip' } | { type: 'remote' };

/** What the presentation actor reports of the browser and the video. */
export type PresentationEvent =
  | { type: 'pip.supported' }
  | { type: 'pip.changed'; active: boolean }
  | { type: 'remote.changed'; state: RemoteState };

/** What the video tells the player of its playing (forwarded here). */
export type VideoPlayReport = { type: 'video.playing' } | { type: 'video.paused' };

/** What the user does in workout mode. */
export type WorkoutUserEvent = { type: 'speed.set'; speed: number } | { type: 'pip.toggle' } | { type: 'remote.choose' };

export type PlayerWorkoutEvent = SessionReport | VideoPlayReport | WorkoutUserEvent | MediaSessionEvent | PresentationEvent | { type: 'video.failed' };

export interface PlayerWorkoutContext {
  speed: Speed;
  pipSupported: boolean;
  pip: boolean;
  remote: RemoteState;
  workout: ClassWorkout | null;
}

/** What this machine asks of the player: the lock screen's buttons as the user's own events. */
export type WorkoutRequest = Extract<VideoUserEvent, { type: 'play' | 'pause' | 'seek.to' | 'seek.by' }> | ChaptersUserEvent;

const isSpeed = (value: number): value is Speed => (SPEEDS as readonly number[]).includes(value);

const requestOf = (event: PlayerWorkoutEvent): WorkoutRequest => {
  switch (event.type) {
    case 'control.pause':
      return { type: 'pause' };
    case 'control.seekTo':
      return { type: 'seek.to', seconds: event.seconds };
    case 'control.seekBy':
      return { type: 'seek.by', seconds: event.seconds };
    case 'control.nextPart':
      return { type: 'part.next' };
    case 'control.previousPart':
      return { type: 'part.previous' };
    default:
      return { type: 'play' };
  }
};

export const playerWorkoutMachine = setup({
  types: {
    context: {} as PlayerWorkoutContext,
    events: {} as PlayerWorkoutEvent,
  },
  actors: {
    /** Media Session metadata and action handlers (src/flows/player/workout-actors.ts). */
    mediaSession: fromCallback<MediaSessionCommand, MediaSessionInput>(() => () => {}),
    /** Speed, picture-in-picture and remote playback on the page's video. */
    presentation: fromCallback<PresentationCommand, PresentationInput>(() => () => {}),
    /** Holds a screen wake lock while it runs, taken again when the tab becomes visible. */
    wakeLock: fromCallback(() => () => {}),
  },
  actions: {
    takeWorkout: assign(({ event }) => {
      assertEvent(event, 'session.started');
      return { workout: event.workout };
    }),
    leave: assign({ workout: null, pip: false, remote: 'unavailable' as RemoteState }),
    takeSpeed: assign({ speed: ({ event, context }) => (event.type === 'speed.set' && isSpeed(event.speed) ? event.speed : context.speed) }),
    passSpeed: sendTo('presentation', ({ context }): PresentationCommand => ({ type: 'speed', speed: context.speed })),
    togglePip: sendTo('presentation', { type: 'pip' } satisfies PresentationCommand),
    chooseRemote: sendTo('presentation', { type: 'remote' } satisfies PresentationCommand),
    takePipSupport: assign({ pipSupported: true }),
    takePip: assign({ pip: ({ event, context }) => (event.type === 'pip.changed' ? event.active : context.pip) }),
    takeRemote: assign({ remote: ({ event, context }) => (event.type === 'remote.changed' ? event.state : context.remote) }),
    ask: sendParent(({ event }) => requestOf(event)),
    tellPlaying: sendTo('mediaSession', { type: 'playback', playing: true } satisfies MediaSessionCommand),
    tellPaused: sendTo('mediaSession', { type: 'playback', playing: false } satisfies MediaSessionCommand),
  },
  guards: {
    offeredSpeed: ({ event }) => event.type === 'speed.set' && isSpeed(event.speed),
    pipSupported: ({ context }) => context.pipSupported,
    remoteOffered: ({ context }) => context.remote !== 'unavailable',
  },
}).createMachine({
  id: 'playerWorkout',
  context: { speed: 1, pipSupported: false, pip: false, remote: 'unavailable', workout: null },
  initial: 'off',
  states: {
    /** No live session: nothing on the lock screen, the screen may sleep. */
    off: {
      on: { 'session.started': { target: 'on', actions: 'takeWorkout' } },
    },
    on: {
      invoke: [
        { id: 'mediaSession', src: 'mediaSession', input: ({ context }): MediaSessionInput => ({ workout: context.workout! }) },
        { id: 'presentation', src: 'presentation', input: ({ context }): PresentationInput => ({ speed: context.speed }) },
      ],
      on: {
        'session.left': { target: 'off', actions: 'leave' },
        'video.failed': { target: 'off', actions: 'leave' },
        'speed.set': { guard: 'offeredSpeed', actions: ['takeSpeed', 'passSpeed'] },
        'pip.toggle': { guard: 'pipSupported', actions: 'togglePip' },
        'remote.choose': { guard: 'remoteOffered', actions: 'chooseRemote' },
        'pip.supported': { actions: 'takePipSupport' },
        'pip.changed': { actions: 'takePip' },
        'remote.changed': { actions: 'takeRemote' },
        'control.play': { actions: 'ask' },
        'control.pause': { actions: 'ask' },
        'control.seekTo': { actions: 'ask' },
        'control.seekBy': { actions: 'ask' },
        'control.nextPart': { actions: 'ask' },
        'control.previousPart': { actions: 'ask' },
      },
      initial: 'idle',
      states: {
        /** Loaded or paused: the screen may sleep. */
        idle: {
          on: { 'video.playing': { target: 'awake', actions: 'tellPlaying' } },
        },
        /** Playing: the screen stays on (wake lock), the lock screen shows it playing. */
        awake: {
          invoke: { id: 'wakeLock', src: 'wakeLock' },
          on: { 'video.paused': { target: 'idle', actions: 'tellPaused' } },
        },
      },
    },
  },
});

export type PlayerWorkoutMachine = typeof playerWorkoutMachine;
