// Model of /watch/:id (machines/player.machine.ts): the player runs its session, video, chapters,
// workout and programme children (fakes here) and passes each event to the children that take it: the
// user's controls to the video, parts to the chapters, speed, picture-in-picture and cast to the
// workout, Retry and "Stop watching there" to the session, the session's start and end to the
// video, chapters and workout, the video's failure to the session and workout, its time to the
// chapters, its playing to the workout and a saved completion to the programme child; its time,
// playing and end to heart rate, whose summary goes to effort with the rating; the session giving up ends the player.
import { expect } from 'vitest';
import { playerMachine } from '@machines/player.machine';
import type { MachineModel, World } from './machine-model';
import { cancelled } from './outcomes';
import { workout } from '../support/player-flow';

const CLASS_ID = 'sunrise-vinyasa-flow';

/** Which children take each event (the video takes the rest). */
const takers: Record<string, string[]> = {
  retry: ['session'],
  'device.stop': ['session'],
  'video.failed': ['session', 'workout'],
  'session.started': ['video', 'chapters', 'workout'],
  'session.left': ['video', 'chapters', 'workout'],
  'video.time': ['chapters', 'heartRate'],
  'video.playing': ['workout', 'heartRate'],
  'video.paused': ['workout', 'heartRate'],
  'video.ended': ['heartRate'],
  'heartRate.connect': ['heartRate'],
  'heartRate.disconnect': ['heartRate'],
  'heartRate.summary': ['effort'],
  'effort.rate': ['effort'],
  'effort.skip': ['effort'],
  'effort.retry': ['effort'],
  replay: ['video', 'effort'],
  startOver: ['video', 'effort'],
  'video.completed': ['programme'],
  'part.next': ['chapters'],
  'part.previous': ['chapters'],
  'speed.set': ['workout'],
  'pip.toggle': ['workout'],
  'remote.choose': ['workout'],
};

/** The event that led here reached exactly the children that take it, unchanged, in order. */
const passedOn = ({ event, received, previous }: World) => {
  const children = takers[event.type] ?? ['video'];
  const before = previous ? received.length - children.length : 0;
  expect(received.slice(before)).toEqual(children.map((child) => ({ id: child, src: child, event })));
};

export const model: MachineModel = {
  machine: playerMachine,
  input: { classId: CLASS_ID },
  events: {
    'device.stop': [{ type: 'device.stop', sessionId: 'other-1' }],
    'session.started': [{ type: 'session.started', sessionId: 'session-1', url: '/master.m3u8?token=t1', token: 't1', durationSeconds: 600, resumeSeconds: 0, workout }],
    'session.renewed': [{ type: 'session.renewed', token: 't2' }],
    'seek.to': [{ type: 'seek.to', seconds: 120 }],
    'seek.by': [{ type: 'seek.by', seconds: -5 }],
    'volume.set': [{ type: 'volume.set', volume: 0.5 }],
    'captions.toggle': [{ type: 'captions.toggle', language: 'es' }],
    'captions.language': [{ type: 'captions.language', language: 'en' }],
    'quality.select': [{ type: 'quality.select', quality: 720 }],
    'dataSaver.changed': [{ type: 'dataSaver.changed', limiting: true }],
    'video.time': [{ type: 'video.time', seconds: 42 }],
    'speed.set': [{ type: 'speed.set', speed: 1.25 }],
    'video.ended': [{ type: 'video.ended', seconds: 600 }],
    'heartRate.summary': [{ type: 'heartRate.summary', summary: null, seconds: 600 }],
    'effort.rate': [{ type: 'effort.rate', rating: 7 }],
  },
  outputs: { session: [cancelled] },
  states: {
    running: ({ snapshot, started }) => {
      expect(started.map(({ id, input }) => ({ id, input }))).toEqual([
        { id: 'session', input: { classId: CLASS_ID } },
        { id: 'video', input: { classId: CLASS_ID } },
        { id: 'chapters', input: undefined },
        { id: 'workout', input: undefined },
        { id: 'programme', input: undefined },
        { id: 'heartRate', input: undefined },
        { id: 'effort', input: { classId: CLASS_ID } },
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
      'video.time', 'video.playing', 'video.paused', 'video.completed', 'part.next', 'part.previous', 'speed.set', 'pip.toggle', 'remote.choose',
      'video.ended', 'heartRate.connect', 'heartRate.disconnect', 'heartRate.summary', 'effort.rate', 'effort.skip', 'effort.retry',
    ].map((type) => [type, passedOn]),
  ),
};
