// Workout mode in the player machine (docs/decisions/036), through the whole tree with fake
// browser actors: the class's parts read from its chapters tracks and Next / Previous part as
// seeks of the video; the wake lock held only while playing; the lock screen's metadata and
// buttons; speed within 0.75–1.25 that outlives a session; picture-in-picture and cast asked of
// the browser only where it offers them.
import { describe, expect, it } from 'vitest';
import type { Chapter } from '@machines/player-chapters.machine';
import { player, session, settle, started, watching, workout } from './support/player-flow';

const parts: Chapter[] = [
  { startSeconds: 0, endSeconds: 150, title: { en: 'Warm-up', es: 'Calentamiento' } },
  { startSeconds: 150, endSeconds: 480, title: { en: 'Main set', es: 'Bloque principal' } },
  { startSeconds: 480, endSeconds: 600, title: { en: 'Cool-down', es: 'Vuelta a la calma' } },
];

const lastSeek = (commands: { type: string }[]) => commands.filter((command) => command.type === 'seek').at(-1);

describe('the class’s parts', () => {
  it('reads the signed chapters tracks when the session starts, and offers the parts once read', async () => {
    const page = await watching();
    expect(page.chapterTracks.state.inputs).toEqual([{ tracks: workout.chapterTracks }]);
    expect(page.chapters().matches('loading')).toBe(true);
    page.chapterTracks.state.report({ type: 'chapters.loaded', chapters: parts });
    expect(page.chapters().matches('ready')).toBe(true);
    expect(page.chapters().context.chapters).toEqual(parts);
    // Read once: the tracks are no longer needed.
    expect(page.chapterTracks.state.running).toBe(0);
  });

  it('Next part seeks the video to the next part’s start, Previous part to this part’s start or the one before', async () => {
    const page = await watching();
    page.chapterTracks.state.report({ type: 'chapters.loaded', chapters: parts });
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.time', seconds: 20 });
    page.actor.send({ type: 'part.next' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 150 });
    expect(page.video().context.position).toBe(150);
    page.actor.send({ type: 'part.next' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 480 });
    // In the last part: nothing further.
    const seeks = page.media.state.commands.length;
    page.actor.send({ type: 'part.next' });
    expect(page.media.state.commands).toHaveLength(seeks);
    // Within 3 s of a part's start, Previous goes to the part before; later, back to this part's start.
    page.actor.send({ type: 'part.previous' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 150 });
    page.media.state.report({ type: 'media.time', seconds: 200 });
    page.actor.send({ type: 'part.previous' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 150 });
  });

  it('has no parts for a class without chapters, or whose track cannot be read', async () => {
    const page = player();
    page.start.last.resolve(started());
    await settle();
    page.chapterTracks.state.report({ type: 'chapters.failed' });
    expect(page.chapters().matches('none')).toBe(true);
    const commands = page.media.state.commands.length;
    page.actor.send({ type: 'part.next' });
    expect(page.media.state.commands).toHaveLength(commands);

    const bare = player();
    bare.start.last.resolve({ kind: 'ok', data: { kind: 'started', session: session(), durationSeconds: 600, resumeSeconds: 0, workout: { ...workout, chapterTracks: [] } } });
    await settle();
    expect(bare.chapters().matches('none')).toBe(true);
    expect(bare.chapterTracks.state.inputs).toEqual([]);
  });

  it('forgets the parts when the session ends', async () => {
    const page = await watching();
    page.chapterTracks.state.report({ type: 'chapters.loaded', chapters: parts });
    page.clock.increment(30_000);
    page.heartbeat.last.resolve({ kind: 'ok', data: { kind: 'ended', reason: 'stopped' } });
    await settle();
    expect(page.chapters().matches('off')).toBe(true);
    expect(page.chapters().context.chapters).toEqual([]);
  });
});

describe('workout mode', () => {
  it('keeps the screen on only while the class plays', async () => {
    const page = await watching();
    expect(page.wakeLock.state.running).toBe(0);
    page.actor.send({ type: 'play' });
    expect(page.wakeLock.state.running).toBe(1);
    expect(page.mediaSession.state.heard.at(-1)).toEqual({ type: 'playback', playing: true });
    page.media.state.report({ type: 'media.waiting' });
    expect(page.wakeLock.state.running).toBe(1);
    page.actor.send({ type: 'pause' });
    expect(page.wakeLock.state.running).toBe(0);
    expect(page.mediaSession.state.heard.at(-1)).toEqual({ type: 'playback', playing: false });
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.ended' });
    expect(page.wakeLock.state.running).toBe(0);
    page.actor.send({ type: 'replay' });
    expect(page.wakeLock.state.running).toBe(1);
    page.media.state.report({ type: 'media.error' });
    await settle();
    expect(page.wakeLock.state.running).toBe(0);
    expect(page.workout().matches('off')).toBe(true);
  });

  it('puts the class on the lock screen and turns its buttons into the player’s own events', async () => {
    const page = await watching();
    expect(page.mediaSession.state.inputs).toEqual([{ workout }]);
    page.chapterTracks.state.report({ type: 'chapters.loaded', chapters: parts });
    page.mediaSession.state.report({ type: 'control.play' });
    expect(page.video().matches({ on: 'playing' })).toBe(true);
    page.mediaSession.state.report({ type: 'control.seekTo', seconds: 90 });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 90 });
    page.mediaSession.state.report({ type: 'control.seekBy', seconds: -10 });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 80 });
    page.mediaSession.state.report({ type: 'control.nextPart' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 150 });
    page.mediaSession.state.report({ type: 'control.previousPart' });
    expect(lastSeek(page.media.state.commands)).toEqual({ type: 'seek', seconds: 0 });
    page.mediaSession.state.report({ type: 'control.pause' });
    expect(page.video().matches({ on: 'paused' })).toBe(true);
  });

  it('changes the speed within 0.75–1.25, and keeps it for the next session', async () => {
    const page = await watching();
    expect(page.presentation.state.inputs).toEqual([{ speed: 1 }]);
    page.actor.send({ type: 'speed.set', speed: 1.25 });
    expect(page.presentation.state.heard.at(-1)).toEqual({ type: 'speed', speed: 1.25 });
    page.actor.send({ type: 'speed.set', speed: 2 });
    expect(page.workout().context.speed).toBe(1.25);
    expect(page.presentation.state.heard).toHaveLength(1);
    page.clock.increment(30_000);
    page.heartbeat.last.resolve({ kind: 'ok', data: { kind: 'ended', reason: 'stopped' } });
    await settle();
    expect(page.presentation.state.running).toBe(0);
    page.actor.send({ type: 'retry' });
    page.start.last.resolve(started());
    await settle();
    expect(page.presentation.state.inputs.at(-1)).toEqual({ speed: 1.25 });
  });

  it('asks for picture-in-picture and cast only where the browser offers them', async () => {
    const page = await watching();
    page.actor.send({ type: 'pip.toggle' });
    page.actor.send({ type: 'remote.choose' });
    expect(page.presentation.state.heard).toEqual([]);
    page.presentation.state.report({ type: 'pip.supported' });
    page.presentation.state.report({ type: 'remote.changed', state: 'available' });
    page.actor.send({ type: 'pip.toggle' });
    page.actor.send({ type: 'remote.choose' });
    expect(page.presentation.state.heard).toEqual([{ type: 'pip' }, { type: 'remote' }]);
    page.presentation.state.report({ type: 'pip.changed', active: true });
    page.presentation.state.report({ type: 'remote.changed', state: 'connected' });
    expect(page.workout().context).toMatchObject({ pip: true, remote: 'connected' });
    page.presentation.state.report({ type: 'remote.changed', state: 'unavailable' });
    page.actor.send({ type: 'remote.choose' });
    expect(page.presentation.state.heard).toHaveLength(2);
  });
});
