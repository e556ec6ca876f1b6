// Heart rate in the player (machines/heart-rate-monitor.machine.ts), driven as a class goes: the
// readings count only while the class plays (each at the class's time); the end sums them
// up for the effort (zones from the maximum); a lost strap keeps the device and shows no reading
// until it is back; a screen reader hears the heart rate at most once a minute; the chooser closed
// leaves Connect as it was.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { summarise } from '@domain/heart-rate';
import { heartRateMonitorMachine, type HeartRateSetup, type StrapCommand } from '@machines/heart-rate-monitor.machine';

function heartRate(setupAnswer: HeartRateSetup | Error = { available: true, recording: true, maxHeartRate: 190 }) {
  const commands: StrapCommand['type'][] = [];
  let turnedOn = 0;
  const toParent: AnyEventObject[] = [];
  const clock = new SimulatedClock();
  const machine = heartRateMonitorMachine.provide({
    actors: {
      setup: fromPromise(async () => {
        if (setupAnswer instanceof Error) throw setupAnswer;
        return setupAnswer;
      }),
      turnOn: fromPromise(async () => {
        turnedOn += 1;
      }),
      strap: fromCallback<StrapCommand>(({ receive }) => receive((command) => commands.push(command.type))),
    },
  });
  // A parent that keeps what the child tells it (the summary).
  const parent = setup({ actors: { child: machine } }).createMachine({
    invoke: { id: 'child', src: 'child' },
    on: { '*': { actions: ({ event }) => toParent.push(event) } },
  });
  const root = createActor(parent, { clock }).start();
  const child = () => root.getSnapshot().children.child!;
  const send = (event: AnyEventObject) => child().send(event as never);
  const snapshot = () => child().getSnapshot() as SnapshotFrom<typeof heartRateMonitorMachine>;
  return { send, snapshot, commands, toParent, clock, turnedOn: () => turnedOn };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player heart-rate machine', () => {
  it('finds the device chosen before when recording is on, and counts readings only while the class plays', async () => {
    const t = heartRate();
    await settle();
    expect(t.snapshot().value).toBe('searching');
    expect(t.commands).toEqual(['strap.find']);
    t.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
    t.send({ type: 'strap.reading', bpm: 100 });
    expect(t.snapshot().context.bpm).toBe(100);
    expect(t.snapshot().context.samples).toEqual([]);
    t.send({ type: 'video.playing' });
    for (const second of [0, 5, 10]) {
      t.send({ type: 'video.time', seconds: second });
      t.send({ type: 'strap.reading', bpm: 120 + second });
    }
    expect(t.snapshot().context.samples).toEqual([
      { at: 0, bpm: 120 },
      { at: 5, bpm: 125 },
      { at: 10, bpm: 130 },
    ]);
    t.send({ type: 'video.paused' });
    t.send({ type: 'video.time', seconds: 20 });
    t.send({ type: 'strap.reading', bpm: 170 });
    expect(t.snapshot().context.samples).toHaveLength(3);
    t.send({ type: 'video.ended', seconds: 600 });
    const samples = [
      { at: 0, bpm: 120 },
      { at: 5, bpm: 125 },
      { at: 10, bpm: 130 },
    ];
    expect(t.toParent).toEqual([{ type: 'heartRate.summary', summary: summarise(samples, 190, 600), seconds: 600 }]);
    expect(t.snapshot().context.samples).toEqual([]);
  });

  it('keeps the device through a lost connection, with no reading until it is back', async () => {
    const t = heartRate();
    await settle();
    t.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
    t.send({ type: 'strap.reading', bpm: 140 });
    t.send({ type: 'strap.lost' });
    expect(t.snapshot().value).toBe('reconnecting');
    expect(t.snapshot().context.device).toEqual({ name: 'Polar H10', battery: 87 });
    expect(t.snapshot().context.bpm).toBeNull();
    t.send({ type: 'strap.connected', name: 'Polar H10', battery: 86 });
    t.send({ type: 'strap.reading', bpm: 150 });
    expect(t.snapshot().value).toBe('connected');
    expect(t.snapshot().context.bpm).toBe(150);
  });

  it('tells a screen reader the first reading, then at most once a minute', async () => {
    const t = heartRate();
    await settle();
    t.send({ type: 'strap.connected', name: '', battery: null });
    t.send({ type: 'strap.reading', bpm: 120 });
    t.send({ type: 'strap.reading', bpm: 150 });
    expect(t.snapshot().context.announced).toBe(120);
    t.clock.increment(59_000);
    t.send({ type: 'strap.reading', bpm: 155 });
    expect(t.snapshot().context.announced).toBe(120);
    t.clock.increment(1_000);
    expect(t.snapshot().context.announced).toBe(155);
  });

  it('asks for consent from recording off, and a closed chooser leaves Connect; no Bluetooth offers nothing', async () => {
    const off = heartRate({ available: true, recording: false, maxHeartRate: null });
    await settle();
    expect(off.snapshot().value).toBe('off');
    off.send({ type: 'heartRate.connect' });
    expect(off.snapshot().value).toBe('pairing');
    expect(off.commands).toEqual(['strap.pair']);
    off.send({ type: 'strap.cancelled' });
    expect(off.snapshot().value).toBe('idle');
    expect(off.snapshot().context.failed).toBe(false);
    const none = heartRate({ available: false, recording: false, maxHeartRate: null });
    await settle();
    expect(none.snapshot().value).toBe('unavailable');
    none.send({ type: 'heartRate.connect' });
    expect(none.commands).toEqual([]);
  });

  it('keeps the consent only from recording off, and a failed pairing says so until the next try', async () => {
    const off = heartRate({ available: true, recording: false, maxHeartRate: null });
    await settle();
    off.send({ type: 'heartRate.connect' });
    await settle();
    expect(off.turnedOn()).toBe(1);
    off.send({ type: 'strap.failed' });
    expect(off.snapshot().value).toBe('idle');
    expect(off.snapshot().context.failed).toBe(true);
    off.send({ type: 'heartRate.connect' });
    await settle();
    expect(off.snapshot().value).toBe('pairing');
    expect(off.snapshot().context.failed).toBe(false);
    expect(off.turnedOn()).toBe(1);
    expect(off.commands).toEqual(['strap.pair', 'strap.pair']);
    off.send({ type: 'strap.failed' });
    off.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
    expect(off.snapshot().value).toBe('idle');
    off.send({ type: 'heartRate.connect' });
    off.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
    expect(off.snapshot().value).toBe('connected');
    expect(off.snapshot().context).toMatchObject({ device: { name: 'Polar H10', battery: 87 }, failed: false });
  });

  it('goes to Connect when the device chosen before is not found or fails, and pairs another from the search', async () => {
    for (const report of ['strap.notFound', 'strap.failed'] as const) {
      const t = heartRate();
      await settle();
      t.send({ type: report });
      expect(t.snapshot().value).toBe('idle');
      expect(t.snapshot().context.failed).toBe(false);
    }
    const t = heartRate();
    await settle();
    t.send({ type: 'heartRate.connect' });
    expect(t.snapshot().value).toBe('pairing');
    expect(t.commands).toEqual(['strap.find', 'strap.pair']);
    expect(t.turnedOn()).toBe(0);
  });

  it('lets the device go on Disconnect, connected or reconnecting, and forgets what it read', async () => {
    for (const lost of [false, true]) {
      const t = heartRate();
      await settle();
      t.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
      t.send({ type: 'strap.reading', bpm: 140 });
      if (lost) t.send({ type: 'strap.lost' });
      t.send({ type: 'heartRate.disconnect' });
      expect(t.snapshot().value).toBe('idle');
      expect(t.snapshot().context).toMatchObject({ device: null, bpm: null, announced: null });
      expect(t.commands.at(-1)).toBe('strap.disconnect');
      t.send({ type: 'strap.reading', bpm: 150 });
      expect(t.snapshot().context.bpm).toBeNull();
    }
  });

  it('takes no reading, device or consent in a browser without Bluetooth or when the setup fails', async () => {
    for (const answer of [{ available: false, recording: true, maxHeartRate: 190 }, new Error('storage')]) {
      const t = heartRate(answer);
      await settle();
      expect(t.snapshot().value).toBe('unavailable');
      t.send({ type: 'strap.connected', name: 'Polar H10', battery: 87 });
      t.send({ type: 'strap.reading', bpm: 140 });
      expect(t.snapshot().context).toMatchObject({ device: null, bpm: null, maxHeartRate: null });
    }
  });

  it('sums the class up to where it ended, from the class time of each reading, with no zones without a maximum', async () => {
    const t = heartRate({ available: true, recording: true, maxHeartRate: null });
    await settle();
    expect(t.snapshot().context.maxHeartRate).toBeNull();
    t.send({ type: 'strap.connected', name: '', battery: null });
    t.send({ type: 'video.playing' });
    t.send({ type: 'video.time', seconds: 100 });
    t.send({ type: 'strap.reading', bpm: 120 });
    t.send({ type: 'video.time', seconds: 104 });
    t.send({ type: 'strap.reading', bpm: 140 });
    t.send({ type: 'video.ended', seconds: 108 });
    expect(t.toParent).toEqual([{ type: 'heartRate.summary', summary: { averageBpm: 130, maxBpm: 140, zoneSeconds: null }, seconds: 108 }]);
    expect(t.snapshot().context.position).toBe(108);
    expect(t.snapshot().context.playing).toBe(false);
    // Replayed: a new class's readings, from the start.
    t.send({ type: 'video.playing' });
    t.send({ type: 'video.time', seconds: 0 });
    t.send({ type: 'strap.reading', bpm: 100 });
    expect(t.snapshot().context.samples).toEqual([{ at: 0, bpm: 100 }]);
  });

  it('keeps telling a screen reader once a minute, not at every reading', async () => {
    const t = heartRate();
    await settle();
    t.send({ type: 'strap.connected', name: '', battery: null });
    t.send({ type: 'strap.reading', bpm: 120 });
    t.clock.increment(60_000);
    t.send({ type: 'strap.reading', bpm: 130 });
    expect(t.snapshot().context.announced).toBe(120);
    t.clock.increment(60_000);
    expect(t.snapshot().context.announced).toBe(130);
    t.send({ type: 'strap.lost' });
    expect(t.snapshot().context.announced).toBeNull();
  });
});
