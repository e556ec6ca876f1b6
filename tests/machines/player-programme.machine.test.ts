// The player's programme child: a class whose completion finishes the programme under way makes
// the end screen say so; a completion that does not, or no programme under way, changes nothing.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playerProgrammeMachine, type ProgrammeStatusOutput, type ProgrammeUnderWayOutput } from '@machines/player-programme.machine';
import { ok } from '@domain/request-outcome';
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
});
