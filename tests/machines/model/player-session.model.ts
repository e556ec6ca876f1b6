// Model of the player's playback session (machines/player-session.machine.ts): starting it
// (refused by reason, every screen in use, failures), heartbeats (renewed, ended elsewhere,
// access lost), the video failing, stopping another device, retrying, and what it tells the
// player: watching started (with where to resume), the grant renewed, watching over.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerSessionMachine, type PlayerSessionContext, type StartPlaybackOutput } from '@machines/player-session.machine';
import type { PlaybackSession, WatchingDevice } from '@domain/playback';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';
import { workout } from '../support/player-flow';

const CLASS_ID = 'sunrise-vinyasa-flow';
const session: PlaybackSession = {
  id: 'session-1',
  master_playlist_url: '/api/v1/playback/sessions/session-1/master.m3u8?token=t1',
  token: 't1',
  heartbeat_seconds: 30,
  max_video_height: 720,
};
const laptop: WatchingDevice = { session_id: 'other-1', device_name: 'Chrome on macOS', profile_name: 'Leo', started_at: '2026-11-22T20:00:00.000Z', class_id: CLASS_ID };
const started = (resumeSeconds: number): StartPlaybackOutput => ok({ kind: 'started', session, durationSeconds: 600, resumeSeconds, workout });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerSessionContext;

export const model: MachineModel = {
  machine: playerSessionMachine,
  input: { classId: CLASS_ID },
  events: {
    'device.stop': [{ type: 'device.stop', sessionId: 'other-1' }],
  },
  outputs: {
    startPlayback: [
      started(0),
      started(754),
      ok({ kind: 'refused', reason: 'no_subscription' }),
      ok({ kind: 'refused', reason: 'payment_required' }),
      ok({ kind: 'screenLimit', screens: 1, watching: [laptop] }),
      refused(404),
      refused(503),
      refused(401),
      unreachable,
      cancelled,
    ],
    playbackHeartbeat: [
      ok({ kind: 'live', session: { ...session, token: 't2' } }),
      ok({ kind: 'ended', reason: 'stopped' }),
      ok({ kind: 'refused', reason: 'subscription_ended' }),
      refused(401),
      crashed,
    ],
    stopPlayback: [ok({}), refused(404), refused(401), unreachable, cancelled],
  },
  // The renewed token changes no transition: left out, so the graph stays small.
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({ value: snapshot.value, resume: c.resumeSeconds > 0, refusal: c.refusal, endReason: c.endReason, failure: c.failure, watching: c.watching.length });
  },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('startPlayback')?.input).toEqual({ classId: CLASS_ID });
    },
    watching: ({ snapshot }) => expect(contextOf(snapshot).session?.id).toBe('session-1'),
    'watching.waiting': ({ pendingTimers }) => expect(pendingTimers().some((ms) => ms > 0 && ms <= 30_000)).toBe(true),
    'watching.beating': ({ lastStarted }) => expect(lastStarted('playbackHeartbeat')?.input).toEqual({ sessionId: 'session-1' }),
    screenLimit: ({ snapshot }) => expect(contextOf(snapshot).watching).toEqual([laptop]),
    stoppingDevice: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('stopPlayback')?.input).toEqual({ sessionId: 'other-1' });
    },
    notAllowed: ({ snapshot }) => expect(contextOf(snapshot).refusal).toEqual(expect.any(String)),
    stopped: ({ snapshot }) => expect(contextOf(snapshot).endReason).toBe('stopped'),
    failed: ({ snapshot }) => expect(contextOf(snapshot).failure).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
    // Watching starts and ends with a word to the player; nothing else is said in passing.
    '*': ({ snapshot, previous, toParent }) => {
      const was = previous?.matches('watching') ?? false;
      const is = snapshot.matches('watching');
      const said = toParent.filter((event) => event.type !== 'session.renewed' && !event.type.startsWith('xstate.'));
      if (!was && is) {
        const resumeSeconds = contextOf(snapshot).resumeSeconds;
        expect(said).toEqual([{ type: 'session.started', sessionId: 'session-1', url: session.master_playlist_url, token: 't1', durationSeconds: 600, resumeSeconds, workout }]);
      } else if (was && !is) expect(said).toEqual([{ type: 'session.left' }]);
      else expect(said).toEqual([]);
    },
  },
  after: {
    'done: startPlayback': ({ snapshot, event }) => {
      const out = event.output as StartPlaybackOutput;
      if (out.kind === 'failed' && out.status === 503) expect(contextOf(snapshot).failure).toBe('preparing');
      if (out.kind === 'failed' && out.status === 404) expect(contextOf(snapshot).failure).toBe('notFound');
      if (out.kind === 'unreachable') expect(contextOf(snapshot).failure).toBe('unavailable');
    },
    'done: playbackHeartbeat': ({ event, toParent }) => {
      const out = event.output as { kind: string; data?: { kind: string } };
      const renewed = toParent.filter((e) => e.type === 'session.renewed');
      expect(renewed).toEqual(out.data?.kind === 'live' ? [{ type: 'session.renewed', token: 't2' }] : []);
    },
    'done: stopPlayback': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') expect(snapshot.matches('loading')).toBe(true);
      if (out.kind === 'unreachable' || out.status === 404) expect(contextOf(snapshot).failure).toBe('stopFailed');
    },
    'video.failed': ({ snapshot }) => expect(contextOf(snapshot).failure).toBe('media'),
  },
};
