// The class's parts (docs/decisions/036, machines/player-chapters.machine.ts), under a stand-in
// player that records the seeks the parts ask of it: the tracks read when a session starts,
// the parts in order, and where "Next part" and "Previous part" go from each position.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { chapterIndexAt, playerChaptersMachine, type Chapter, type ChapterTracksInput, type ChaptersRequest, type PlayerChaptersEvent } from '@machines/player-chapters.machine';
import { workout } from './support/player-flow';

const warmUp: Chapter = { startSeconds: 0, endSeconds: 150, title: { en: 'Warm-up' } };
const mainSet: Chapter = { startSeconds: 150, endSeconds: 480, title: { en: 'Main set' } };
const coolDown: Chapter = { startSeconds: 480, endSeconds: 600, title: { en: 'Cool-down' } };
const parts = [warmUp, mainSet, coolDown];

function chaptersUnderPlayer() {
  const reads: ChapterTracksInput[] = [];
  const seeks: number[] = [];
  let stopped = 0;
  const chapters = playerChaptersMachine.provide({
    actors: {
      chapterTracks: fromCallback<{ type: 'none' }, ChapterTracksInput>(({ input }) => {
        reads.push(input);
        return () => void (stopped += 1);
      }),
    },
  });
  const player = setup({ types: { events: {} as ChaptersRequest }, actors: { chapters } }).createMachine({
    invoke: { id: 'chapters', src: 'chapters' },
    on: { 'seek.to': { actions: ({ event }) => void seeks.push(event.seconds) } },
  });
  const actor = createActor(player).start();
  const child = () => actor.getSnapshot().children.chapters as ActorRefFrom<typeof playerChaptersMachine>;
  const send = (event: PlayerChaptersEvent) => child().send(event);
  const snapshot = () => child().getSnapshot();
  const start = (chapterTracks = workout.chapterTracks) =>
    send({ type: 'session.started', sessionId: 's1', url: '/m.m3u8', token: 't', durationSeconds: 600, resumeSeconds: 0, workout: { ...workout, chapterTracks } });
  /** A session whose parts were read, the video at `seconds`. */
  const readyAt = (seconds: number, chapters: Chapter[] = parts) => {
    start();
    send({ type: 'chapters.loaded', chapters });
    send({ type: 'video.time', seconds });
  };
  return { reads, seeks, stopped: () => stopped, send, snapshot, start, readyAt };
}

describe('chapterIndexAt', () => {
  it('is the last part starting at or before the time, allowing a seek’s rounding of a quarter second', () => {
    const later = [{ ...warmUp, startSeconds: 10 }, mainSet];
    expect(chapterIndexAt([], 100)).toBe(-1);
    expect(chapterIndexAt(later, 5)).toBe(-1);
    expect(chapterIndexAt(later, 10)).toBe(0);
    expect(chapterIndexAt(later, 149.75)).toBe(1);
    expect(chapterIndexAt(later, 149.7)).toBe(0);
    expect(chapterIndexAt(later, 1000)).toBe(1);
  });
});

describe('player chapters machine', () => {
  it('reads the chapters tracks when a session starts with them, and shows the parts in order', () => {
    const t = chaptersUnderPlayer();
    expect(t.snapshot().value).toBe('off');
    expect(t.snapshot().context).toEqual({ tracks: [], chapters: [], position: 0 });
    t.send({ type: 'video.time', seconds: 42 });
    t.start();
    expect(t.snapshot().value).toBe('loading');
    expect(t.snapshot().context).toMatchObject({ tracks: workout.chapterTracks, chapters: [], position: 0 });
    expect(t.reads).toEqual([{ tracks: workout.chapterTracks }]);
    t.send({ type: 'chapters.loaded', chapters: [coolDown, warmUp, mainSet] });
    expect(t.snapshot().value).toBe('ready');
    expect(t.snapshot().context.chapters).toEqual(parts);
    expect(t.stopped()).toBe(1);
  });

  it('has no parts for a class without chapters tracks, with none in its track, or whose track cannot be read', () => {
    const bare = chaptersUnderPlayer();
    bare.start([]);
    expect(bare.snapshot().value).toBe('none');
    expect(bare.reads).toEqual([]);

    const empty = chaptersUnderPlayer();
    empty.start();
    empty.send({ type: 'chapters.loaded', chapters: [] });
    expect(empty.snapshot().value).toBe('none');

    const broken = chaptersUnderPlayer();
    broken.start();
    broken.send({ type: 'chapters.failed' });
    expect(broken.snapshot().value).toBe('none');
    broken.send({ type: 'part.next' });
    expect(broken.seeks).toEqual([]);
  });

  it('Next part seeks to the next part’s start, and nothing after the last part', () => {
    const t = chaptersUnderPlayer();
    t.readyAt(20);
    t.send({ type: 'part.next' });
    expect(t.seeks).toEqual([150]);
    expect(t.snapshot().context.position).toBe(150);
    // The seek is under way: a second press goes on from the part it went to.
    t.send({ type: 'part.next' });
    expect(t.seeks).toEqual([150, 480]);
    t.send({ type: 'part.next' });
    expect(t.seeks).toEqual([150, 480]);
  });

  it('Next part before the first part goes to the first', () => {
    const t = chaptersUnderPlayer();
    t.readyAt(2, [{ ...warmUp, startSeconds: 10 }, mainSet]);
    t.send({ type: 'part.next' });
    expect(t.seeks).toEqual([10]);
  });

  it('Previous part goes back to this part’s start after its first 3 s, else to the part before', () => {
    const t = chaptersUnderPlayer();
    t.readyAt(153.5);
    t.send({ type: 'part.previous' });
    expect(t.seeks).toEqual([150]);
    expect(t.snapshot().context.position).toBe(150);
    t.send({ type: 'part.previous' });
    expect(t.seeks).toEqual([150, 0]);
    expect(t.snapshot().context.position).toBe(0);

    const u = chaptersUnderPlayer();
    u.readyAt(153);
    u.send({ type: 'part.previous' });
    expect(u.seeks).toEqual([0]);
  });

  it('Previous part in the first part’s first seconds goes to its start; before the first part, nowhere', () => {
    const t = chaptersUnderPlayer();
    t.readyAt(1);
    t.send({ type: 'part.previous' });
    expect(t.seeks).toEqual([0]);

    const u = chaptersUnderPlayer();
    u.readyAt(5, [{ ...warmUp, startSeconds: 10 }, mainSet]);
    u.send({ type: 'part.previous' });
    expect(u.seeks).toEqual([]);
  });

  it('forgets the parts and the position when the session is left, and starts the next at 0', () => {
    const t = chaptersUnderPlayer();
    t.readyAt(200);
    t.send({ type: 'session.left' });
    expect(t.snapshot().value).toBe('off');
    expect(t.snapshot().context).toEqual({ tracks: [], chapters: [], position: 0 });
    t.send({ type: 'video.time', seconds: 300 });
    t.start();
    expect(t.snapshot().context.position).toBe(0);
  });
});
