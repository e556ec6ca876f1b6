// The player's edges the main tests leave open: heartbeats with no answer or a lost sign-in,
// quiet and crashing starts, a device that cannot be stopped, media reports that arrive in
// states that do not take them, positions outside the class, and a page wired without its calls;
// the loading look, a 500, a session's own heartbeat period, the qualities before the playlist
// lists them, and what paused and buffering do with Play and the media's reports.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playerMachine } from '@machines/player.machine';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import { children, laptop, player, session, settle, watching, workout } from './support/player-flow';

describe('player machine: edges', () => {
  it('keeps playing when a heartbeat gets no answer, and tries again 30 s later', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.clock.increment(30_000);
    page.heartbeat.last.resolve(unreachable);
    await settle();
    expect(page.video().matches({ on: 'playing' })).toBe(true);
    expect(page.session().matches({ watching: 'waiting' })).toBe(true);
    page.clock.increment(30_000);
    expect(page.heartbeat.calls).toHaveLength(2);
    page.heartbeat.last.reject(new Error('network'));
    await settle();
    expect(page.session().matches({ watching: 'waiting' })).toBe(true);
  });

  it('says nothing when a heartbeat finds the sign-in lost (the app is going to /login)', async () => {
    const page = await watching();
    page.clock.increment(30_000);
    page.heartbeat.last.resolve(failed(401));
    await settle();
    expect(page.session().matches('watching')).toBe(true);
    expect(page.media.state.commands).toEqual([]);
  });

  it.each([
    ['cancelled', cancelled],
    ['a lost sign-in', failed(401)],
  ])('gives up quietly when the start is %s', async (_, outcome) => {
    const page = player();
    page.start.last.resolve(outcome);
    await settle();
    expect(page.session().matches('abandoned')).toBe(true);
    expect(page.actor.getSnapshot().status).toBe('done');
  });

  it('fails when the start crashes, and when the class does not exist', async () => {
    const page = player();
    page.start.last.reject(new Error('boom'));
    await settle();
    expect(page.session().context.failure).toBe('unavailable');
    page.actor.send({ type: 'retry' });
    page.start.last.resolve(failed(404, { message: 'No such class.' }));
    await settle();
    expect(page.session().context.failure).toBe('notFound');
  });

  it('goes back to the devices with a message when a device cannot be stopped, and clears it on the next try', async () => {
    const page = player();
    page.start.last.resolve(ok({ kind: 'screenLimit', screens: 1, watching: [laptop] }));
    await settle();
    page.actor.send({ type: 'device.stop', sessionId: laptop.session_id });
    page.stop.last.resolve(unreachable);
    await settle();
    expect(page.session().matches('screenLimit')).toBe(true);
    expect(page.session().context.failure).toBe('stopFailed');
    page.actor.send({ type: 'device.stop', sessionId: laptop.session_id });
    expect(page.session().context.failure).toBeNull();
    page.stop.last.resolve(failed(401));
    await settle();
    expect(page.session().matches('abandoned')).toBe(true);
  });

  it('ignores media reports in states that do not take them', async () => {
    const page = await watching();
    page.media.state.report({ type: 'media.ended' });
    page.media.state.report({ type: 'media.paused' });
    page.media.state.report({ type: 'media.waiting' });
    expect(page.video().matches({ on: 'ready' })).toBe(true);
    expect(page.progress.calls).toHaveLength(0);
  });

  it('pauses from buffering and saves the position', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.time', seconds: 30 });
    page.media.state.report({ type: 'media.waiting' });
    page.actor.send({ type: 'pause' });
    expect(page.video().matches({ on: 'paused' })).toBe(true);
    expect(page.progress.last.input.seconds).toBe(30);
  });

  it('keeps the position inside the class', async () => {
    const page = await watching();
    page.media.state.report({ type: 'media.time', seconds: 9_999 });
    expect(page.video().context.position).toBe(600);
    page.media.state.report({ type: 'media.time', seconds: -3 });
    expect(page.video().context.position).toBe(0);
  });

  it('plays again from the start when Play is pressed at the end', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.ended' });
    page.actor.send({ type: 'play' });
    expect(page.media.state.commands.at(-1)).toEqual({ type: 'play', at: 0 });
  });

  it('fails as unreachable when the page provides none of its calls', async () => {
    const actor = createActor(playerMachine, { input: { classId: 'x' } }).start();
    const { session } = children(actor);
    await settle();
    expect(session().matches('failed')).toBe(true);
    expect(session().context.failure).toBe('unavailable');
  });

  it('shows the spinner while the session starts, not after', async () => {
    const page = player();
    expect(page.session().hasTag('loading')).toBe(true);
    page.start.last.resolve(ok({ kind: 'started', session: session(), durationSeconds: 600, resumeSeconds: 0, workout }));
    await settle();
    expect(page.session().hasTag('loading')).toBe(false);
  });

  it('says the class is unavailable (not being prepared) when the start fails with a 500', async () => {
    const page = player();
    page.start.last.resolve(failed(500, { message: 'Internal error.' }));
    await settle();
    expect(page.session().matches('failed')).toBe(true);
    expect(page.session().context.failure).toBe('unavailable');
  });

  it("beats at the session's own period", async () => {
    const page = player();
    page.start.last.resolve(ok({ kind: 'started', session: { ...session(), heartbeat_seconds: 15 }, durationSeconds: 600, resumeSeconds: 0, workout }));
    await settle();
    page.clock.increment(14_999);
    expect(page.heartbeat.calls).toHaveLength(0);
    page.clock.increment(1);
    expect(page.heartbeat.calls).toHaveLength(1);
  });

  it('offers only Auto until the playlist lists its qualities', async () => {
    const page = await watching();
    expect(page.rendition().context.levels).toEqual([]);
    expect(page.rendition().context.quality).toBe('auto');
  });

  it('plays again from a pause, and ends from a pause when the media says so', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.actor.send({ type: 'pause' });
    expect(page.video().matches({ on: 'paused' })).toBe(true);
    page.actor.send({ type: 'play' });
    expect(page.media.state.commands.at(-1)).toEqual({ type: 'play' });
    expect(page.video().matches({ on: 'playing' })).toBe(true);
    page.actor.send({ type: 'pause' });
    page.media.state.report({ type: 'media.ended' });
    expect(page.video().matches({ on: 'ended' })).toBe(true);
    expect(page.progress.last.input.seconds).toBe(600);
  });

  it('leaves buffering for playing when the data comes, and for the end when the media ends', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.waiting' });
    page.media.state.report({ type: 'media.playing' });
    expect(page.video().matches({ on: 'playing' })).toBe(true);
    page.media.state.report({ type: 'media.waiting' });
    page.media.state.report({ type: 'media.ended' });
    expect(page.video().matches({ on: 'ended' })).toBe(true);
    expect(page.progress.last.input.seconds).toBe(600);
  });
});
