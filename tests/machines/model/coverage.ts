// Coverage of the model tests: the states and transitions of a machine no walk reached, and the
// states no assertion of its model applies to.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allStateNodes, statesOf, transitionsOf } from '../../../scripts/flow-model/machine-graph';
import type { MachineModel } from './machine-model';
import type { WalkResult } from './path-walk';

export interface Coverage {
  missingStates: string[];
  missingTransitions: string[];
  states: number;
  transitions: number;
}

export function coverageOf(machine: AnyStateMachine, walks: WalkResult[]): Coverage {
  const states = new Set(walks.flatMap((w) => [...w.states]));
  const taken = new Set(walks.flatMap((w) => [...w.transitions]));
  const allStates = statesOf(machine);
  const allTransitions = transitionsOf(machine);
  return {
    missingStates: allStates.filter((s) => !states.has(s.id)).map((s) => s.path || '(root)'),
    missingTransitions: allTransitions.filter((t) => !taken.has(t.key)).map((t) => t.key),
    states: allStates.length,
    transitions: allTransitions.length,
  };
}

/** Atomic and final states (by path) that no state assertion of the model applies to. */
export function statesWithoutAssertions(model: MachineModel): string[] {
  const keys = Object.keys(model.states);
  return allStateNodes(model.machine)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .filter((n) => {
      const ids = new Set<string>();
      for (let a: AnyStateNode | undefined = n; a; a = a.parent) ids.add(a.id);
      return !keys.some((key) => {
        if (key === '*') return false;
        if (key.startsWith('#')) return ids.has(key.slice(1));
        return [...ids].some((id) => allStateNodes(model.machine).find((x) => x.id === id)?.path.join('.') === key);
      });
    })
    .map((n) => n.path.join('.'));
}
