// Model of the programme a class may finish (machines/player-programme.machine.ts): it asks which
// programme is under way; with one, a completion (`video.completed`) asks its state, and the end
// screen shows the completion when it is finished; no programme (or a failed answer): idle.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerProgrammeMachine, type PlayerProgrammeContext } from '@machines/player-programme.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';

const yoga = { id: 'yoga-foundations', title: { en: 'Yoga foundations', es: 'Fundamentos de yoga' } };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerProgrammeContext;

export const model: MachineModel = {
  machine: playerProgrammeMachine,
  outputs: {
    programmeUnderWay: [ok(yoga), ok(null), refused(401), crashed, unreachable, cancelled],
    programmeStatus: [ok({ status: 'finished' }), ok({ status: 'active' }), ok({ status: null }), refused(404), crashed, unreachable, cancelled],
  },
  states: {
    asking: ({ lastStarted }) => expect(lastStarted('programmeUnderWay')).toBeDefined(),
    following: ({ snapshot }) => expect(contextOf(snapshot).programme).toEqual(yoga),
    confirming: ({ lastStarted }) => expect(lastStarted('programmeStatus')?.input).toEqual({ id: 'yoga-foundations' }),
    finished: ({ snapshot }) => {
      expect(snapshot.hasTag('programmeFinished')).toBe(true);
      expect(contextOf(snapshot).programme).toEqual(yoga);
    },
    idle: ({ snapshot }) => expect(snapshot.hasTag('programmeFinished')).toBe(false),
  },
  after: {
    'done: programmeStatus': ({ snapshot, event }) => {
      const out = event.output as { kind: string; data?: { status: string | null } };
      expect(snapshot.matches('finished')).toBe(out.kind === 'ok' && out.data?.status === 'finished');
    },
  },
};
