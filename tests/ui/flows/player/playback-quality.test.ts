// The player's quality observer (src/flows/player/playback-quality.ts), fed the video element's
// events as a browser fires them and read as the heartbeat reads it: start-up from the ask to
// the first frame, stalls that are not a seek's wait, watched time, rendition switches, failures.
import { describe, expect, it } from 'vitest';
import { createQualityObserver, forgetQuality, qualityOf, qualityReport } from '@flows/player/playback-quality';

/** An observer on a stand-in video element and a clock the test moves. */
function observed() {
  let clock = 1_000;
  const video = new EventTarget();
  const observer = createQualityObserver(() => clock);
  observer.watch(video);
  return {
    observer,
    fire: (...names: string[]) => names.forEach((name) => video.dispatchEvent(new Event(name))),
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the quality observer', () => {
  it('times the start-up from the press of Play to the first frame, once', () => {
    const { observer, fire, wait } = observed();
    wait(5_000); // the media primes; the viewer has not pressed Play yet
    observer.asked();
    wait(300);
    fire('waiting');
    wait(450);
    fire('playing');
    wait(10_000);
    fire('pause');
    observer.asked();
    wait(200);
    fire('playing');
    expect(observer.totals()).toMatchObject({ startup_ms: 750, stalls: 0, stalled_ms: 0 });
  });

  it('times a class that plays at once from when the player asked for it, and a blocked autoplay from the press', () => {
    const { observer, fire, wait } = observed();
    observer.asked(0); // the player opened 1 s before the media started
    wait(500);
    fire('playing');
    expect(observer.totals().startup_ms).toBe(1_500);

    const blocked = observed();
    blocked.observer.asked();
    blocked.wait(2_000);
    blocked.observer.blocked();
    blocked.wait(60_000); // the viewer reads the page, then presses Play
    blocked.observer.asked();
    blocked.wait(250);
    blocked.fire('playing');
    expect(blocked.observer.totals().startup_ms).toBe(250);
  });

  it('counts stalls and their time after the first frame, and watched time apart from them', () => {
    const { observer, fire, wait } = observed();
    observer.asked();
    fire('playing');
    wait(10_000);
    fire('waiting');
    wait(2_000);
    fire('waiting'); // the same stall, told again
    wait(1_000);
    fire('playing');
    wait(5_000);
    fire('waiting');
    wait(500);
    // Read mid-stall: the time so far counts.
    expect(observer.totals()).toMatchObject({ watched_ms: 15_000, stalls: 2, stalled_ms: 3_500 });
    fire('pause');
    wait(60_000);
    expect(observer.totals()).toMatchObject({ watched_ms: 15_000, stalls: 2, stalled_ms: 3_500 });
  });

  it('does not count the wait after a seek the viewer made as a stall', () => {
    const { observer, fire, wait } = observed();
    observer.asked();
    fire('playing');
    wait(4_000);
    fire('seeking', 'waiting');
    wait(1_500);
    fire('seeked');
    wait(500);
    fire('waiting', 'playing');
    wait(1_000);
    expect(observer.totals()).toMatchObject({ watched_ms: 5_000, stalls: 0, stalled_ms: 0 });
  });

  it('counts rendition switches and names the rendition playing, by the ladder', () => {
    const { observer } = observed();
    expect(observer.totals()).toMatchObject({ switches: 0, rendition: null });
    observer.rendition(360);
    observer.rendition(360);
    observer.rendition(1080);
    observer.rendition(720);
    expect(observer.totals()).toMatchObject({ switches: 2, rendition: '720p' });
    // A height that is not a rung of the ladder is not named (the server would not know it).
    observer.rendition(542);
    expect(observer.totals()).toMatchObject({ switches: 3, rendition: null });
  });

  it('counts failures by kind and stops the watched clock', () => {
    const { observer, fire, wait } = observed();
    observer.asked();
    fire('playing');
    wait(2_000);
    observer.failed('network');
    wait(9_000);
    expect(observer.totals()).toMatchObject({ watched_ms: 2_000, failures: { network: 1, media: 0, unsupported: 0, other: 0 } });
  });

  it('reports totals that never go down, however often they are read', () => {
    const { observer, fire, wait } = observed();
    observer.asked();
    wait(333.3);
    fire('playing');
    const readings = [];
    for (let step = 0; step < 20; step += 1) {
      wait(step % 3 === 0 ? 0.4 : 1_000.3);
      if (step === 7) fire('waiting');
      if (step === 9) fire('playing');
      readings.push(observer.totals());
    }
    for (const [index, reading] of readings.entries()) {
      const before = readings[index - 1];
      if (!before) continue;
      expect(reading.watched_ms).toBeGreaterThanOrEqual(before.watched_ms);
      expect(reading.stalled_ms).toBeGreaterThanOrEqual(before.stalled_ms);
      expect(Number.isInteger(reading.watched_ms) && Number.isInteger(reading.stalled_ms)).toBe(true);
    }
    expect(readings.at(-1)?.startup_ms).toBe(333);
  });
});

describe('observers by session', () => {
  it('keeps one observer per session until its end report is taken', () => {
    qualityOf('session-1').rendition(720);
    expect(qualityOf('session-1')).toBe(qualityOf('session-1'));
    expect(qualityReport('session-1')).toMatchObject({ rendition: '720p' });
    expect(qualityReport('session-2')).toBeUndefined();
    forgetQuality('session-1');
    expect(qualityReport('session-1')).toBeUndefined();
  });
});
