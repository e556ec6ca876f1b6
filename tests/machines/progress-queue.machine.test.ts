// The offline progress queue (decision 041): reports that cannot be sent wait on the device and
// go to the server when the connection returns, oldest first, each with its own id; a report the
// server refuses for good is dropped, one that gets no answer waits for the next try.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { progressQueueMachine, type FlushOutcome } from '@machines/progress-queue.machine';
import { memoryProgressStore, progressQueue } from '@features/progress-queue/progress-queue';
import type { Outcome } from '@domain/request-outcome';

type Sent = { classId: string; seconds: number; reportId?: string; watchedAt?: string; effort?: unknown };

/** A server that answers as told, and remembers what reached it (each report id applied once). */
function fakeServer() {
  const applied = new Map<string, Sent>();
  const reached: Sent[] = [];
  let answer: (sent: Sent) => Outcome<{ completed: boolean }> = () => ({ kind: 'ok', data: { completed: false } });
  return {
    applied,
    reached,
    answer: (next: typeof answer) => (answer = next),
    api: {
      saveProgress: async (sent: Sent) => {
        const outcome = answer(sent);
        if (outcome.kind !== 'unreachable') reached.push(sent);
        if (outcome.kind === 'ok' && sent.reportId) applied.set(sent.reportId, sent);
        return outcome;
      },
    },
  };
}

function setUp(options: { online: boolean; account?: string | null }) {
  const server = fakeServer();
  const store = memoryProgressStore();
  const clock = new SimulatedClock();
  let online = options.online;
  let account = options.account === undefined ? 'ana@example.com' : options.account;
  let profile: string | null = 'profile-ana';
  let minutes = 0;
  let ids = 0;
  const queue = progressQueue({
    api: server.api,
    store,
    account: () => account,
    profile: () => (account ? profile : null),
    online: () => online,
    flushSoon: () => actor.send({ type: 'queue.flush' }),
    now: () => new Date(Date.UTC(2026, 10, 25, 10, minutes++)),
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  const actor = createActor(progressQueueMachine.provide({ actors: { flushQueue: fromPromise<FlushOutcome>(queue.flush) } }), { clock, input: { online } }).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    server,
    store,
    clock,
    actor,
    queue,
    settle,
    goOnline: () => {
      online = true;
      actor.send({ type: 'connection.online' });
    },
    goOffline: () => {
      online = false;
      actor.send({ type: 'connection.offline' });
    },
    signIn: (who: string) => {
      account = who;
      actor.send({ type: 'queue.flush' });
    },
    /** Another profile of the account is chosen on this device (a flush follows, as in the app). */
    switchTo: (next: string) => {
      profile = next;
      actor.send({ type: 'queue.flush' });
    },
  };
}

describe('progress queue machine', () => {
  it('flushes when the connection returns and when told to, and never while offline', () => {
    const flushed: string[] = [];
    const machine = progressQueueMachine.provide({ actors: { flushQueue: fromPromise<FlushOutcome>(async () => (flushed.push('flush'), new Promise(() => {}))) } });
    const actor = createActor(machine, { input: { online: false } }).start();
    actor.send({ type: 'queue.flush' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'connection.online' });
    expect(actor.getSnapshot().value).toBe('flushing');
    actor.send({ type: 'connection.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
  });

  it('tries again 30 s after the server could not be reached', async () => {
    const clock = new SimulatedClock();
    let answers: FlushOutcome[] = [{ kind: 'unreachable' }, { kind: 'sent' }];
    const machine = progressQueueMachine.provide({ actors: { flushQueue: fromPromise<FlushOutcome>(async () => answers.shift()!) } });
    const actor = createActor(machine, { clock, input: { online: true } }).start();
    actor.send({ type: 'queue.flush' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(29_999);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    answers = [];
  });
});

describe('reportProgress and the flush', () => {
  it('sends a report at once while online, with its id and the time it was watched', async () => {
    const t = setUp({ online: true });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 30 });
    expect(t.server.reached).toEqual([{ classId: 'yoga', seconds: 30, reportId: expect.any(String), watchedAt: '2026-11-25T10:00:00.000Z', keepalive: undefined }]);
    expect(await t.store.of('ana@example.com')).toEqual([]);
  });

  it('keeps reports watched offline and sends each once, oldest first, when the connection returns', async () => {
    const t = setUp({ online: false });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 10 });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 20 });
    expect(t.server.reached).toEqual([]);
    expect(await t.store.of('ana@example.com')).toHaveLength(2);
    t.goOnline();
    await t.settle();
    expect(t.server.reached.map((r) => [r.seconds, r.watchedAt])).toEqual([
      [10, '2026-11-25T10:00:00.000Z'],
      [20, '2026-11-25T10:01:00.000Z'],
    ]);
    expect(await t.store.of('ana@example.com')).toEqual([]);
    // A second flush (the app restarted, signed in again) sends nothing more.
    t.actor.send({ type: 'queue.flush' });
    await t.settle();
    expect(t.server.reached).toHaveLength(2);
  });

  it('keeps the effort of a class ended offline with its last report and sends it once, after the reports before it (decision 073)', async () => {
    const t = setUp({ online: false });
    const effort = { rating: 7, heart_rate: { average_bpm: 138, max_bpm: 171, zone_seconds: [60, 300, 900, 300, 0] } };
    await t.queue.reportProgress({ classId: 'yoga', seconds: 1700 });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 1800, effort });
    expect(t.server.reached).toEqual([]);
    t.goOnline();
    await t.settle();
    expect(t.server.reached.map((r) => [r.seconds, r.effort])).toEqual([
      [1700, undefined],
      [1800, effort],
    ]);
    t.actor.send({ type: 'queue.flush' });
    await t.settle();
    expect(t.server.reached).toHaveLength(2);
  });

  it('queues a report that got no answer while the device said it was online, and sends it on the retry', async () => {
    const t = setUp({ online: true });
    t.server.answer(() => ({ kind: 'unreachable' }));
    await t.queue.reportProgress({ classId: 'yoga', seconds: 40 });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('waiting');
    t.server.answer(() => ({ kind: 'ok', data: { completed: false } }));
    t.clock.increment(30_000);
    await t.settle();
    expect([...t.server.applied.values()].map((r) => r.seconds)).toEqual([40]);
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('sends a report cut short again under the same id, so the server counts it once', async () => {
    const t = setUp({ online: true });
    t.server.answer((sent) => (t.server.reached.some((r) => r.reportId === sent.reportId) ? { kind: 'ok', data: { completed: false } } : { kind: 'cancelled' }));
    await t.queue.reportProgress({ classId: 'yoga', seconds: 50 });
    await t.settle();
    const ids = t.server.reached.map((r) => r.reportId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(t.server.applied.size).toBe(1);
  });

  it('drops a report the server refuses for good (too old, class gone) and keeps one refused for the sign-in', async () => {
    const t = setUp({ online: false });
    await t.queue.reportProgress({ classId: 'gone', seconds: 5 });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 6 });
    t.server.answer((sent) => (sent.classId === 'gone' ? { kind: 'failed', status: 404, body: null } : { kind: 'failed', status: 401, body: null }));
    t.goOnline();
    await t.settle();
    expect((await t.store.of('ana@example.com')).map((r) => r.classId)).toEqual(['yoga']);
    expect(t.actor.getSnapshot().value).toBe('waiting');
  });

  it('sends an account’s reports only while that account is signed in', async () => {
    const t = setUp({ online: false });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 7 });
    t.signIn('bea@example.com');
    t.goOnline();
    await t.settle();
    expect(t.server.reached).toEqual([]);
    t.signIn('ana@example.com');
    await t.settle();
    expect(t.server.reached.map((r) => r.seconds)).toEqual([7]);
  });

  it('sends a profile’s reports only while that profile is chosen, never as another one (decision 064)', async () => {
    const t = setUp({ online: false });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 7 });
    t.switchTo('profile-leo');
    await t.queue.reportProgress({ classId: 'pilates', seconds: 9 });
    t.goOnline();
    await t.settle();
    expect(t.server.reached.map((r) => r.seconds)).toEqual([9]);
    t.switchTo('profile-ana');
    await t.settle();
    expect(t.server.reached.map((r) => r.seconds)).toEqual([9, 7]);
    expect(await t.store.of('ana@example.com')).toEqual([]);
  });

  it('keeps only the signed-in account’s reports when asked, and none after a sign-out (a shared computer)', async () => {
    const t = setUp({ online: false });
    await t.queue.reportProgress({ classId: 'yoga', seconds: 7 });
    t.signIn('bea@example.com');
    await t.queue.reportProgress({ classId: 'pilates', seconds: 9 });
    await t.queue.keepOnly('bea@example.com');
    expect(await t.store.of('ana@example.com')).toEqual([]);
    expect((await t.store.of('bea@example.com')).map((r) => r.seconds)).toEqual([9]);
    await t.queue.keepOnly(null);
    expect(await t.store.of('bea@example.com')).toEqual([]);
  });

  it('saves nothing when no one is signed in', async () => {
    const t = setUp({ online: false, account: null });
    expect(await t.queue.reportProgress({ classId: 'yoga', seconds: 7 })).toMatchObject({ kind: 'failed', status: 401 });
    expect(await t.store.of('ana@example.com')).toEqual([]);
  });
});

describe('progress queue machine: when it flushes', () => {
  function queueMachine(online: boolean) {
    const clock = new SimulatedClock();
    const flushes: { resolve: (outcome: FlushOutcome) => void; reject: (error: unknown) => void }[] = [];
    const machine = progressQueueMachine.provide({
      actors: { flushQueue: fromPromise<FlushOutcome>(() => new Promise((resolve, reject) => void flushes.push({ resolve, reject }))) },
    });
    const actor = createActor(machine, { clock, input: { online } }).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, clock, flushes, settle };
  }

  it('starts idle online and waits for the connection offline', () => {
    expect(queueMachine(true).actor.getSnapshot().value).toBe('idle');
    expect(queueMachine(false).actor.getSnapshot().value).toBe('offline');
  });

  it('goes offline from idle, and a flush asked for offline waits for the connection', () => {
    const { actor, flushes } = queueMachine(true);
    actor.send({ type: 'connection.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'queue.flush' });
    expect(flushes).toHaveLength(0);
  });

  it('asked again while flushing, flushes once more (not once per ask), then rests', async () => {
    const { actor, flushes, settle } = queueMachine(true);
    actor.send({ type: 'queue.flush' });
    actor.send({ type: 'queue.flush' });
    actor.send({ type: 'queue.flush' });
    expect(flushes).toHaveLength(1);
    flushes[0]!.resolve({ kind: 'sent' });
    await settle();
    expect(actor.getSnapshot().value).toBe('flushing');
    expect(flushes).toHaveLength(2);
    flushes[1]!.resolve({ kind: 'sent' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(flushes).toHaveLength(2);
  });

  it('a flush that fails outright waits to try again', async () => {
    const { actor, flushes, settle } = queueMachine(true);
    actor.send({ type: 'queue.flush' });
    flushes[0]!.reject(new Error('storage closed'));
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('while waiting, the connection returning tries at once, and the connection dropping waits for it', async () => {
    const { actor, clock, flushes, settle } = queueMachine(true);
    actor.send({ type: 'queue.flush' });
    flushes[0]!.resolve({ kind: 'unreachable' });
    await settle();
    actor.send({ type: 'connection.online' });
    expect(actor.getSnapshot().value).toBe('flushing');
    expect(flushes).toHaveLength(2);
    flushes[1]!.resolve({ kind: 'unreachable' });
    await settle();
    actor.send({ type: 'connection.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
    clock.increment(30_000);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(flushes).toHaveLength(2);
  });
});
