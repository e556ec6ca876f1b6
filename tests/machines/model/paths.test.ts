// Model-based path tests: for every machine in machines/, walk the paths xstate/graph generates
// from the machine itself, check each state's assertions, and require full state and
// transition coverage (the failure names what was not reached). A full run records the walked
// paths in reports/flows/walked-paths/ for the flows site.
import { describe, expect, it } from 'vitest';
import { findModelledMachines } from './registry';
import { statesOf } from '../../../scripts/flow-model/machine-graph';
import { writeWalkedPaths } from '../../../scripts/flow-model/walked-paths';
import { coverageOf, statesWithoutAssertions } from './coverage';
import { pathsOf } from './model-paths';
import { walk, type WalkResult } from './path-walk';

const machines = await findModelledMachines();

describe('machines/', () => {
  it('holds machines, each with a model in tests/machines/model/<flow>.model.ts', () => {
    expect(machines.length).toBeGreaterThan(0);
    const missing = machines.filter((m) => !m.model).map((m) => `${m.file} (${m.exportName})`);
    expect(missing, 'machines without a model').toEqual([]);
    const mismatched = machines.filter((m) => m.model && m.model.machine !== m.machine).map((m) => m.file);
    expect(mismatched, 'models that test a different machine than the file exports').toEqual([]);
  });
});

for (const found of machines) {
  const { model } = found;
  if (!model) continue;
  describe(`${found.file}: ${found.machine.id}`, () => {
    const paths = pathsOf(model);
    const walks: WalkResult[] = [];
    for (const path of paths) {
      it(`${path.kind}: ${path.name}`, () => {
        walks.push(walk(model, path));
      });
    }
    it('reaches every state and takes every transition', () => {
      expect(walks.length, 'every path walked without failing').toBe(paths.length);
      const coverage = coverageOf(found.machine, walks);
      expect(coverage.missingStates, `states of ${found.machine.id} no walked path reached`).toEqual([]);
      expect(coverage.missingTransitions, `transitions of ${found.machine.id} no walked path took`).toEqual([]);
      const pathOfState = new Map(statesOf(found.machine).map((s) => [s.id, s.path]));
      writeWalkedPaths(
        found.flow,
        paths.map((p, i) => ({
          kind: p.kind,
          name: p.name,
          states: [...walks[i]!.states].map((id) => pathOfState.get(id) ?? id).filter((s) => s !== ''),
          transitions: [...walks[i]!.transitions],
        })),
      );
    });
    it('asserts what must hold in every state', () => {
      expect(statesWithoutAssertions(model), 'states with no assertion in the model').toEqual([]);
    });
  });
}
