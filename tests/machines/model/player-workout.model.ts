// Model of workout mode (machines/player-workout.machine.ts): off until the session starts; then
// the lock screen shows the class (mediaSession, with its title, instructor and poster) and the
// presentation actor runs; playing keeps the screen on (wakeLock runs only in `awake`) and a pause
// or the end lets it sleep; speeds outside 0.75–1.25 are refused; picture-in-picture and cast are
// asked of the browser only where it offers them; the lock screen's buttons become the player's
// own events; the session's end or the video's failure stops it all.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerWorkoutMachine, SPEEDS, type PlayerWorkoutContext } from '@machines/player-workout.machine';
import type { MachineModel } from './machine-model';
import { workout } from '../support/player-flow';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerWorkoutContext;
const lastCommand = (received: { id: string; event: { type: string } }[], id: string) => [...received].reverse().find((r) => r.id === id)?.event;

const asks: Record<string, unknown> = {
  'control.play': { type: 'play' },
  'control.pause': { type: 'pause' },
  'control.seekTo': { type: 'seek.to', seconds: 90 },
  'control.seekBy': { type: 'seek.by', seconds: -10 },
  'control.nextPart': { type: 'part.next' },
  'control.previousPart': { type: 'part.previous' },
};

export const model: MachineModel = {
  machine: playerWorkoutMachine,
  events: {
    'session.started': [{ type: 'session.started', sessionId: 'session-1', url: '/master.m3u8?token=t1', token: 't1', durationSeconds: 600, resumeSeconds: 0, workout }],
    'speed.set': [
      { type: 'speed.set', speed: 1.25 },
      { type: 'speed.set', speed: 2 },
    ],
    'pip.changed': [{ type: 'pip.changed', active: true }],
    'remote.changed': [
      { type: 'remote.changed', state: 'available' },
      { type: 'remote.changed', state: 'connected' },
    ],
    'control.seekTo': [{ type: 'control.seekTo', seconds: 90 }],
    'control.seekBy': [{ type: 'control.seekBy', seconds: -10 }],
  },
  // Speed, picture-in-picture and the cast state change no transition but decide the guards.
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({ value: snapshot.value, pipSupported: c.pipSupported, remote: c.remote !== 'unavailable' });
  },
  states: {
    off: ({ snapshot }) => {
      expect(snapshot.children).toEqual({});
      expect(contextOf(snapshot).workout).toBeNull();
    },
    on: ({ snapshot, lastStarted }) => {
      expect(lastStarted('mediaSession')?.input).toEqual({ workout });
      // The speed chosen before the session started (it outlives a session).
      expect(SPEEDS).toContain((lastStarted('presentation')?.input as { speed: number }).speed);
      expect(snapshot.children.presentation).toBeDefined();
    },
    'on.idle': ({ snapshot }) => expect(snapshot.children.wakeLock).toBeUndefined(),
    'on.awake': ({ snapshot }) => expect(snapshot.children.wakeLock).toBeDefined(),
  },
  after: {
    'video.playing': ({ snapshot, previous, received }) => {
      if (previous!.matches({ on: 'idle' })) {
        expect(snapshot.matches({ on: 'awake' })).toBe(true);
        expect(lastCommand(received, 'mediaSession')).toEqual({ type: 'playback', playing: true });
      }
    },
    'video.paused': ({ snapshot, previous, received }) => {
      if (previous!.matches({ on: 'awake' })) {
        expect(snapshot.matches({ on: 'idle' })).toBe(true);
        expect(snapshot.children.wakeLock).toBeUndefined();
        expect(lastCommand(received, 'mediaSession')).toEqual({ type: 'playback', playing: false });
      }
    },
    'speed.set': ({ snapshot, previous, event, received }) => {
      const offered = previous!.matches('on') && event.speed === 1.25;
      expect(contextOf(snapshot).speed).toBe(offered ? 1.25 : contextOf(previous!).speed);
      if (offered) expect(lastCommand(received, 'presentation')).toEqual({ type: 'speed', speed: 1.25 });
    },
    'pip.toggle': ({ previous, received }) => {
      const asked = previous!.matches('on') && contextOf(previous!).pipSupported;
      const before = received.filter((r) => r.event.type === 'pip').length;
      expect(before > 0 || !asked).toBe(true);
      if (asked) expect(lastCommand(received, 'presentation')).toEqual({ type: 'pip' });
    },
    'remote.choose': ({ previous, received }) => {
      if (previous!.matches('on') && contextOf(previous!).remote !== 'unavailable') expect(lastCommand(received, 'presentation')).toEqual({ type: 'remote' });
      else expect(lastCommand(received, 'presentation')?.type).not.toBe('remote');
    },
    'session.left': ({ snapshot }) => expect(snapshot.matches('off')).toBe(true),
    'video.failed': ({ snapshot }) => expect(snapshot.matches('off')).toBe(true),
    ...Object.fromEntries(
      Object.entries(asks).map(([type, request]) => [
        type,
        ({ previous, toParent }: { previous?: AnyMachineSnapshot; toParent: unknown[] }) => expect(toParent).toEqual(previous!.matches('on') ? [request] : []),
      ]),
    ),
  },
};
