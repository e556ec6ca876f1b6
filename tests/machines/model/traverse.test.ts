// Tests the shared traversal helper on a sample machine: every state and transition reached,
// and a deliberately broken copy caught.
import { describe, expect, it } from 'vitest';
import { assign } from 'xstate';
import { mutate, stateConfig } from './mutate';
import { coverageOf, statesWithoutAssertions } from './coverage';
import { transitionsOf } from '../../../scripts/flow-model/machine-graph';
import { pathsOf } from './model-paths';
import { walk } from './path-walk';
import { signInSampleModel } from './sample/sign-in-sample.model';

describe('traverse (sample machine)', () => {
  const paths = pathsOf(signInSampleModel);

  it('derives done, error and timer events from the config', () => {
    const kinds = new Set(transitionsOf(signInSampleModel.machine).map((t) => t.kind));
    expect([...kinds].sort()).toEqual(['after', 'always', 'done', 'error', 'event']);
    const names = paths.map((p) => p.name).join('\n');
    expect(names).toContain('done: signIn');
    expect(names).toContain('error: signIn');
    expect(names).toContain('after: bannerTimeout');
  });

  it('walks every path and covers every state and transition', () => {
    const walks = paths.map((p) => walk(signInSampleModel, p));
    const coverage = coverageOf(signInSampleModel.machine, walks);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(statesWithoutAssertions(signInSampleModel)).toEqual([]);
  });

  it('reports the states and transitions a walk did not reach, by name', () => {
    const walks = paths.filter((p) => !p.steps.some((s) => s.state.matches('done'))).map((p) => walk(signInSampleModel, p));
    const coverage = coverageOf(signInSampleModel.machine, walks);
    expect(coverage.missingStates).toContain('done');
    expect(coverage.missingTransitions).toContain('submitting --done: signIn [succeeded]--> signedIn');
  });

  it('catches a machine whose success path forgets the token', () => {
    // The success transition no longer stores the token.
    const broken = mutate(signInSampleModel.machine, (config) => {
      const invoke = stateConfig(config, 'submitting').invoke as { onDone: { actions: unknown }[] };
      invoke.onDone[0]!.actions = assign({ token: null });
    });
    const model = { ...signInSampleModel, machine: broken };
    const failures = pathsOf(model).flatMap((p) => {
      try {
        walk(model, p);
        return [];
      } catch (error) {
        return [String(error)];
      }
    });
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toContain('in done');
  });
});
