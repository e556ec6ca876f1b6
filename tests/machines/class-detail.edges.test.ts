// Class-detail edges: a crashing call, a lost session, a cancelled request, no answer at all,
// and a flow wired without its call.
import { describe, expect, it } from 'vitest';
import { classDetailMachine, type LoadClassInput, type LoadClassOutput } from '@machines/class-detail.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { detail } from './catalog-fixtures';
import { controlledActor, settle } from './controlled-actor';
import { navigationsOf, startFlow } from './support/navigation';

function classPage() {
  const load = controlledActor<LoadClassOutput, LoadClassInput>();
  const actor = startFlow(classDetailMachine.provide({ actors: { loadClass: load.logic } }), { input: { id: 'a' } });
  return { actor, load };
}

describe('class-detail machine: edges', () => {
  it('shows the no-response failure when the call crashes', async () => {
    const { actor, load } = classPage();
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Could not reach FitStream. Please try again.');
  });

  it('shows the generic failure for a 500 without a message', async () => {
    const { actor, load } = classPage();
    load.last.resolve(failed(500));
    await settle();
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Something went wrong. Please try again.');
  });

  it('stops quietly on a lost session or a cancelled request, navigating nowhere itself', async () => {
    for (const outcome of [failed(401), { kind: 'cancelled' } as const]) {
      const { actor, load } = classPage();
      load.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.failure).toBeNull();
      expect(navigationsOf(actor)).toEqual([]);
    }
  });

  it('ignores Try again while the class is shown', async () => {
    const { actor, load } = classPage();
    load.last.resolve(ok({ class: detail('a'), canPlay: true }));
    await settle();
    actor.send({ type: 'retry' });
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('playable')).toBe(true);
  });

  it('fails with the no-response failure when wired without its call', async () => {
    const actor = startFlow(classDetailMachine, { input: { id: 'a' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Could not reach FitStream. Please try again.');
  });
});
