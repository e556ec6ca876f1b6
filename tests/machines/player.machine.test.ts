// Player machine (/watch/:id): start a playback session and play it through the media actor,
// offer to resume, save progress every 10 s / on pause / at the end, heartbeats that renew the
// signed URLs or learn the session was stopped, refusals by reason, the screens limit and
// stopping another device to watch here; data saver's cap on the renditions.
import { describe, expect, it } from 'vitest';
import { CLASS_ID, laptop, player, session, settle, started, watching } from './support/player-flow';
import { offeredLevels } from '@machines/player-video.machine';

describe('player machine', () => {
  it('starts a session for the class and plays its master playlist, autoplaying when there is nothing to resume', async () => {
    const page = player();
    expect(page.session().matches('loading')).toBe(true);
    expect(page.start.last.input).toEqual({ classId: CLASS_ID });
    page.start.last.resolve(started());
    await settle();
    // The media loads and buffers first: Play is offered once its first segment is buffered.
    expect(page.video().matches({ on: 'priming' })).toBe(true);
    page.media.state.report({ type: 'media.buffered' });
    expect(page.video().matches({ on: 'ready' })).toBe(true);
    expect(page.session().matches({ watching: 'waiting' })).toBe(true);
    expect(page.media.state.inputs).toEqual([
      { sessionId: 'session-1', url: session().master_playlist_url, token: session().token, startSeconds: 0, autoplay: true, volume: 1, muted: false, dataSaver: false, captions: null },
    ]);
    expect(page.keeper.state.inputs).toEqual([{ sessionId: 'session-1', classId: CLASS_ID }]);
  });

  it('plays and pauses through the media, saving the position on pause', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    expect(page.video().matches({ on: 'playing' })).toBe(true);
    page.media.state.report({ type: 'media.time', seconds: 42.5 });
    page.actor.send({ type: 'pause' });
    expect(page.video().matches({ on: 'paused' })).toBe(true);
    expect(page.progress.last.input).toEqual({ classId: CLASS_ID, seconds: 42.5 });
    expect(page.keeper.state.heard.at(-1)).toEqual({ type: 'position', seconds: 42.5 });
  });

  it('saves progress every 10 s while playing, and not while paused', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.time', seconds: 9 });
    page.clock.increment(9_999);
    expect(page.progress.calls).toHaveLength(0);
    page.clock.increment(1);
    expect(page.progress.calls.map((c) => c.input.seconds)).toEqual([9]);
    page.media.state.report({ type: 'media.time', seconds: 19 });
    page.clock.increment(10_000);
    expect(page.progress.calls.map((c) => c.input.seconds)).toEqual([9, 19]);
    page.actor.send({ type: 'pause' });
    page.clock.increment(30_000);
    expect(page.progress.calls.map((c) => c.input.seconds)).toEqual([9, 19, 19]);
  });

  it('offers to resume: "Resume from" plays from the saved position, "Start over" from 0; nothing autoplays', async () => {
    const page = await watching(754);
    expect(page.media.state.inputs[0]?.autoplay).toBe(false);
    expect(page.video().context.resumeSeconds).toBe(754);
    page.actor.send({ type: 'resume' });
    expect(page.media.state.commands).toEqual([{ type: 'play', at: 754 }]);
    expect(page.video().matches({ on: 'playing' })).toBe(true);

    const again = await watching(754);
    again.actor.send({ type: 'startOver' });
    expect(again.media.state.commands).toEqual([{ type: 'play', at: 0 }]);
  });

  it('loads and buffers at the resume point before offering Play, so "Resume from" only plays there', async () => {
    const page = player();
    page.start.last.resolve(started(754));
    await settle();
    expect(page.video().matches({ on: 'priming' })).toBe(true);
    expect(page.media.state.inputs[0]).toMatchObject({ startSeconds: 754, autoplay: false });
    // The session counts as a screen and its heartbeat runs while the media buffers.
    expect(page.session().matches({ watching: 'waiting' })).toBe(true);
    page.media.state.report({ type: 'media.buffered' });
    expect(page.video().matches({ on: 'ready' })).toBe(true);
    page.actor.send({ type: 'resume' });
    expect(page.media.state.commands).toEqual([{ type: 'play', at: 754 }]);
    expect(page.video().matches({ on: 'playing' })).toBe(true);
  });

  it('offers Play after 8 s even when the media has not said it buffered (a browser that waits for a press)', async () => {
    const page = player();
    page.start.last.resolve(started(754));
    await settle();
    page.clock.increment(7_999);
    expect(page.video().matches({ on: 'priming' })).toBe(true);
    page.clock.increment(1);
    expect(page.video().matches({ on: 'ready' })).toBe(true);
  });

  it('plays from the keys or the controls while the media still buffers, and autoplays straight to playing', async () => {
    const page = player();
    page.start.last.resolve(started(754));
    await settle();
    page.actor.send({ type: 'resume' });
    expect(page.media.state.commands).toEqual([{ type: 'play', at: 754 }]);
    expect(page.video().matches({ on: 'playing' })).toBe(true);

    const autoplaying = player();
    autoplaying.start.last.resolve(started());
    await settle();
    autoplaying.media.state.report({ type: 'media.playing' });
    expect(autoplaying.video().matches({ on: 'playing' })).toBe(true);
    // A late "buffered" changes nothing once it plays.
    autoplaying.media.state.report({ type: 'media.buffered' });
    expect(autoplaying.video().matches({ on: 'playing' })).toBe(true);
  });

  it('does not offer a resume point that is not there', async () => {
    const page = await watching(0);
    page.actor.send({ type: 'resume' });
    expect(page.media.state.commands).toEqual([]);
  });

  it('shows buffering while the media waits, and ends with the whole class saved (completed on the server)', async () => {
    const page = await watching();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.waiting' });
    expect(page.video().matches({ on: 'buffering' })).toBe(true);
    page.media.state.report({ type: 'media.playing' });
    page.media.state.report({ type: 'media.ended' });
    expect(page.video().matches({ on: 'ended' })).toBe(true);
    expect(page.progress.last.input).toEqual({ classId: CLASS_ID, seconds: 600 });
    page.actor.send({ type: 'replay' });
    expect(page.media.state.commands.at(-1)).toEqual({ type: 'play', at: 0 });
    expect(page.video().matches({ on: 'playing' })).toBe(true);
  });

  it('counts a monitor’s readings while the class plays, asks how hard it was at its end, and sends the rating with its summary', async () => {
    const page = await watching();
    page.heartRateSetup.last.resolve({ available: true, recording: true, maxHeartRate: 190 });
    await settle();
    page.strap.state.report({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
    page.actor.send({ type: 'play' });
    expect(page.heartRate().context.playing).toBe(true);
    page.media.state.report({ type: 'media.time', seconds: 300 });
    page.strap.state.report({ type: 'strap.reading', bpm: 152 });
    expect(page.heartRate().context.samples).toEqual([{ at: 300, bpm: 152 }]);
    page.actor.send({ type: 'pause' });
    expect(page.heartRate().context.playing).toBe(false);
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.ended' });
    // The end (whatever its save answers): the readings summed up to the class's length, and the question.
    expect(page.effort().value).toBe('asking');
    expect(page.effort().context.summary).toEqual({ averageBpm: 152, maxBpm: 152, zoneSeconds: [0, 0, 0, 10, 0] });
    page.actor.send({ type: 'effort.rate', rating: 7 });
    expect(page.saveEffort.last.input).toEqual({ classId: CLASS_ID, seconds: 600, rating: 7, heartRate: { averageBpm: 152, maxBpm: 152, zoneSeconds: [0, 0, 0, 10, 0] } });
    page.saveEffort.last.resolve({ kind: 'ok', data: { completed: true } });
    await settle();
    expect(page.effort().value).toBe('saved');
    // Watch again (or Start over) asks again at the next end.
    page.actor.send({ type: 'replay' });
    expect(page.effort().value).toBe('watching');
    page.media.state.report({ type: 'media.ended' });
    page.actor.send({ type: 'effort.skip' });
    expect(page.effort().value).toBe('skipped');
    page.actor.send({ type: 'startOver' });
    expect(page.effort().value).toBe('watching');
    page.actor.send({ type: 'heartRate.disconnect' });
    expect(page.heartRate().value).toBe('idle');
    page.actor.send({ type: 'heartRate.connect' });
    expect(page.strap.state.heard.map((command) => command.type)).toEqual(['strap.find', 'strap.disconnect', 'strap.pair']);
  });

  it('takes the rating’s retry to the effort, and sends no summary without a monitor', async () => {
    const page = await watching();
    page.heartRateSetup.last.resolve({ available: false, recording: false, maxHeartRate: null });
    await settle();
    page.actor.send({ type: 'play' });
    page.media.state.report({ type: 'media.ended' });
    page.actor.send({ type: 'effort.rate', rating: 4 });
    expect(page.saveEffort.last.input).toEqual({ classId: CLASS_ID, seconds: 600, rating: 4, heartRate: null });
    page.saveEffort.last.resolve({ kind: 'failed', status: 500, body: null });
    await settle();
    page.actor.send({ type: 'effort.retry' });
    expect(page.saveEffort.calls).toHaveLength(2);
  });

  it('seeks within the class by slider and by steps', async () => {
    const page = await watching();
    page.actor.send({ type: 'seek.to', seconds: 120 });
    page.actor.send({ type: 'seek.by', seconds: 5 });
    page.actor.send({ type: 'seek.by', seconds: -500 });
    page.actor.send({ type: 'seek.to', seconds: 9999 });
    expect(page.media.state.commands).toEqual([
      { type: 'seek', seconds: 120 },
      { type: 'seek', seconds: 125 },
      { type: 'seek', seconds: 0 },
      { type: 'seek', seconds: 600 },
    ]);
  });

  it('sets the volume, mutes, and unmuting a silent volume brings the sound back', async () => {
    const page = await watching();
    page.actor.send({ type: 'volume.set', volume: 0.4 });
    page.actor.send({ type: 'mute.toggle' });
    page.actor.send({ type: 'mute.toggle' });
    page.actor.send({ type: 'volume.set', volume: 0 });
    page.actor.send({ type: 'mute.toggle' });
    expect(page.media.state.commands).toEqual([
      { type: 'volume', volume: 0.4, muted: false },
      { type: 'volume', volume: 0.4, muted: true },
      { type: 'volume', volume: 0.4, muted: false },
      { type: 'volume', volume: 0, muted: true },
      { type: 'volume', volume: 1, muted: false },
    ]);
  });

  it('turns captions on in the interface language, follows a language change, and turns them off, remembering each choice', async () => {
    const page = await watching();
    page.actor.send({ type: 'captions.language', language: 'es' });
    expect(page.video().context.captions).toBeNull();
    page.actor.send({ type: 'captions.toggle', language: 'es' });
    page.actor.send({ type: 'captions.language', language: 'en' });
    page.actor.send({ type: 'captions.language', language: 'en' });
    page.actor.send({ type: 'captions.toggle', language: 'en' });
    const expected = [
      { type: 'captions', language: 'es' },
      { type: 'captions', language: 'en' },
      { type: 'captions', language: null },
    ];
    expect(page.media.state.commands).toEqual(expected);
    // Kept for the next class (this device and the account): only real changes.
    expect(page.preferences.state.heard).toEqual(expected);
  });

  it('starts a class with the remembered captions in their language, and takes the account\'s when it answers', async () => {
    const page = player();
    // What this device kept arrives before the session starts: the media starts with it.
    page.preferences.state.report({ type: 'captions.restore', language: 'es' });
    page.start.last.resolve(started());
    await settle();
    expect(page.media.state.inputs[0]?.captions).toBe('es');
    expect(page.video().context.captions).toBe('es');
    // The account's choice (made on another device) arrives while the class plays.
    page.media.state.report({ type: 'media.buffered' });
    page.preferences.state.report({ type: 'captions.restore', language: null });
    expect(page.media.state.commands).toEqual([{ type: 'captions', language: null }]);
    // Restoring is not a new choice: nothing is sent back to be kept.
    expect(page.preferences.state.heard).toEqual([]);
  });

  it('offers only the playlist\'s qualities (the plan\'s) and Auto, and shows the one playing', async () => {
    const page = await watching();
    page.media.state.report({ type: 'media.levels', heights: [720, 360] });
    page.media.state.report({ type: 'media.level', height: 360 });
    expect(page.rendition().context).toMatchObject({ levels: [360, 720], currentHeight: 360, quality: 'auto' });
    page.actor.send({ type: 'quality.select', quality: 1080 });
    page.actor.send({ type: 'quality.select', quality: 720 });
    page.actor.send({ type: 'quality.select', quality: 'auto' });
    expect(page.media.state.commands).toEqual([
      { type: 'quality', quality: 720 },
      { type: 'quality', quality: 'auto' },
    ]);
  });

  it('with data saver limiting, offers only the renditions up to its cap, tells the media, and drops a choice above it to Auto', async () => {
    const page = await watching();
    page.media.state.report({ type: 'media.levels', heights: [1080, 720, 360] });
    page.actor.send({ type: 'quality.select', quality: 1080 });
    page.actor.send({ type: 'dataSaver.changed', limiting: true });
    // No 480p on this ladder: the lowest rendition above 360p, 720p, is the cap.
    expect(offeredLevels(page.rendition().context)).toEqual([360, 720]);
    expect(page.rendition().context.quality).toBe('auto');
    page.actor.send({ type: 'quality.select', quality: 1080 });
    page.actor.send({ type: 'dataSaver.changed', limiting: false });
    page.actor.send({ type: 'quality.select', quality: 1080 });
    expect(page.media.state.commands).toEqual([
      { type: 'quality', quality: 1080 },
      { type: 'dataSaver', limiting: true },
      { type: 'quality', quality: 'auto' },
      { type: 'dataSaver', limiting: false },
      { type: 'quality', quality: 'auto' },
      { type: 'quality', quality: 1080 },
    ]);
  });

  it('sends a heartbeat every 30 s and passes the renewed grant to the media', async () => {
    const page = await watching();
    page.clock.increment(29_999);
    expect(page.heartbeat.calls).toHaveLength(0);
    page.clock.increment(1);
    expect(page.heartbeat.last.input).toEqual({ sessionId: 'session-1' });
    page.heartbeat.last.resolve({ kind: 'ok', data: { kind: 'live', session: session('session-1', 'token-2') } });
    await settle();
    expect(page.media.state.commands).toEqual([{ type: 'token', token: 'token-2' }]);
    page.clock.increment(30_000);
    expect(page.heartbeat.calls).toHaveLength(2);
  });

  it('says so when another device stopped this one, stops the media, and can watch here again', async () => {
    const page = await watching();
    page.clock.increment(30_000);
    page.heartbeat.last.resolve({ kind: 'ok', data: { kind: 'ended', reason: 'stopped' } });
    await settle();
    expect(page.session().matches('stopped')).toBe(true);
    expect(page.session().context.endReason).toBe('stopped');
    expect(page.media.state.running).toBe(0);
    expect(page.keeper.state.stopped).toBe(1);
    page.actor.send({ type: 'retry' });
    expect(page.session().matches('loading')).toBe(true);
  });

  it('is not allowed when a heartbeat finds the subscription no longer gives access', async () => {
    const page = await watching();
    page.clock.increment(30_000);
    page.heartbeat.last.resolve({ kind: 'ok', data: { kind: 'refused', reason: 'payment_required' } });
    await settle();
    expect(page.session().matches('notAllowed')).toBe(true);
    expect(page.session().context.refusal).toBe('payment_required');
  });

  it.each(['no_subscription', 'subscription_ended', 'payment_required', 'device_not_allowed'] as const)('is not allowed to start with %s', async (reason) => {
    const page = player();
    page.start.last.resolve({ kind: 'ok', data: { kind: 'refused', reason } });
    await settle();
    expect(page.session().matches('notAllowed')).toBe(true);
    expect(page.session().context.refusal).toBe(reason);
    expect(page.media.state.inputs).toEqual([]);
  });

  it('lists the devices when every screen is in use, and stopping one starts here', async () => {
    const page = player();
    page.start.last.resolve({ kind: 'ok', data: { kind: 'screenLimit', screens: 1, watching: [laptop] } });
    await settle();
    expect(page.session().matches('screenLimit')).toBe(true);
    expect(page.session().context).toMatchObject({ screens: 1, watching: [laptop] });
    page.actor.send({ type: 'device.stop', sessionId: 'other-1' });
    expect(page.session().hasTag('busy')).toBe(true);
    expect(page.stop.last.input).toEqual({ sessionId: 'other-1' });
    page.stop.last.resolve({ kind: 'ok', data: {} });
    await settle();
    expect(page.start.calls).toHaveLength(2);
    page.start.last.resolve(started());
    await settle();
    expect(page.session().matches('watching')).toBe(true);
  });

  it('fails with a reason it can say, and tries again', async () => {
    const page = player();
    page.start.last.resolve({ kind: 'failed', status: 503, body: { message: 'Still being prepared.' } });
    await settle();
    expect(page.session().matches('failed')).toBe(true);
    expect(page.session().context.failure).toBe('preparing');
    page.actor.send({ type: 'retry' });
    expect(page.session().matches('loading')).toBe(true);
    expect(page.session().context.failure).toBeNull();
  });

  it('fails when the media cannot play, ending the session through the keeper', async () => {
    const page = await watching();
    page.media.state.report({ type: 'media.error' });
    expect(page.session().matches('failed')).toBe(true);
    expect(page.session().context.failure).toBe('media');
    expect(page.keeper.state.stopped).toBe(1);
  });
});
