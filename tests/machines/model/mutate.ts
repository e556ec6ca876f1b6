// Builds deliberately broken copies of a machine in memory, so the walker's own test
// (traverse.test.ts) can prove the model walk notices a broken machine; no file is touched.
import type { AnyStateMachine } from 'xstate';

type Config = Record<string, unknown>;

function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => clone(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  }
  return value;
}

/** The state config at a dotted path ('' for the root). */
export function stateConfig(config: Config, path: string): Config {
  let node = config;
  for (const key of path ? path.split('.') : []) {
    const states = node.states as Record<string, Config> | undefined;
    const next = states?.[key];
    if (!next) throw new Error(`no state "${path}" in the machine config`);
    node = next;
  }
  return node;
}

/** A new machine from an edited deep copy of the machine's config, same implementations. */
export function mutate(machine: AnyStateMachine, edit: (config: Config) => void): AnyStateMachine {
  const config = clone(machine.config as unknown as Config);
  edit(config);
  const Machine = machine.constructor as new (config: unknown, implementations: unknown) => AnyStateMachine;
  return new Machine(config, machine.implementations);
}
