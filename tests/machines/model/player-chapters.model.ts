// Model of the class's parts (machines/player-chapters.machine.ts): off until the session starts;
// a class with chapters tracks reads them (the chapterTracks actor, with the signed tracks) and
// is ready with its parts, one without (or whose track cannot be read) has none; "Next part" and
// "Previous part" ask the player for a seek to that part's start; the session's end forgets them.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerChaptersMachine, type Chapter, type PlayerChaptersContext } from '@machines/player-chapters.machine';
import type { MachineModel } from './machine-model';
import { workout } from '../support/player-flow';

const start = (tracks: typeof workout.chapterTracks) => ({
  type: 'session.started',
  sessionId: 'session-1',
  url: '/master.m3u8?token=t1',
  token: 't1',
  durationSeconds: 600,
  resumeSeconds: 0,
  workout: { ...workout, chapterTracks: tracks },
});

const parts: Chapter[] = [
  { startSeconds: 150, endSeconds: 480, title: { en: 'Main set', es: 'Bloque principal' } },
  { startSeconds: 0, endSeconds: 150, title: { en: 'Warm-up', es: 'Calentamiento' } },
  { startSeconds: 480, endSeconds: 600, title: { en: 'Cool-down', es: 'Vuelta a la calma' } },
];

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerChaptersContext;
const starts = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).chapters.map((chapter) => chapter.startSeconds);

export const model: MachineModel = {
  machine: playerChaptersMachine,
  events: {
    'session.started': [start(workout.chapterTracks), start([])],
    'chapters.loaded': [
      { type: 'chapters.loaded', chapters: parts },
      { type: 'chapters.loaded', chapters: [] },
    ],
    // Where the video is: in the warm-up, 10 s into the main set, at the cool-down's start.
    'video.time': [
      { type: 'video.time', seconds: 20 },
      { type: 'video.time', seconds: 160 },
      { type: 'video.time', seconds: 480 },
    ],
  },
  // Where in the class it is changes what Next and Previous do, not the state: the part index tells them apart.
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    const index = c.chapters.filter((chapter) => chapter.startSeconds <= c.position + 0.25).length;
    return JSON.stringify({ value: snapshot.value, chapters: c.chapters.length, index });
  },
  states: {
    off: ({ snapshot }) => {
      expect(contextOf(snapshot).chapters).toEqual([]);
      expect(snapshot.children).toEqual({});
    },
    loading: ({ lastStarted }) => expect(lastStarted('chapterTracks')?.input).toEqual({ tracks: workout.chapterTracks }),
    none: ({ snapshot }) => {
      expect(contextOf(snapshot).chapters).toEqual([]);
      expect(Object.keys(snapshot.children)).toEqual([]);
    },
    // In order, whatever order the track listed them in.
    ready: ({ snapshot }) => expect(starts(snapshot)).toEqual([0, 150, 480]),
  },
  after: {
    'part.next': ({ snapshot, previous, toParent }) => {
      if (!previous!.matches('ready')) return expect(toParent).toEqual([]);
      const from = contextOf(previous!).position;
      const next = [0, 150, 480].find((seconds) => seconds > from + 0.25);
      expect(toParent).toEqual(next === undefined ? [] : [{ type: 'seek.to', seconds: next }]);
      if (next !== undefined) expect(contextOf(snapshot).position).toBe(next);
    },
    'part.previous': ({ previous, toParent }) => {
      if (!previous!.matches('ready')) return expect(toParent).toEqual([]);
      const from = contextOf(previous!).position;
      // 20 s into the warm-up: its start; 10 s into the main set: its start; at the cool-down's start: the main set's.
      const expected: Record<number, number> = { 0: 0, 20: 0, 150: 0, 160: 150, 480: 150 };
      expect(toParent).toEqual([{ type: 'seek.to', seconds: expected[from] }]);
    },
    'session.left': ({ snapshot }) => expect(snapshot.matches('off')).toBe(true),
  },
};
