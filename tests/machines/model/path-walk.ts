// Walks a generated path on a real actor of the machine: invoked actors are fakes the path
// completes or fails, timers run on a simulated clock, a parent records what a child machine
// tells it (`sendParent`), and the model's assertions run at each step.
import {
  createActor,
  fromCallback,
  SimulatedClock,
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { afterKeyOf, allStateNodes, eventLabel, eventText, keyOfTaken, stateText } from '../../../scripts/flow-model/machine-graph';
import type { AnyEvent, CalledAction, MachineModel, ReceivedEvent, StartedActor, World } from './machine-model';
import { serializerOf, type ModelPath } from './model-paths';

type FakeSnapshot = Snapshot<unknown> & { input: unknown };

type FakeLogic = ActorLogic<FakeSnapshot, EventObject, unknown>;

/** An actor that does nothing until the walk completes or fails it, recording what it got. */
function fakeActor(src: string, started: StartedActor[], received: ReceivedEvent[]): FakeLogic {
  return {
    config: { fake: src },
    transition: (snapshot, event, scope) => {
      if (event.type === 'fake.done') {
        return { ...snapshot, status: 'done', output: (event as EventObject & { output: unknown }).output } as FakeSnapshot;
      }
      if (event.type === 'fake.error') {
        return { ...snapshot, status: 'error', error: (event as EventObject & { error: unknown }).error } as FakeSnapshot;
      }
      received.push({ id: scope.self.id, src, event });
      return snapshot;
    },
    getInitialSnapshot: (scope, input) => {
      started.push({ src, id: scope.self.id, input });
      return { status: 'active', output: undefined, error: undefined, input } as FakeSnapshot;
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

/** Names of every actor the machine can invoke. */
function actorNames(machine: AnyStateMachine): string[] {
  const names = new Set<string>(Object.keys(machine.implementations.actors ?? {}));
  for (const node of allStateNodes(machine)) {
    for (const inv of node.invoke) if (typeof inv.src === 'string') names.add(inv.src);
  }
  return [...names];
}

/**
 * The machine's plain named actions (the ones the app replaces: persist, tell the session, …)
 * wrapped to record each call; built-in actions (assign, raise, sendTo…) are left alone.
 */
function spiedActions(machine: AnyStateMachine, calls: CalledAction[]): Record<string, unknown> {
  const spied: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (typeof impl !== 'function' || 'type' in impl || 'resolve' in impl) continue;
    spied[name] = (args: { event: EventObject }, params: unknown) => {
      calls.push({ name, params, event: args.event });
      return (impl as (a: unknown, p: unknown) => void)(args, params);
    };
  }
  return spied;
}

/** The delay in ms of the `after` transition behind an `xstate.after.<delay>.<stateId>` event. */
function delayOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, type: string): number {
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const t of node.after) {
      if (t.eventType !== type) continue;
      const delay = t.delay as unknown;
      if (typeof delay === 'number') return delay;
      const named = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
      if (typeof named === 'number') return named;
      if (typeof named === 'function') {
        return (named as (a: { context: unknown; event: unknown }) => number)({ context: snapshot.context, event: { type } });
      }
      const asNumber = Number(delay);
      if (Number.isFinite(asNumber)) return asNumber;
    }
  }
  throw new Error(`no pending timer for ${eventLabel(type)} in ${stateText(snapshot)}`);
}

export interface WalkResult {
  /** Ids of every state node active at some point of the walk. */
  states: Set<string>;
  /** Keys of every transition the actor took (see transitionsOf). */
  transitions: Set<string>;
}

function matchesKey(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, key: string): boolean {
  if (key === '*') return true;
  if (key.startsWith('#')) {
    return (snapshot._nodes as AnyStateNode[]).some((n) => n.id === key.slice(1));
  }
  const node = allStateNodes(machine).find((n) => n.path.join('.') === key);
  if (!node) throw new Error(`model names a state that does not exist: "${key}"`);
  return (snapshot._nodes as AnyStateNode[]).some((n) => n.id === node.id);
}

/**
 * Walks a path on a real actor of the machine: invoked actors are fakes that complete or fail
 * when the path says so, timers run on a simulated clock. After each step the actor must be in
 * the state the graph predicted, and the model's assertions for that state and event must hold.
 */
export function walk(model: MachineModel, path: ModelPath): WalkResult {
  const { machine } = model;
  const serialize = serializerOf(model);
  const started: StartedActor[] = [];
  const received: ReceivedEvent[] = [];
  const fakes = Object.fromEntries(actorNames(machine).map((name) => [name, fakeActor(name, started, received)]));
  const actions: CalledAction[] = [];
  const provided = machine.provide({ actors: fakes, actions: spiedActions(machine, actions) } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const result: WalkResult = { states: new Set(), transitions: new Set() };
  // A child machine (one a parent invokes) talks to its parent: this one records what it hears.
  // The system, its clock and its inspection belong to the root actor, so they are set here.
  const toParent: AnyEvent[] = [];
  const parent = createActor(
    fromCallback(({ receive }) => receive((event) => void toParent.push(event as AnyEvent))),
    {
      clock,
      inspect: (ev) => {
        if (ev.type === '@xstate.microstep' && (ev.actorRef as { logic?: unknown }).logic === provided) {
          for (const t of ev._transitions) result.transitions.add(keyOfTaken(machine, t));
          // States passed through within one macrostep (eventless transitions) count as reached.
          for (const node of (ev.snapshot as AnyMachineSnapshot)._nodes as AnyStateNode[]) result.states.add(node.id);
        }
      },
    },
  ).start();
  const actor = createActor(provided, { parent, input: path.input as never });
  const errors: unknown[] = [];
  actor.subscribe({ error: (err) => errors.push(err) });
  const emitted: AnyEvent[] = [];
  actor.on('*', (event) => emitted.push(event as AnyEvent));
  let emittedBefore = 0;
  let toParentBefore = 0;
  const pendingTimers = (): number[] => {
    const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
    return [...timeouts.values()].map((t) => t.start + t.timeout - clock.now());
  };
  let previous: AnyMachineSnapshot | undefined;
  const check = (event: EventObject, expected: AnyMachineSnapshot, stepIndex: number): void => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const where = `step ${stepIndex} (${eventText(event, previous)}) of path: ${path.name}`;
    if (errors.length) throw new Error(`the actor failed at ${where}: ${String(errors[0])}`);
    for (const node of snapshot._nodes as AnyStateNode[]) result.states.add(node.id);
    const actual = JSON.stringify(snapshot.value);
    const wanted = JSON.stringify(expected.value);
    if (actual !== wanted) throw new Error(`expected state ${wanted} but the actor is in ${actual} at ${where}`);
    // The graph keeps one snapshot per serialized state, so compare what the serializer sees.
    const actualState = serialize(snapshot);
    const wantedState = serialize(expected);
    if (actualState !== wantedState) {
      throw new Error(`the actor's state differs from the graph's at ${where}:\n actor: ${actualState}\n graph: ${wantedState}`);
    }
    const world: World = {
      snapshot,
      started,
      received,
      actions,
      emitted: emitted.slice(emittedBefore),
      toParent: toParent.slice(toParentBefore),
      pendingTimers,
      event: event as AnyEvent,
      previous,
      lastStarted: (src) => [...started].reverse().find((s) => s.src === src),
    };
    try {
      for (const [key, assertion] of Object.entries(model.states)) {
        if (matchesKey(machine, snapshot, key)) assertion(world);
      }
      const afterKey = afterKeyOf(event, previous);
      model.after?.[afterKey]?.(world);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`in ${stateText(snapshot)} at ${where}:\n${message}`, { cause: error });
    }
    previous = snapshot;
    emittedBefore = emitted.length;
    toParentBefore = toParent.length;
  };

  actor.start();
  // The initial states are entered at start, even when an eventless transition leaves them at once.
  for (let node: AnyStateNode | undefined = machine.root; node; ) {
    result.states.add(node.id);
    node = node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined) : undefined;
  }
  const [first, ...rest] = path.steps;
  if (first) check(first.event, first.state, 0);
  rest.forEach((step, i) => {
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    const { type } = step.event;
    if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const done = type.startsWith('xstate.done.actor.');
      const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const child = before.children[id] as { send: (e: EventObject) => void } | undefined;
      if (!child) {
        throw new Error(`no running actor "${id}" in ${stateText(before)} for ${eventText(step.event)} (path: ${path.name})`);
      }
      const payload = step.event as EventObject & { output?: unknown; error?: unknown };
      const command: EventObject = done
        ? ({ type: 'fake.done', output: payload.output } as EventObject)
        : ({ type: 'fake.error', error: payload.error } as EventObject);
      child.send(command);
    } else if (type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, before, type));
    } else {
      actor.send(step.event);
    }
    check(step.event, step.state, i + 1);
  });
  // The actor is not the root (its recording parent is): the system stops with the root.
  parent.stop();
  return result;
}
