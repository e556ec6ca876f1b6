// Class-detail machine (/classes/:id): the class with Play for an account that may watch, with
// "Choose a plan" for one that may not, an unknown class, and a failure with Try again.
import { describe, expect, it } from 'vitest';
import { classDetailMachine, type LoadClassInput, type LoadClassOutput } from '@machines/class-detail.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { detail } from './catalog-fixtures';
import { controlledActor, settle } from './controlled-actor';
import { startFlow } from './support/navigation';

function classPage(id = 'sunrise-vinyasa-flow') {
  const load = controlledActor<LoadClassOutput, LoadClassInput>();
  const actor = startFlow(classDetailMachine.provide({ actors: { loadClass: load.logic } }), { input: { id } });
  return { actor, load };
}

describe('class-detail machine', () => {
  it('loads the class by its id and offers Play when the account may watch', async () => {
    const { actor, load } = classPage();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last.input).toEqual({ id: 'sunrise-vinyasa-flow' });
    load.last.resolve(ok({ class: detail('sunrise-vinyasa-flow'), canPlay: true }));
    await settle();
    expect(actor.getSnapshot().matches('playable')).toBe(true);
    expect(actor.getSnapshot().context.detail?.id).toBe('sunrise-vinyasa-flow');
  });

  it('offers a plan instead when the account may not watch', async () => {
    const { actor, load } = classPage();
    load.last.resolve(ok({ class: detail('sunrise-vinyasa-flow'), canPlay: false }));
    await settle();
    expect(actor.getSnapshot().matches('locked')).toBe(true);
  });

  it('says the class is not in the catalog on a 404', async () => {
    const { actor, load } = classPage('gone');
    load.last.resolve(failed(404, { isSuccess: false, message: 'There is no such class.' }));
    await settle();
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    expect(actor.getSnapshot().context.detail).toBeNull();
  });

  it('shows a failure with Try again, which loads again', async () => {
    const { actor, load } = classPage();
    load.last.resolve(failed(503, { isSuccess: false, message: 'Catalog is resting.' }));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Catalog is resting.');
    actor.send({ type: 'retry' });
    expect(load.calls).toHaveLength(2);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
