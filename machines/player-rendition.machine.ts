// Which rendition the player plays, a child of machines/player-video.machine.ts: the renditions
// the master playlist holds (the plan's), the user's choice (a height or Auto), the one playing
// now, and this device's data saver (docs/decisions/039), which narrows the renditions offered
// while it limits streaming. What the media must be told goes back to the video, which owns the
// media actor. The choice and data saver outlive a session (the machine runs as long as the video).
import { assign, sendParent, setup } from 'xstate';
import { allowedHeights } from '@domain/data-saver';

/** A chosen quality: a rendition's height, or the player's own choice. */
export type Quality = number | 'auto';

/** What the rendition hears: the media's renditions and the one playing (through the video), and the user. */
export type RenditionEvent =
  | { type: 'media.levels'; heights: number[] }
  | { type: 'media.level'; height: number }
  | { type: 'quality.select'; quality: Quality }
  /** This device's data saver started or stopped limiting streaming (src/features/data-saver). */
  | { type: 'dataSaver.changed'; limiting: boolean };

/** What the rendition asks the video to tell the media: data saver's limit, then the quality that stands. */
export type RenditionRequest = { type: 'rendition.dataSaver'; limiting: boolean } | { type: 'rendition.quality'; quality: Quality };

export interface PlayerRenditionContext {
  /** Heights of the renditions the master playlist holds (the plan's cap), lowest first. */
  levels: number[];
  quality: Quality;
  /** The height playing now, once known. */
  currentHeight: number | null;
  /** Data saver limits streaming: only `offeredLevels` play. */
  dataSaver: boolean;
}

/** The renditions the player offers: the playlist's, up to data saver's cap while it limits streaming. */
export const offeredLevels = (context: Pick<PlayerRenditionContext, 'levels' | 'dataSaver'>): number[] => allowedHeights(context.levels, context.dataSaver);

export const playerRenditionMachine = setup({
  types: {
    context: {} as PlayerRenditionContext,
    events: {} as RenditionEvent,
  },
  actions: {
    takeLevels: assign({ levels: ({ context, event }) => (event.type === 'media.levels' ? [...event.heights].sort((a, b) => a - b) : context.levels) }),
    takeLevel: assign({ currentHeight: ({ context, event }) => (event.type === 'media.level' ? event.height : context.currentHeight) }),
    takeQuality: assign({ quality: ({ context, event }) => (event.type === 'quality.select' ? event.quality : context.quality) }),
    // A chosen rendition above data saver's cap gives way to Auto (within the cap).
    takeDataSaver: assign(({ context, event }) => {
      const dataSaver = event.type === 'dataSaver.changed' ? event.limiting : context.dataSaver;
      const quality = context.quality === 'auto' || offeredLevels({ levels: context.levels, dataSaver }).includes(context.quality) ? context.quality : 'auto';
      return { dataSaver, quality };
    }),
    askDataSaver: sendParent(({ context }): RenditionRequest => ({ type: 'rendition.dataSaver', limiting: context.dataSaver })),
    askQuality: sendParent(({ context }): RenditionRequest => ({ type: 'rendition.quality', quality: context.quality })),
  },
  guards: {
    offeredLevel: ({ context, event }) => event.type === 'quality.select' && (event.quality === 'auto' || offeredLevels(context).includes(event.quality)),
    limiting: ({ event }) => event.type === 'dataSaver.changed' && event.limiting,
  },
}).createMachine({
  id: 'playerRendition',
  context: { levels: [], quality: 'auto', currentHeight: null, dataSaver: false },
  initial: 'unlimited',
  on: {
    'media.levels': { actions: 'takeLevels' },
    'media.level': { actions: 'takeLevel' },
    'quality.select': { guard: 'offeredLevel', actions: ['takeQuality', 'askQuality'] },
    'dataSaver.changed': [
      { guard: 'limiting', target: '.limited', actions: ['takeDataSaver', 'askDataSaver', 'askQuality'] },
      { target: '.unlimited', actions: ['takeDataSaver', 'askDataSaver', 'askQuality'] },
    ],
  },
  states: {
    /** Every rendition of the playlist is offered. */
    unlimited: {},
    /** Data saver limits streaming: only the renditions up to its cap are offered and played. */
    limited: {},
  },
});

export type PlayerRenditionMachine = typeof playerRenditionMachine;
