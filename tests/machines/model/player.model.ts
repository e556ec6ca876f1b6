// Model of /watch/:id (machines/player.machine.ts): starting a playback session (refused by
// reason, every screen in use, failures), the video's states as the media reports them,
// heartbeats (renewed, ended elsewhere, access lost), stopping another device, and retrying.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerMachine, type PlayerContext, type StartPlaybackOutput } from '@machines/player.machine';
import type { PlaybackSession, WatchingDevice } from '@domain/playback';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';

const CLASS_ID = 'sunrise-vinyasa-flow';
const session: PlaybackSession = {
  id: 'session-1',
  master_playlist_url: '/api/v1/playback/sessions/session-1/master.m3u8?token=t1',
  token: 't1',
  heartbeat_seconds: 30,
  max_video_height: 720,
};
const laptop: WatchingDevice = { session_id: 'other-1', device_name: 'Chrome on macOS', started_at: '2026-11-22T20:00:00.000Z', class_id: CLASS_ID };
const started = (resumeSeconds: number): StartPlaybackOutput => ok({ kind: 'started', session, durationSeconds: 600, resumeSeconds });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerContext;

export const model: MachineModel = {
  machine: playerMachine,
  input: { classId: CLASS_ID },
  events: {
    'media.time': [{ type: 'media.time', seconds: 42 }],
    'media.levels': [{ type: 'media.levels', heights: [720, 360] }],
    'media.level': [{ type: 'media.level', height: 720 }],
    'seek.to': [{ type: 'seek.to', seconds: 120 }],
    'seek.by': [{ type: 'seek.by', seconds: -5 }],
    'volume.set': [{ type: 'volume.set', volume: 0.5 }],
    'captions.toggle': [{ type: 'captions.toggle', language: 'es' }],
    'captions.language': [{ type: 'captions.language', language: 'en' }],
    'quality.select': [
      { type: 'quality.select', quality: 720 },
      { type: 'quality.select', quality: 1080 },
      { type: 'quality.select', quality: 'auto' },
    ],
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
  // The position, volume, captions and the renewed token change no transition: left out, so the graph stays small.
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      resume: c.resumeSeconds > 0,
      levels: c.levels.length > 0,
      refusal: c.refusal,
      endReason: c.endReason,
      failure: c.failure,
      watching: c.watching.length,
    });
  },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('startPlayback')?.input).toEqual({ classId: CLASS_ID });
    },
    watching: ({ snapshot, lastStarted }) => {
      expect(contextOf(snapshot).session?.id).toBe('session-1');
      expect(lastStarted('media')?.input).toMatchObject({ url: session.master_playlist_url, startSeconds: 0, autoplay: contextOf(snapshot).resumeSeconds === 0 });
      expect(lastStarted('keeper')?.input).toEqual({ sessionId: 'session-1', classId: CLASS_ID });
    },
    'watching.playback.ready': ({ snapshot }) => expect(snapshot.children.media).toBeDefined(),
    'watching.playback.playing': ({ pendingTimers }) => expect(pendingTimers()).toContain(10_000),
    'watching.playback.paused': ({ snapshot, lastStarted }) =>
      expect(lastStarted('saveProgress')?.input).toEqual({ classId: CLASS_ID, seconds: contextOf(snapshot).position }),
    'watching.playback.buffering': ({ pendingTimers }) => expect(pendingTimers()).not.toContain(10_000),
    'watching.playback.ended': ({ snapshot, lastStarted }) => {
      expect(contextOf(snapshot).position).toBe(600);
      expect(lastStarted('saveProgress')?.input).toEqual({ classId: CLASS_ID, seconds: 600 });
    },
    'watching.heartbeat.waiting': ({ pendingTimers }) => expect(pendingTimers().some((ms) => ms > 0 && ms <= 30_000)).toBe(true),
    'watching.heartbeat.beating': ({ lastStarted }) => expect(lastStarted('playbackHeartbeat')?.input).toEqual({ sessionId: 'session-1' }),
    screenLimit: ({ snapshot }) => {
      expect(contextOf(snapshot).watching).toEqual([laptop]);
      expect(snapshot.children.media).toBeUndefined();
    },
    stoppingDevice: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('stopPlayback')?.input).toEqual({ sessionId: 'other-1' });
    },
    notAllowed: ({ snapshot }) => {
      expect(contextOf(snapshot).refusal).toEqual(expect.any(String));
      expect(snapshot.children.media).toBeUndefined();
    },
    stopped: ({ snapshot }) => {
      expect(contextOf(snapshot).endReason).toBe('stopped');
      expect(snapshot.children.media).toBeUndefined();
      expect(snapshot.children.keeper).toBeUndefined();
    },
    failed: ({ snapshot }) => expect(contextOf(snapshot).failure).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    'quality.select': ({ snapshot, event, previous }) => {
      const offered = event.quality === 'auto' || contextOf(previous!).levels.includes(event.quality as number);
      expect(contextOf(snapshot).quality).toBe(offered ? event.quality : contextOf(previous!).quality);
    },
    'done: startPlayback': ({ snapshot, event }) => {
      const out = event.output as StartPlaybackOutput;
      if (out.kind === 'failed' && out.status === 503) expect(contextOf(snapshot).failure).toBe('preparing');
      if (out.kind === 'failed' && out.status === 404) expect(contextOf(snapshot).failure).toBe('notFound');
      if (out.kind === 'unreachable') expect(contextOf(snapshot).failure).toBe('unavailable');
    },
    'done: stopPlayback': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') expect(snapshot.matches('loading')).toBe(true);
      if (out.kind === 'unreachable' || out.status === 404) expect(contextOf(snapshot).failure).toBe('stopFailed');
    },
    'captions.toggle': ({ snapshot, previous }) =>
      expect(contextOf(snapshot).captions).toBe(contextOf(previous!).captions ? null : 'es'),
  },
};
