// Model of which rendition the player plays (machines/player-rendition.machine.ts), under a
// recording parent (the video): the media's renditions, the one playing, the user's quality
// (only an offered one is taken and asked of the media), and data saver, which narrows the
// renditions offered while it limits streaming and drops a choice above its cap to Auto.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { offeredLevels, playerRenditionMachine, type PlayerRenditionContext } from '@machines/player-rendition.machine';
import type { MachineModel } from './machine-model';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerRenditionContext;

export const model: MachineModel = {
  machine: playerRenditionMachine,
  events: {
    'media.levels': [
      { type: 'media.levels', heights: [720, 360] },
      { type: 'media.levels', heights: [1080, 720, 360] },
    ],
    'media.level': [{ type: 'media.level', height: 720 }],
    'quality.select': [
      { type: 'quality.select', quality: 720 },
      { type: 'quality.select', quality: 1080 },
      { type: 'quality.select', quality: 'auto' },
    ],
    'dataSaver.changed': [
      { type: 'dataSaver.changed', limiting: true },
      { type: 'dataSaver.changed', limiting: false },
    ],
  },
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({ value: snapshot.value, levels: c.levels.length, quality: c.quality });
  },
  states: {
    unlimited: ({ snapshot }) => {
      expect(contextOf(snapshot).dataSaver).toBe(false);
      expect(offeredLevels(contextOf(snapshot))).toEqual(contextOf(snapshot).levels);
    },
    limited: ({ snapshot }) => {
      const c = contextOf(snapshot);
      expect(c.dataSaver).toBe(true);
      if (c.levels.includes(1080)) expect(offeredLevels(c)).toEqual([360, 720]);
      // The quality playing is always one data saver allows.
      expect(c.quality === 'auto' || offeredLevels(c).includes(c.quality)).toBe(true);
    },
  },
  after: {
    'quality.select': ({ snapshot, event, previous, toParent }) => {
      const offered = event.quality === 'auto' || offeredLevels(contextOf(previous!)).includes(event.quality as number);
      expect(contextOf(snapshot).quality).toBe(offered ? event.quality : contextOf(previous!).quality);
      expect(toParent).toEqual(offered ? [{ type: 'rendition.quality', quality: event.quality }] : []);
    },
    // The media is told at once (hls.js caps Auto), then the quality that stands.
    'dataSaver.changed': ({ snapshot, event, toParent }) => {
      expect(toParent).toEqual([
        { type: 'rendition.dataSaver', limiting: event.limiting },
        { type: 'rendition.quality', quality: contextOf(snapshot).quality },
      ]);
    },
    'media.levels': ({ snapshot, event }) => expect(contextOf(snapshot).levels).toEqual([...(event.heights as number[])].sort((a, b) => a - b)),
    'media.level': ({ snapshot, toParent }) => {
      expect(contextOf(snapshot).currentHeight).toBe(720);
      expect(toParent).toEqual([]);
    },
  },
};
