// Runs a screen's machine: with the actors and actions its flow provides (src/flows/<flow>/
// actors.ts, which the router loads with the screen), on the app's API (a test's fakes through
// createAppActors), and with its navigation performed. A screen asks for its machine with
// `useFlow(machine, input)` and gets `[snapshot, send]`.
import { createContext, useContext } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { provideTree, type TreeImplementations } from '@machines/provide-tree';
import { useAppActors, type AppActors } from '@lib/app-actors';
import { useNavigationOf } from './navigation';

/** What a route provides to the machine its screen runs and to the child machines it invokes. */
export type FlowImplementations<TMachine extends AnyStateMachine> = TreeImplementations<TMachine>;
export type ImplementFlow = (app: AppActors) => object;

/** A route's implementations, typed against the machine its screen runs. */
export const implement = <TMachine extends AnyStateMachine>(implementations: (app: AppActors) => FlowImplementations<TMachine>): ImplementFlow =>
  implementations;

export const FlowContext = createContext<ImplementFlow | null>(null);

const provided = new WeakMap<AppActors, Map<AnyStateMachine, AnyStateMachine>>();

/** The machine with the route's implementations, built once per app and machine. */
function providedMachine<TMachine extends AnyStateMachine>(app: AppActors, machine: TMachine, implementations: ImplementFlow | null): TMachine {
  const machines = provided.get(app) ?? new Map<AnyStateMachine, AnyStateMachine>();
  provided.set(app, machines);
  let ready = machines.get(machine);
  if (!ready) {
    if (!implementations) throw new Error(`no route provides the actors of machine "${machine.id}"`);
    ready = provideTree(machine, implementations(app) as never);
    machines.set(machine, ready);
  }
  return ready as TMachine;
}

type InputArgs<TMachine extends AnyStateMachine> = undefined extends InputFrom<TMachine> ? [input?: InputFrom<TMachine>] : [input: InputFrom<TMachine>];

export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, ...[input]: InputArgs<TMachine>) {
  const app = useAppActors();
  const ready = providedMachine(app, machine, useContext(FlowContext));
  // useMachine's options type depends on the machine's input; InputArgs already checked it.
  const [snapshot, send, actor] = useMachine(ready, { ...app.actorOptions, input } as never);
  useNavigationOf(actor);
  return [snapshot, send] as const;
}
