// A Bluetooth heart-rate monitor (issue 43, decisions 072 and 073): the player's `heartRate` child
// (machines/player.machine.ts), and on its own in /account's Heart rate section to pair a monitor
// before a class: paired, its live reading and zone, and a class's readings summed up at its end. The `setup` actor says whether this browser has Web
// Bluetooth and whether the profile records its heart rate (and its maximum); the `strap` actor
// (src/features/heart-rate) talks to the device: it pairs through the browser's chooser, finds
// the device chosen before when a class starts, reports readings and a lost connection, and
// reconnects by itself. Nothing is recorded before the profile turns recording on: "Turn on and
// connect" is that consent (the `turnOn` actor keeps it). Readings count only while the class
// plays and stay here: only the summary leaves, with the class's effort.
import { assign, fromCallback, fromPromise, sendParent, sendTo, setup, spawnChild } from 'xstate';
import { summarise, type HeartRateSample, type HeartRateSummary } from '@domain/heart-rate';
import type { VideoReport } from './player-video.machine';

/** What this browser and profile allow: Web Bluetooth here, recording on, the maximum heart rate (null: none told). */
export interface HeartRateSetup {
  available: boolean;
  recording: boolean;
  maxHeartRate: number | null;
}

/** What the strap actor is told. */
export type StrapCommand = { type: 'strap.pair' } | { type: 'strap.find' } | { type: 'strap.disconnect' };

/** What the strap actor reports. */
export type StrapReport =
  | { type: 'strap.connected'; name: string; battery: number | null }
  | { type: 'strap.reading'; bpm: number }
  /** The connection dropped; the strap actor reconnects by itself. */
  | { type: 'strap.lost' }
  /** No device chosen before, or it is not in reach. */
  | { type: 'strap.notFound' }
  /** The chooser was closed without a device. */
  | { type: 'strap.cancelled' }
  | { type: 'strap.failed' };

export type HeartRateUserEvent = { type: 'heartRate.connect' } | { type: 'heartRate.disconnect' };

/** What the video tells the player (forwarded here): where the class is, whether it plays, its end. */
export type HeartRateVideoReport = Extract<VideoReport, { type: 'video.time' | 'video.playing' | 'video.paused' | 'video.ended' }>;

/** Told to the player at the class's end: the readings summed up, or null with none (the effort child takes it). */
export type HeartRateReport = { type: 'heartRate.summary'; summary: HeartRateSummary | null; seconds: number };

export type HeartRateMonitorEvent = HeartRateUserEvent | StrapReport | HeartRateVideoReport;

export interface HeartRateMonitorContext {
  maxHeartRate: number | null;
  /** The device's name and battery (per cent) once connected. */
  device: { name: string; battery: number | null } | null;
  /** The latest reading (bpm), null before the first or while the connection is lost. */
  bpm: number | null;
  /** What a screen reader was last told (bpm): the first reading, then at most once a minute. */
  announced: number | null;
  /** Pairing failed (the chooser found nothing it could connect to). */
  failed: boolean;
  /** Where the class is (seconds) and whether it plays: a reading counts only while it does. */
  position: number;
  playing: boolean;
  /** This class's readings while it played (in memory only: the summary is what leaves, decision 073). */
  samples: HeartRateSample[];
}

const recordReading = (context: HeartRateMonitorContext, bpm: number): HeartRateSample[] =>
  context.playing ? [...context.samples, { at: context.position, bpm }] : context.samples;

export const heartRateMonitorMachine = setup({
  types: {
    context: {} as HeartRateMonitorContext,
    events: {} as HeartRateMonitorEvent,
  },
  actors: {
    setup: fromPromise<HeartRateSetup>(async () => ({ available: false, recording: false, maxHeartRate: null })),
    turnOn: fromPromise<void>(async () => undefined),
    strap: fromCallback<StrapCommand>(() => undefined),
  },
  actions: {
    takeSetup: assign({ maxHeartRate: (_, setup: HeartRateSetup) => setup.maxHeartRate }),
    turnOn: spawnChild('turnOn'),
    pair: sendTo('strap', { type: 'strap.pair' } satisfies StrapCommand),
    find: sendTo('strap', { type: 'strap.find' } satisfies StrapCommand),
    disconnect: sendTo('strap', { type: 'strap.disconnect' } satisfies StrapCommand),
    takeDevice: assign({ device: ({ event }) => (event.type === 'strap.connected' ? { name: event.name, battery: event.battery } : null), failed: false }),
    forgetDevice: assign({ device: null, bpm: null, announced: null }),
    loseReading: assign({ bpm: null, announced: null }),
    takeReading: assign(({ context, event }) =>
      event.type === 'strap.reading' ? { bpm: event.bpm, samples: recordReading(context, event.bpm), announced: context.announced ?? event.bpm } : {},
    ),
    announce: assign({ announced: ({ context }) => context.bpm }),
    showFailed: assign({ failed: true }),
    clearFailed: assign({ failed: false }),
    takeTime: assign({ position: ({ context, event }) => (event.type === 'video.time' || event.type === 'video.ended' ? event.seconds : context.position) }),
    takePlaying: assign({ playing: true }),
    takePaused: assign({ playing: false }),
    tellSummary: sendParent(({ context, event }): HeartRateReport => {
      const end = event.type === 'video.ended' ? event.seconds : context.position;
      return { type: 'heartRate.summary', summary: summarise(context.samples, context.maxHeartRate, end), seconds: end };
    }),
    // The class starts again (Watch again): a new class's readings.
    forgetSamples: assign({ samples: [] as HeartRateSample[] }),
  },
  delays: {
    /** A screen reader hears the heart rate at most once a minute. */
    announceEvery: 60_000,
  },
  guards: {
    unavailable: (_, setup: HeartRateSetup) => !setup.available,
    off: (_, setup: HeartRateSetup) => !setup.recording,
  },
}).createMachine({
  id: 'heartRateMonitor',
  context: { maxHeartRate: null, device: null, bpm: null, announced: null, failed: false, position: 0, playing: false, samples: [] },
  invoke: { id: 'strap', src: 'strap' },
  on: {
    'video.time': { actions: 'takeTime' },
    'video.playing': { actions: 'takePlaying' },
    'video.paused': { actions: 'takePaused' },
    'video.ended': { actions: ['takeTime', 'takePaused', 'tellSummary', 'forgetSamples'] },
  },
  initial: 'loading',
  states: {
    /** Asking whether this browser and profile can record (nothing shown yet). */
    loading: {
      invoke: {
        src: 'setup',
        onDone: [
          { guard: { type: 'unavailable', params: ({ event }) => event.output }, target: 'unavailable' },
          { guard: { type: 'off', params: ({ event }) => event.output }, target: 'off', actions: { type: 'takeSetup', params: ({ event }) => event.output } },
          { target: 'searching', actions: { type: 'takeSetup', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unavailable' },
      },
    },
    /** No Web Bluetooth here (Safari, Firefox): the button says so, and only the rating is asked. */
    unavailable: {},
    /** Recording is off: one sentence says what turning it on records; "Turn on and connect" does both. */
    off: {
      // Pressing it is the consent: recording is on from here (`turnOn` keeps it on the profile).
      on: { 'heartRate.connect': { target: 'pairing', actions: ['turnOn', 'pair'] } },
    },
    /** Looking for the device chosen before, as the class starts (no chooser). */
    searching: {
      entry: 'find',
      on: {
        'strap.connected': { target: 'connected', actions: 'takeDevice' },
        'strap.notFound': { target: 'idle' },
        'strap.failed': { target: 'idle' },
        'heartRate.connect': { target: 'pairing', actions: 'pair' },
      },
    },
    /** Recording on, no device: "Connect heart-rate monitor". */
    idle: {
      on: { 'heartRate.connect': { target: 'pairing', actions: ['clearFailed', 'pair'] } },
    },
    /** The browser's chooser is open, then the device connects. */
    pairing: {
      on: {
        'strap.connected': { target: 'connected', actions: 'takeDevice' },
        'strap.cancelled': { target: 'idle' },
        'strap.failed': { target: 'idle', actions: 'showFailed' },
      },
    },
    /** The live heart rate (and its zone, with a maximum), counted while the class plays. */
    connected: {
      after: { announceEvery: { target: 'connected', reenter: true, actions: 'announce' } },
      on: {
        'strap.reading': { actions: 'takeReading' },
        'strap.lost': { target: 'reconnecting', actions: 'loseReading' },
        'heartRate.disconnect': { target: 'idle', actions: ['disconnect', 'forgetDevice'] },
      },
    },
    /** The connection dropped: "Reconnecting…" while the strap actor tries again; never an error over the class. */
    reconnecting: {
      on: {
        'strap.connected': { target: 'connected', actions: 'takeDevice' },
        'heartRate.disconnect': { target: 'idle', actions: ['disconnect', 'forgetDevice'] },
      },
    },
  },
});

export type HeartRateMonitorMachine = typeof heartRateMonitorMachine;
