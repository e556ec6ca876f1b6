// Model of the player's video (machines/player-video.machine.ts): off until the session starts,
// then the media actor loads and buffers the playlist at the resume point before Play is offered
// (priming: until it says it buffered, or 8 s), then plays it and the video's states follow what it reports; the
// user's controls become media commands, progress is saved while playing, on pause and at the
// end, a renewed grant reaches the media, a media failure ends the video and tells the player.
// Its `rendition` child (a fake here; player-rendition.model.ts walks it) hears the media's
// renditions and the user's quality and data saver; what it asks reaches the media. Captions are
// remembered: its `preferences` actor restores them (the media starts with them) and hears every
// change the user makes, never a restore.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerVideoMachine, type PlayerVideoContext } from '@machines/player-video.machine';
import type { MachineModel } from './machine-model';
import { crashed, ok } from './outcomes';

const CLASS_ID = 'sunrise-vinyasa-flow';
const URL = '/api/v1/playback/sessions/session-1/master.m3u8?token=t1';
const start = (resumeSeconds: number) => ({ type: 'session.started', sessionId: 'session-1', url: URL, token: 't1', durationSeconds: 600, resumeSeconds });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerVideoContext;
const lastCommand = (received: { id: string; event: { type: string } }[], id: string) => [...received].reverse().find((r) => r.id === id)?.event;

export const model: MachineModel = {
  machine: playerVideoMachine,
  input: { classId: CLASS_ID },
  events: {
    'session.started': [start(0), start(754)],
    'session.renewed': [{ type: 'session.renewed', token: 't2' }],
    'media.time': [{ type: 'media.time', seconds: 42 }],
    'media.levels': [
      { type: 'media.levels', heights: [720, 360] },
      { type: 'media.levels', heights: [1080, 720, 360] },
    ],
    'dataSaver.changed': [{ type: 'dataSaver.changed', limiting: true }],
    'rendition.dataSaver': [
      { type: 'rendition.dataSaver', limiting: true },
      { type: 'rendition.dataSaver', limiting: false },
    ],
    'rendition.quality': [{ type: 'rendition.quality', quality: 360 }],
    'media.level': [{ type: 'media.level', height: 720 }],
    'seek.to': [{ type: 'seek.to', seconds: 120 }],
    'seek.by': [{ type: 'seek.by', seconds: -5 }],
    'volume.set': [{ type: 'volume.set', volume: 0.5 }],
    'captions.toggle': [{ type: 'captions.toggle', language: 'es' }],
    'captions.language': [{ type: 'captions.language', language: 'en' }],
    'captions.restore': [
      { type: 'captions.restore', language: 'es' },
      { type: 'captions.restore', language: null },
    ],
    'quality.select': [{ type: 'quality.select', quality: 720 }],
  },
  // The position and volume change no transition: left out, so the graph stays small (captions
  // on or off decide whether a language change moves them).
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({ value: snapshot.value, resume: c.resumeSeconds > 0, dataSaver: c.dataSaver, captions: c.captions !== null });
  },
  states: {
    off: ({ snapshot }) => {
      expect(snapshot.children.media).toBeUndefined();
      expect(snapshot.children.keeper).toBeUndefined();
    },
    on: ({ snapshot, lastStarted }) => {
      // The media loads at the resume point (the choice offered first), so "Resume from" only plays.
      const { resumeSeconds } = contextOf(snapshot);
      expect(lastStarted('media')?.input).toMatchObject({ sessionId: 'session-1', url: URL, token: 't1', startSeconds: resumeSeconds, autoplay: resumeSeconds === 0 });
      expect(lastStarted('keeper')?.input).toEqual({ sessionId: 'session-1', classId: CLASS_ID });
    },
    // Play is not offered yet: the media buffers; at the latest after 8 s it is offered anyway.
    'on.priming': ({ snapshot, pendingTimers }) => {
      expect(snapshot.children.media).toBeDefined();
      expect(pendingTimers()).toContain(8_000);
    },
    'on.ready': ({ snapshot, pendingTimers }) => {
      expect(snapshot.children.media).toBeDefined();
      expect(pendingTimers()).not.toContain(8_000);
    },
    'on.playing': ({ pendingTimers }) => expect(pendingTimers()).toContain(10_000),
    'on.paused': ({ snapshot, lastStarted }) =>
      expect(lastStarted('saveProgress')?.input).toEqual({ classId: CLASS_ID, seconds: contextOf(snapshot).position }),
    'on.buffering': ({ pendingTimers }) => expect(pendingTimers()).not.toContain(10_000),
    'on.ended': ({ snapshot, lastStarted, previous, toParent }) => {
      expect(contextOf(snapshot).position).toBe(600);
      expect(lastStarted('saveProgress')?.input).toEqual({ classId: CLASS_ID, seconds: 600 });
      // Arriving at the end tells the player, whatever the save answers (the effort is asked then).
      if (!previous?.matches({ on: 'ended' })) expect(toParent).toContainEqual({ type: 'video.ended', seconds: 600 });
    },
  },
  // The saves' answers (the end's save is the one whose answer the video waits for).
  outputs: { saveProgress: [ok({ completed: true }), ok({ completed: false }), crashed] },
  after: {
    // Only the end's save that counted the class completed is told to the player.
    'done: saveProgress': ({ event, toParent, previous }) => {
      const out = event.output as { kind: string; data?: { completed: boolean } };
      const counted = event.type === 'xstate.done.actor.endSave' && previous!.matches('on') && out.kind === 'ok' && out.data?.completed === true;
      expect(toParent).toEqual(counted ? [{ type: 'video.completed' }] : []);
    },
    // The media starts under data saver's limit as the rendition last said it.
    'session.started': ({ snapshot, lastStarted, previous }) => {
      if (previous!.matches('off')) expect(lastStarted('media')?.input).toMatchObject({ dataSaver: contextOf(snapshot).dataSaver, captions: contextOf(snapshot).captions });
    },
    // The rendition decides whether a quality is offered: a choice reaches it only while a video plays.
    'quality.select': ({ event, received, previous }) => {
      const last = received.at(-1);
      if (previous!.matches('on')) expect(last).toEqual({ id: 'rendition', src: 'rendition', event });
      else expect(last?.event).not.toBe(event);
    },
    'dataSaver.changed': ({ event, received }) => expect(received.at(-1)).toEqual({ id: 'rendition', src: 'rendition', event }),
    'media.levels': ({ event, received }) => expect(received.at(-1)).toEqual({ id: 'rendition', src: 'rendition', event }),
    'media.level': ({ event, received }) => expect(received.at(-1)).toEqual({ id: 'rendition', src: 'rendition', event }),
    // What the rendition asks reaches the media while a video plays; data saver's limit is kept for the next one.
    'rendition.dataSaver': ({ snapshot, event, received, previous }) => {
      expect(contextOf(snapshot).dataSaver).toBe(event.limiting);
      if (previous!.matches('on')) expect(lastCommand(received, 'media')).toEqual({ type: 'dataSaver', limiting: event.limiting });
    },
    'rendition.quality': ({ event, received, previous }) => {
      if (previous!.matches('on')) expect(lastCommand(received, 'media')).toEqual({ type: 'quality', quality: event.quality });
    },
    'captions.toggle': ({ snapshot, previous, received }) => {
      if (!previous!.matches('on')) return;
      const captions = contextOf(previous!).captions ? null : 'es';
      expect(contextOf(snapshot).captions).toBe(captions);
      expect(lastCommand(received, 'media')).toEqual({ type: 'captions', language: captions });
      expect(received.at(-1)).toMatchObject({ id: 'preferences', event: { type: 'captions', language: captions } });
    },
    // Captions that are on follow the interface language (and that is kept); off, nothing changes.
    'captions.language': ({ snapshot, previous, received, event }) => {
      const before = contextOf(previous!).captions;
      const follows = previous!.matches('on') && before !== null && before !== event.language;
      expect(contextOf(snapshot).captions).toBe(follows ? event.language : before);
      if (follows) expect(received.at(-1)).toMatchObject({ id: 'preferences', event: { type: 'captions', language: event.language } });
      else expect(received.at(-1)?.event).not.toBe(event);
    },
    // Restored captions are what the video shows (the media is told at once when it runs), and are not kept again.
    'captions.restore': ({ snapshot, received, event, previous }) => {
      expect(contextOf(snapshot).captions).toBe(event.language);
      if (previous!.matches('on')) expect(received.at(-1)).toMatchObject({ id: 'media', event: { type: 'captions', language: event.language } });
      expect(received.filter((r) => r.id === 'preferences')).toEqual([]);
    },
    'session.renewed': ({ received, previous }) => {
      if (previous!.matches('on')) expect(lastCommand(received, 'media')).toEqual({ type: 'token', token: 't2' });
    },
    'media.error': ({ snapshot, toParent, previous }) => {
      if (previous!.matches('on')) {
        expect(snapshot.matches('off')).toBe(true);
        expect(toParent).toEqual([{ type: 'video.failed' }]);
      }
    },
    'media.time': ({ snapshot, received, previous }) => {
      if (previous!.matches('on')) expect(lastCommand(received, 'keeper')).toEqual({ type: 'position', seconds: contextOf(snapshot).position });
    },
  },
};
