// The player's playback session (docs/decisions/014), a child of machines/player.machine.ts:
// starts it (the server may refuse it, or answer that every screen is in use, listing the
// devices, one of which can be stopped to watch here), keeps it live with a heartbeat every
// `heartbeat_seconds` that renews the signed URLs and learns when another device stopped it, and
// tells the player when watching starts, is renewed and ends (`session.*` to its parent).
import { assign, sendParent, setup } from 'xstate';
import type { ClassWorkout, EndReason, HeartbeatAnswer, PlaybackSession, PlaybackStart, RefusalReason, WatchingDevice } from '@domain/playback';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface PlayerSessionInput {
  classId: string;
}

export type StartPlaybackOutput = Outcome<PlaybackStart>;
export type HeartbeatOutput = Outcome<HeartbeatAnswer>;
export type StopPlaybackOutput = Outcome<object>;

/** What goes wrong that the player says in its own words. */
export type PlayerFailure = 'unavailable' | 'preparing' | 'notFound' | 'media' | 'stopFailed';

/** What the session tells the player (its parent): watching started, the grant renewed, watching over. */
export type SessionReport =
  | { type: 'session.started'; sessionId: string; url: string; token: string; durationSeconds: number; resumeSeconds: number; workout: ClassWorkout }
  | { type: 'session.renewed'; token: string }
  | { type: 'session.left' };

export type PlayerSessionEvent =
  | { type: 'device.stop'; sessionId: string }
  | { type: 'retry' }
  /** The video could not play: the session fails with the media's own message. */
  | { type: 'video.failed' };

export interface PlayerSessionContext {
  classId: string;
  session: PlaybackSession | null;
  durationSeconds: number;
  /** Where the account left this class (0: nothing to offer). */
  resumeSeconds: number;
  /** The class's parts and what the lock screen shows of it. */
  workout: ClassWorkout;
  refusal: RefusalReason | null;
  endReason: EndReason | null;
  screens: number;
  watching: WatchingDevice[];
  failure: PlayerFailure | null;
  /** With the `preparing` failure: when the server expects the class's media to be ready. */
  readyInSeconds: number | null;
}

const noWorkout: ClassWorkout = { title: { en: '', es: '' }, instructor: '', posterUrl: '', chapterTracks: [] };

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

export const playerSessionMachine = setup({
  types: {
    context: {} as PlayerSessionContext,
    events: {} as PlayerSessionEvent,
    input: {} as PlayerSessionInput,
  },
  actors: {
    startPlayback: fromOutcome<PlaybackStart, { classId: string }>(),
    playbackHeartbeat: fromOutcome<HeartbeatAnswer, { sessionId: string }>(),
    stopPlayback: fromOutcome<object, { sessionId: string }>(),
  },
  actions: {
    takeStart: assign(({ event }) => {
      const start = startOf(event);
      if (start?.kind !== 'started') return {};
      return { session: start.session, durationSeconds: start.durationSeconds, resumeSeconds: start.resumeSeconds, workout: start.workout, failure: null, endReason: null };
    }),
    tellStarted: sendParent(({ context }): SessionReport => ({
      type: 'session.started',
      sessionId: context.session?.id ?? '',
      url: context.session?.master_playlist_url ?? '',
      token: context.session?.token ?? '',
      durationSeconds: context.durationSeconds,
      resumeSeconds: context.resumeSeconds,
      workout: context.workout,
    })),
    tellLeft: sendParent({ type: 'session.left' } satisfies SessionReport),
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
    tellRenewed: sendParent(({ context }): SessionReport => ({ type: 'session.renewed', token: context.session?.token ?? '' })),
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
  },
  guards: {
    started: ({ event }) => startOf(event)?.kind === 'started',
    refused: ({ event }) => startOf(event)?.kind === 'refused',
    screenLimit: ({ event }) => startOf(event)?.kind === 'screenLimit',
    live: ({ event }) => heartbeatOf(event)?.kind === 'live',
    ended: ({ event }) => heartbeatOf(event)?.kind === 'ended',
    heartbeatRefused: ({ event }) => heartbeatOf(event)?.kind === 'refused',
    ...outcomeGuards,
  },
  delays: {
    heartbeatInterval: ({ context }) => (context.session?.heartbeat_seconds ?? 30) * 1000,
  },
}).createMachine({
  id: 'playerSession',
  context: ({ input }) => ({
    classId: input.classId,
    session: null,
    durationSeconds: 0,
    resumeSeconds: 0,
    workout: noWorkout,
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
    /** The video plays (the player's video child); the heartbeat keeps the session live. */
    watching: {
      initial: 'waiting',
      entry: 'tellStarted',
      exit: 'tellLeft',
      on: { 'video.failed': { target: 'failed', actions: 'showMediaFailure' } },
      states: {
        waiting: { after: { heartbeatInterval: { target: 'beating' } } },
        beating: {
          invoke: {
            src: 'playbackHeartbeat',
            input: ({ context }) => ({ sessionId: context.session?.id ?? '' }),
            onDone: [
              { guard: 'live', target: 'waiting', actions: ['takeHeartbeat', 'tellRenewed'] },
              { guard: 'ended', target: '#playerSession.stopped', actions: 'takeEnding' },
              { guard: 'heartbeatRefused', target: '#playerSession.notAllowed', actions: 'takeRefusal' },
              // Anything else (no answer, a 5xx): the next heartbeat tries again; the server waits 90 s.
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
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

export type PlayerSessionMachine = typeof playerSessionMachine;
