// Model of /activity (machines/activity.machine.ts): the overview, more history, the weekly goal
// set and cleared, and the failures that keep what was shown.
import { expect } from 'vitest';
import { activityMachine, type ActivityContext } from '@machines/activity.machine';
import { overview, secondPage } from '../activity-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: { context: unknown }) => snapshot.context as ActivityContext;

export const model: MachineModel = {
  machine: activityMachine,
  events: {
    'goal.set': [{ type: 'goal.set', goal: { kind: 'classes', target: 2 } }],
  },
  outputs: {
    loadActivity: [ok(overview()), refused(401), crashed, unreachable, cancelled],
    loadHistory: [ok(secondPage), refused(400), cancelled],
    setGoal: [ok(overview({ kind: 'classes', target: 2 })), refused(400), cancelled],
    clearGoal: [ok(overview(null, null)), crashed, cancelled],
  },
  states: {
    loading: ({ snapshot }) => expect(snapshot.hasTag('loading')).toBe(true),
    ready: ({ snapshot }) => {
      expect(contextOf(snapshot).activity).not.toBeNull();
      expect(contextOf(snapshot).history.length).toBeGreaterThan(0);
    },
    loadingMore: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('loadHistory')?.input).toEqual({ cursor: contextOf(snapshot).nextCursor });
    },
    savingGoal: ({ lastStarted }) => expect(lastStarted('setGoal')?.input).toEqual({ kind: 'classes', target: 2 }),
    clearingGoal: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    'done: setGoal': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') expect(contextOf(snapshot).activity?.goal).toEqual({ kind: 'classes', target: 2 });
      if (out.kind === 'failed') expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String));
    },
  },
};
