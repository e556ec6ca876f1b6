// "How hard was it?" (machines/player-effort.machine.ts) as a class ends: asked once at its end,
// a 1–10 rating or a skip; the effort sent with the report that ends the class (its length, the
// rating, the heart-rate summary); kept, kept on the device, refused with the server's reason and
// Try again, or silent; watching again asks again.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import { playerEffortMachine, type EffortToSave, type SaveEffortOutput } from '@machines/player-effort.machine';
import { controlledActor, settle } from './controlled-actor';

const summary = { averageBpm: 132, maxBpm: 171, zoneSeconds: [60, 300, 900, 300, 0] as [number, number, number, number, number] };

function effort() {
  const save = controlledActor<SaveEffortOutput, EffortToSave>();
  const actor = createActor(playerEffortMachine.provide({ actors: { saveEffort: save.logic } }), { input: { classId: 'yoga' } }).start();
  return { actor, save, state: () => actor.getSnapshot() };
}

describe('player effort machine', () => {
  it('asks nothing while the class plays, then asks at its end with the summary', () => {
    const t = effort();
    expect(t.state().value).toBe('watching');
    t.actor.send({ type: 'effort.rate', rating: 7 });
    t.actor.send({ type: 'effort.skip' });
    expect(t.state().value).toBe('watching');
    expect(t.save.calls).toHaveLength(0);
    t.actor.send({ type: 'heartRate.summary', summary, seconds: 1800 });
    expect(t.state().value).toBe('asking');
    expect(t.state().context).toMatchObject({ summary, seconds: 1800, rating: null, notice: null });
  });

  it('sends a rating from 1 to 10 with the class length and the summary, and shows it kept', async () => {
    const t = effort();
    t.actor.send({ type: 'heartRate.summary', summary, seconds: 1800 });
    t.actor.send({ type: 'effort.rate', rating: 0 });
    t.actor.send({ type: 'effort.rate', rating: 11 });
    t.actor.send({ type: 'effort.rate', rating: 6.5 });
    expect(t.state().value).toBe('asking');
    t.actor.send({ type: 'effort.rate', rating: 10 });
    expect(t.state().value).toBe('saving');
    expect(t.state().hasTag('busy')).toBe(true);
    expect(t.save.last.input).toEqual({ classId: 'yoga', seconds: 1800, rating: 10, heartRate: summary });
    t.save.last.resolve(ok({ completed: true }));
    await settle();
    expect(t.state().value).toBe('saved');
    expect(t.state().context.rating).toBe(10);
  });

  it('keeps 1 as a rating', () => {
    const t = effort();
    t.actor.send({ type: 'heartRate.summary', summary: null, seconds: 600 });
    t.actor.send({ type: 'effort.rate', rating: 1 });
    expect(t.save.last.input).toEqual({ classId: 'yoga', seconds: 600, rating: 1, heartRate: null });
  });

  it('sends a skipped rating only when there is a summary to keep', async () => {
    const withSummary = effort();
    withSummary.actor.send({ type: 'heartRate.summary', summary, seconds: 1800 });
    withSummary.actor.send({ type: 'effort.skip' });
    expect(withSummary.save.last.input).toEqual({ classId: 'yoga', seconds: 1800, rating: null, heartRate: summary });
    const without = effort();
    without.actor.send({ type: 'heartRate.summary', summary: null, seconds: 1800 });
    without.actor.send({ type: 'effort.skip' });
    expect(without.state().value).toBe('skipped');
    expect(without.save.calls).toHaveLength(0);
  });

  it('says it is kept on this device when there is no connection', async () => {
    const t = effort();
    t.actor.send({ type: 'heartRate.summary', summary: null, seconds: 600 });
    t.actor.send({ type: 'effort.rate', rating: 5 });
    t.save.last.resolve(unreachable);
    await settle();
    expect(t.state().value).toBe('savedOnDevice');
    expect(t.state().context.notice).toBeNull();
  });

  it('shows the server’s reason, tries again, or leaves it', async () => {
    const t = effort();
    t.actor.send({ type: 'heartRate.summary', summary, seconds: 1800 });
    t.actor.send({ type: 'effort.rate', rating: 5 });
    t.save.last.resolve(failed(409, { message: 'Turn heart-rate recording on first.', statusCode: 409, code: 'heartRate.off' }));
    await settle();
    expect(t.state().value).toBe('failed');
    expect(t.state().context.notice).toEqual({ tone: 'error', message: 'Turn heart-rate recording on first.' });
    t.actor.send({ type: 'effort.retry' });
    expect(t.state().value).toBe('saving');
    expect(t.state().context.notice).toBeNull();
    expect(t.save.calls).toHaveLength(2);
    expect(t.save.last.input.rating).toBe(5);
    t.save.last.reject(new Error('network'));
    await settle();
    expect(t.state().value).toBe('failed');
    expect(t.state().context.notice?.tone).toBe('error');
    t.actor.send({ type: 'effort.skip' });
    expect(t.state().value).toBe('skipped');
    expect(t.state().context.notice).toBeNull();
  });

  it('is silent when the request is cancelled or the sign-in was lost', async () => {
    for (const outcome of [cancelled, failed(401)]) {
      const t = effort();
      t.actor.send({ type: 'heartRate.summary', summary: null, seconds: 600 });
      t.actor.send({ type: 'effort.rate', rating: 5 });
      t.save.last.resolve(outcome);
      await settle();
      expect(t.state().value).toBe('skipped');
      expect(t.state().context.notice).toBeNull();
    }
  });

  it('asks again at the next end after Watch again or Start over, with that end’s summary only', async () => {
    const t = effort();
    t.actor.send({ type: 'heartRate.summary', summary, seconds: 1800 });
    t.actor.send({ type: 'effort.rate', rating: 8 });
    t.save.last.resolve(ok({ completed: true }));
    await settle();
    for (const again of ['replay', 'startOver'] as const) {
      t.actor.send({ type: again });
      expect(t.state().value).toBe('watching');
      t.actor.send({ type: 'heartRate.summary', summary: null, seconds: 1800 });
      expect(t.state().value).toBe('asking');
      expect(t.state().context).toMatchObject({ summary: null, rating: null });
    }
  });
});
