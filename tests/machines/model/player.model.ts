// Model of /watch/:id (machines/player.machine.ts): the player runs its session and video
// children (fakes here) and passes each event to the child that takes it: the user's controls
// to the video, Retry and "Stop watching there" to the session, the session's reports to the
// video and the video's failure to the session; the session giving up ends the player.
import { expect } from 'vitest';
import { playerMachine } from '@machines/player.machine';
import type { MachineModel, World } from './machine-model';
import { cancelled } from './outcomes';

const CLASS_ID = 'sunrise-vinyasa-flow';

const sessionEvents = new Set(['retry', 'device.stop', 'video.failed']);

/** The event that led here reached exactly one child: the one that takes it, unchanged. */
const passedOn = ({ event, received }: World) => {
  const child = sessionEvents.has(event.type) ? 'session' : 'video';
  expect(received.at(-1)).toEqual({ id: child, src: child, event });
};

export const model: MachineModel = {
  machine: playerMachine,
  input: { classId: CLASS_ID },
  events: {
    'device.stop': [{ type: 'device.stop', sessionId: 'other-1' }],
    'session.started': [{ type: 'session.started', sessionId: 'session-1', url: '/master.m3u8?token=t1', token: 't1', durationSeconds: 600, resumeSeconds: 0 }],
    'session.renewed': [{ type: 'session.renewed', token: 't2' }],
    'seek.to': [{ type: 'seek.to', seconds: 120 }],
    'seek.by': [{ type: 'seek.by', seconds: -5 }],
    'volume.set': [{ type: 'volume.set', volume: 0.5 }],
    'captions.toggle': [{ type: 'captions.toggle', language: 'es' }],
    'captions.language': [{ type: 'captions.language', language: 'en' }],
    'quality.select': [{ type: 'quality.select', quality: 720 }],
    'dataSaver.changed': [{ type: 'dataSaver.changed', limiting: true }],
  },
  outputs: { session: [cancelled] },
  states: {
    running: ({ snapshot, started }) => {
      expect(started.map(({ id, input }) => ({ id, input }))).toEqual([
        { id: 'session', input: { classId: CLASS_ID } },
        { id: 'video', input: { classId: CLASS_ID } },
      ]);
      expect(snapshot.status).toBe('active');
    },
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: Object.fromEntries(
    [
      'retry', 'device.stop', 'video.failed', 'session.started', 'session.renewed', 'session.left', 'play', 'resume', 'startOver', 'pause',
      'replay', 'seek.to', 'seek.by', 'volume.set', 'mute.toggle', 'captions.toggle', 'captions.language', 'quality.select',
      'dataSaver.changed',
    ].map((type) => [type, passedOn]),
  ),
};
