// Deliberate bugs, made in memory on copies of the real machines (a wrong target, a missing
// timer, a dropped guard): the model walk must fail for each. docs/flows/MUTATIONS.md records them.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { findModelledMachines } from './registry';
import { mutate, stateConfig } from './mutate';
import { coverageOf } from './coverage';
import type { MachineModel } from './machine-model';
import { pathsOf } from './model-paths';
import { walk } from './path-walk';

const machines = await findModelledMachines();
const modelOf = (flow: string): MachineModel => {
  const found = machines.find((m) => m.flow === flow);
  if (!found?.model) throw new Error(`no model for ${flow}`);
  return found.model;
};

/** The first failure the model walk reports for a broken machine, or null when all passes. */
function firstFailure(model: MachineModel, broken: AnyStateMachine): string | null {
  const mutant = { ...model, machine: broken };
  const walks = [];
  for (const path of pathsOf(mutant)) {
    try {
      walks.push(walk(mutant, path));
    } catch (error) {
      return String(error instanceof Error ? error.message : error).split('\n').slice(0, 3).join(' ');
    }
  }
  const coverage = coverageOf(broken, walks);
  if (coverage.missingStates.length || coverage.missingTransitions.length) {
    return `coverage: missing ${[...coverage.missingStates, ...coverage.missingTransitions].join(', ')}`;
  }
  return null;
}

type Config = Record<string, unknown>;
const on = (config: Config, path: string) => stateConfig(config, path).on as Record<string, unknown>;
const invoke = (config: Config, path: string) => stateConfig(config, path).invoke as Record<string, unknown[]>;

const mutations: { flow: string; name: string; edit: (config: Config) => void }[] = [
  {
    flow: 'home',
    name: 'missing timer: the 3 s notice never goes away',
    edit: (c) => delete stateConfig(c, 'ready.showingNotice').after,
  },
  {
    flow: 'home',
    name: 'dropped guard: Next goes to /pricing without an email',
    edit: (c) => {
      const next = stateConfig(c, 'ready').on as Record<string, Record<string, unknown>[]>;
      delete next['home.next']![0]!.guard;
    },
  },
  {
    flow: 'sign-in',
    name: 'dropped guard: an invalid form is submitted',
    edit: (c) => delete (on(c, 'editing')['form.submit'] as Record<string, unknown>[])[0]!.guard,
  },
  {
    flow: 'sign-in',
    name: 'wrong target: a failed sign-in counts as signed in',
    edit: (c) => ((invoke(c, 'submitting').onDone as Record<string, unknown>[])[2]!.target = 'signedIn'),
  },
  {
    flow: 'checkout-return',
    name: 'wrong target: a refused confirmation goes to /success',
    edit: (c) => ((invoke(c, 'confirming').onDone as Record<string, unknown>[])[2]!.target = 'confirmed'),
  },
  {
    flow: 'pricing',
    name: 'dropped guard: a visitor without an email starts a checkout',
    edit: (c) => delete (on(c, 'ready.idle')['plan.subscribe'] as Record<string, unknown>[])[0]!.guard,
  },
  {
    flow: 'billing',
    name: 'dropped guard: a subscription already cancelling can be cancelled again',
    edit: (c) => delete (on(c, 'ready.showingNotice')['subscription.cancel'] as Record<string, unknown>).guard,
  },
  {
    flow: 'billing',
    name: 'missing timer: the load error stays',
    edit: (c) => delete stateConfig(c, 'ready.showingLoadError').after,
  },
  {
    flow: 'session',
    name: 'missing timer: restoring waits forever',
    edit: (c) => delete stateConfig(c, 'restoring').after,
  },
  {
    flow: 'session',
    name: 'wrong target: a failed refresh keeps the user signed in',
    edit: (c) => ((invoke(c, 'signedIn.refreshing').onDone as Record<string, unknown>[])[1]!.target = '#session.signedIn.active'),
  },
  {
    flow: 'session',
    name: 'missing timer: a hanging logout call holds the app in signingOut',
    edit: (c) => delete stateConfig(c, 'signingOut').after,
  },
  {
    flow: 'session',
    name: 'wrong target: a refresh with no answer signs the user out',
    edit: (c) => ((invoke(c, 'signedIn.refreshing').onDone as Record<string, unknown>[])[2]!.target = '#session.visitor'),
  },
  {
    flow: 'landing',
    name: 'dropped guard: a refused price range counts as loaded',
    edit: (c) => delete (invoke(c, 'loading').onDone as Record<string, unknown>[])[0]!.guard,
  },
  {
    flow: 'profile',
    name: 'dropped guard: an .avif file name is uploaded',
    edit: (c) => delete (on(c, 'editing')['image.pick'] as Record<string, unknown>[])[0]!.guard,
  },
];

describe('mutations of the machines are caught by the model walk', () => {
  for (const m of mutations) {
    it(`${m.flow}: ${m.name}`, () => {
      const model = modelOf(m.flow);
      const failure = firstFailure(model, mutate(model.machine, m.edit));
      expect(failure, 'the broken machine passed every walked path').not.toBeNull();
      console.log(`[mutation] ${m.flow}: ${m.name}\n  caught by: ${failure}`);
    });
  }
});
