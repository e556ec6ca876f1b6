// The player's programme child: a class whose completion finishes the programme under way makes
// the end screen say so; a completion that does not, no programme under way, or a question that
// fails, changes nothing.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playerProgrammeMachine, type ProgrammeStatusOutput, type ProgrammeUnderWayOutput } from '@machines/player-programme.machine';
import { failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const yoga = { id: 'yoga-foundations', title: { en: 'Yoga foundations', es: 'Fundamentos de yoga' } };

function programmeChild() {
  const underWay = controlledActor<ProgrammeUnderWayOutput, Record<string, never>>();
  const status = controlledActor<ProgrammeStatusOutput, { id: string }>();
  const actor = createActor(playerProgrammeMachine.provide({ actors: { programmeUnderWay: underWay.logic, programmeStatus: status.logic } })).start();
  return { actor, underWay, status };
}

describe('player programme child', () => {
  it('shows the completion when the class just completed finished the programme', async () => {
    const { actor, underWay, status } = programmeChild();
    underWay.last.resolve(ok(yoga));
    await settle();
    actor.send({ type: 'video.completed' });
    expect(status.last.input).toEqual({ id: 'yoga-foundations' });
    status.last.resolve(ok({ status: 'active' }));
    await settle();
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(false);
    actor.send({ type: 'video.completed' });
    status.last.resolve(ok({ status: 'finished' }));
    await settle();
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(true);
    expect(actor.getSnapshot().context.programme).toEqual(yoga);
  });

  it('asks nothing more when no programme is under way', async () => {
    const { actor, underWay, status } = programmeChild();
    underWay.last.resolve(ok(null));
    await settle();
    actor.send({ type: 'video.completed' });
    expect(status.calls).toHaveLength(0);
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(false);
  });

  type UnderWay = ReturnType<typeof programmeChild>['underWay'];
  it.each([
    ['crashes', (underWay: UnderWay) => underWay.last.reject(new Error('network'))],
    ['is answered with an error', (underWay: UnderWay) => underWay.last.resolve(failed(500))],
  ])('plays as ever when asking for the programme under way %s', async (_, fail) => {
    const { actor, underWay, status } = programmeChild();
    fail(underWay);
    await settle();
    actor.send({ type: 'video.completed' });
    expect(status.calls).toHaveLength(0);
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(false);
  });

  it('keeps following the programme when asking whether it finished fails, and asks at the next completion', async () => {
    const { actor, underWay, status } = programmeChild();
    underWay.last.resolve(ok(yoga));
    await settle();
    actor.send({ type: 'video.completed' });
    status.last.reject(new Error('network'));
    await settle();
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(false);
    actor.send({ type: 'video.completed' });
    expect(status.calls).toHaveLength(2);
    status.last.resolve(ok({ status: 'finished' }));
    await settle();
    expect(actor.getSnapshot().hasTag('programmeFinished')).toBe(true);
  });
});
