// The class's parts (docs/decisions/036), a child of machines/player.machine.ts: when the session
// starts with chapters tracks, the `chapterTracks` actor (the browser's own WebVTT parser, through
// <track kind="chapters">, provided by the app) reads them; the player then shows the parts as
// marks on the seek bar, and "Next part" / "Previous part" (buttons, the lock screen's next and
// previous track) become a seek to that part's start, which this machine asks its parent for.
import { assertEvent, assign, fromCallback, sendParent, setup } from 'xstate';
import type { ClassWorkout } from '@domain/playback';
import type { SessionReport } from './player-session.machine';

/** One part of the class: where it starts and ends, and its name per language. */
export interface Chapter {
  startSeconds: number;
  endSeconds: number;
  title: Record<string, string>;
}

/** What the chapterTracks actor reads: the signed WebVTT chapters track per language. */
export type ChapterTracksInput = { tracks: ClassWorkout['chapterTracks'] };

/** What the chapterTracks actor reports. */
export type ChapterTracksEvent = { type: 'chapters.loaded'; chapters: Chapter[] } | { type: 'chapters.failed' };

/** What the user does with the parts. */
export type ChaptersUserEvent = { type: 'part.next' } | { type: 'part.previous' };

/** Where the video is (reported by the video child through the player). */
export type VideoTime = { type: 'video.time'; seconds: number };

/** What the chapters ask of the player: a seek the video performs. */
export type ChaptersRequest = { type: 'seek.to'; seconds: number };

export type PlayerChaptersEvent = SessionReport | ChapterTracksEvent | ChaptersUserEvent | VideoTime;

export interface PlayerChaptersContext {
  tracks: ClassWorkout['chapterTracks'];
  /** In order; empty until read (or when the class has none). */
  chapters: Chapter[];
  position: number;
}

/** "Previous part" within this many seconds of a part's start goes to the part before; later, back to this part's start (as a music player's previous track). */
export const RESTART_PART_SECONDS = 3;

/** The part playing at `seconds`: the last that starts at or before it (-1 before the first). */
export function chapterIndexAt(chapters: Chapter[], seconds: number): number {
  let found = -1;
  chapters.forEach((chapter, i) => {
    // A seek lands on a start exactly; a little rounding must not leave the part before.
    if (chapter.startSeconds <= seconds + 0.25) found = i;
  });
  return found;
}

const nextStart = ({ chapters, position }: PlayerChaptersContext): number | null => chapters[chapterIndexAt(chapters, position) + 1]?.startSeconds ?? null;

const previousStart = ({ chapters, position }: PlayerChaptersContext): number | null => {
  const index = chapterIndexAt(chapters, position);
  const current = chapters[index];
  if (!current) return null;
  if (position - current.startSeconds > RESTART_PART_SECONDS) return current.startSeconds;
  return chapters[index - 1]?.startSeconds ?? current.startSeconds;
};

export const playerChaptersMachine = setup({
  types: {
    context: {} as PlayerChaptersContext,
    events: {} as PlayerChaptersEvent,
  },
  actors: {
    /** Reads the chapters tracks (src/flows/player/workout-actors.ts). */
    chapterTracks: fromCallback<{ type: 'none' }, ChapterTracksInput>(() => () => {}),
  },
  actions: {
    takeTracks: assign(({ event }) => {
      assertEvent(event, 'session.started');
      return { tracks: event.workout.chapterTracks, chapters: [], position: 0 };
    }),
    takeChapters: assign(({ event }) => {
      assertEvent(event, 'chapters.loaded');
      return { chapters: [...event.chapters].sort((a, b) => a.startSeconds - b.startSeconds) };
    }),
    forget: assign({ chapters: [], tracks: [], position: 0 }),
    takeTime: assign({ position: ({ event, context }) => (event.type === 'video.time' ? event.seconds : context.position) }),
    seekNext: sendParent(({ context }): ChaptersRequest => ({ type: 'seek.to', seconds: nextStart(context) ?? context.position })),
    seekPrevious: sendParent(({ context }): ChaptersRequest => ({ type: 'seek.to', seconds: previousStart(context) ?? context.position })),
    /** The seek is under way: the position is the part's start before the video's next report. */
    takeSeek: assign({ position: ({ context, event }) => (event.type === 'part.next' ? nextStart(context) : previousStart(context)) ?? context.position }),
  },
  guards: {
    hasTracks: ({ event }) => event.type === 'session.started' && event.workout.chapterTracks.length > 0,
    hasChapters: ({ event }) => event.type === 'chapters.loaded' && event.chapters.length > 0,
    hasNext: ({ context }) => nextStart(context) !== null,
    hasPrevious: ({ context }) => previousStart(context) !== null,
  },
}).createMachine({
  id: 'playerChapters',
  context: { tracks: [], chapters: [], position: 0 },
  initial: 'off',
  on: {
    'session.left': { target: '.off', actions: 'forget' },
    'video.time': { actions: 'takeTime' },
  },
  states: {
    /** No live session: no parts to show. */
    off: {
      on: {
        'session.started': [
          { guard: 'hasTracks', target: 'loading', actions: 'takeTracks' },
          { target: 'none', actions: 'takeTracks' },
        ],
      },
    },
    /** Reading the chapters tracks; the seek bar has no marks yet. */
    loading: {
      invoke: { src: 'chapterTracks', input: ({ context }) => ({ tracks: context.tracks }) },
      on: {
        'chapters.loaded': [{ guard: 'hasChapters', target: 'ready', actions: 'takeChapters' }, { target: 'none' }],
        'chapters.failed': { target: 'none' },
      },
    },
    /** The class has no parts (or its track could not be read): the player works as before, without marks or part buttons. */
    none: {},
    /** The parts are marks on the seek bar; "Next part" and "Previous part" seek to them. */
    ready: {
      on: {
        'part.next': { guard: 'hasNext', actions: ['seekNext', 'takeSeek'] },
        'part.previous': { guard: 'hasPrevious', actions: ['seekPrevious', 'takeSeek'] },
      },
    },
  },
});

export type PlayerChaptersMachine = typeof playerChaptersMachine;
