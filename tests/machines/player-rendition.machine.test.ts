// Which rendition plays (machines/player-rendition.machine.ts, a child of the video): the
// playlist's renditions kept lowest first, the user's choice taken only when it is offered, data
// saver narrowing the offer and dropping a choice above its cap to Auto, and what the media must
// be told going back to the parent, in order.
import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyActorRef } from 'xstate';
import { offeredLevels, playerRenditionMachine, type RenditionEvent, type RenditionRequest } from '@machines/player-rendition.machine';

function rendition() {
  const told: RenditionRequest[] = [];
  const parent = setup({ actors: { rendition: playerRenditionMachine } }).createMachine({
    invoke: { id: 'rendition', src: 'rendition' },
    on: {
      '*': {
        actions: ({ event }) => {
          told.push(event as RenditionRequest);
        },
      },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.rendition as AnyActorRef;
  const send = (event: RenditionEvent) => child.send(event);
  const snapshot = () => child.getSnapshot() as ReturnType<typeof playerRenditionMachine.transition>;
  return { send, told, snapshot, context: () => snapshot().context };
}

describe('player rendition machine', () => {
  it('starts with no renditions known, Auto, nothing playing yet and no limit', () => {
    const { snapshot, told } = rendition();
    expect(snapshot().value).toBe('unlimited');
    expect(snapshot().context).toEqual({ levels: [], quality: 'auto', currentHeight: null, dataSaver: false });
    expect(told).toEqual([]);
  });

  it('keeps the playlist\'s renditions lowest first and the one playing, telling the media nothing', () => {
    const { send, context, told } = rendition();
    const heights = [720, 1080, 360];
    send({ type: 'media.levels', heights });
    expect(context().levels).toEqual([360, 720, 1080]);
    expect(heights).toEqual([720, 1080, 360]);
    send({ type: 'media.level', height: 720 });
    expect(context().currentHeight).toBe(720);
    expect(context().levels).toEqual([360, 720, 1080]);
    send({ type: 'media.levels', heights: [1080, 480] });
    expect(context().levels).toEqual([480, 1080]);
    expect(context().currentHeight).toBe(720);
    expect(told).toEqual([]);
  });

  it('takes a choice among the renditions offered, or Auto, and ignores any other', () => {
    const { send, context, told } = rendition();
    send({ type: 'quality.select', quality: 720 });
    expect(context().quality).toBe('auto');
    send({ type: 'media.levels', heights: [360, 720] });
    send({ type: 'quality.select', quality: 1080 });
    expect(context().quality).toBe('auto');
    send({ type: 'quality.select', quality: 720 });
    expect(context().quality).toBe(720);
    expect(context().levels).toEqual([360, 720]);
    expect(context().currentHeight).toBeNull();
    send({ type: 'quality.select', quality: 'auto' });
    expect(context().quality).toBe('auto');
    expect(told).toEqual([
      { type: 'rendition.quality', quality: 720 },
      { type: 'rendition.quality', quality: 'auto' },
    ]);
  });

  it('while data saver limits streaming, offers only up to its cap and drops a choice above it to Auto', () => {
    const { send, context, snapshot, told } = rendition();
    send({ type: 'media.levels', heights: [1080, 360, 480, 720] });
    send({ type: 'quality.select', quality: 1080 });
    send({ type: 'dataSaver.changed', limiting: true });
    expect(snapshot().value).toBe('limited');
    expect(context().dataSaver).toBe(true);
    expect(context().quality).toBe('auto');
    expect(context().levels).toEqual([360, 480, 720, 1080]);
    expect(offeredLevels(context())).toEqual([360, 480]);
    send({ type: 'quality.select', quality: 720 });
    expect(context().quality).toBe('auto');
    send({ type: 'quality.select', quality: 480 });
    expect(context().quality).toBe(480);
    send({ type: 'dataSaver.changed', limiting: false });
    expect(snapshot().value).toBe('unlimited');
    expect(context().dataSaver).toBe(false);
    expect(context().quality).toBe(480);
    expect(told).toEqual([
      { type: 'rendition.quality', quality: 1080 },
      { type: 'rendition.dataSaver', limiting: true },
      { type: 'rendition.quality', quality: 'auto' },
      { type: 'rendition.quality', quality: 480 },
      { type: 'rendition.dataSaver', limiting: false },
      { type: 'rendition.quality', quality: 480 },
    ]);
  });

  it('keeps a choice within the cap, and Auto, when data saver starts limiting', () => {
    const { send, context, told } = rendition();
    send({ type: 'media.levels', heights: [360, 480, 1080] });
    send({ type: 'quality.select', quality: 360 });
    send({ type: 'dataSaver.changed', limiting: true });
    expect(context().quality).toBe(360);
    send({ type: 'quality.select', quality: 'auto' });
    send({ type: 'dataSaver.changed', limiting: true });
    expect(context().quality).toBe('auto');
    expect(context().dataSaver).toBe(true);
    expect(told.slice(1)).toEqual([
      { type: 'rendition.dataSaver', limiting: true },
      { type: 'rendition.quality', quality: 360 },
      { type: 'rendition.quality', quality: 'auto' },
      { type: 'rendition.dataSaver', limiting: true },
      { type: 'rendition.quality', quality: 'auto' },
    ]);
  });

  it('a choice made while unlimited stays when data saver stops (or never) limits', () => {
    const { send, context, snapshot } = rendition();
    send({ type: 'media.levels', heights: [360, 720, 1080] });
    send({ type: 'quality.select', quality: 1080 });
    send({ type: 'dataSaver.changed', limiting: false });
    expect(snapshot().value).toBe('unlimited');
    expect(context().quality).toBe(1080);
    expect(context().dataSaver).toBe(false);
  });
});
