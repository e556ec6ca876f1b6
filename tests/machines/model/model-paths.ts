// Generates the paths the model tests walk: every event a machine can take, derived from its own
// config (user events, each invoked actor's completion and error, each `after` timer), via xstate/graph.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { eventText, invokeFor, keyOfTaken, stateText } from '../../../scripts/flow-model/machine-graph';
import type { MachineModel, Variants } from './machine-model';

function variants<T>(given: Variants<T> | undefined, snapshot: AnyMachineSnapshot): T[] | undefined {
  if (given === undefined) return undefined;
  return typeof given === 'function' ? given(snapshot) : given;
}

/** All events worth sending in this snapshot, derived from the active state nodes' config. */
export function eventsFor(model: MachineModel): (snapshot: AnyMachineSnapshot) => EventObject[] {
  return (snapshot) => {
    const types = new Set<string>();
    for (const node of snapshot._nodes as AnyStateNode[]) {
      for (const type of node.ownEvents as string[]) types.add(type);
    }
    const events: EventObject[] = [];
    for (const type of types) {
      if (type === '*' || type.endsWith('.*') || type.startsWith('xstate.done.state.') || type === 'xstate.init') {
        continue;
      }
      if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
        const done = type.startsWith('xstate.done.actor.');
        const actorId = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        const inv = invokeFor(snapshot, actorId);
        if (!inv) continue;
        if (done) {
          const outputs = variants(model.outputs?.[inv.src], snapshot) ?? [undefined];
          for (const output of outputs) events.push({ type, output } as EventObject);
        } else {
          const errors = variants(model.errors?.[inv.src], snapshot) ?? [new Error(`${inv.src} failed (fake)`)];
          for (const error of errors) events.push({ type, error } as EventObject);
        }
        continue;
      }
      if (type.startsWith('xstate.after.')) {
        events.push({ type });
        continue;
      }
      events.push(...(variants(model.events?.[type], snapshot) ?? [{ type }]));
    }
    return events;
  };
}

/** Context as plain data: actor refs and functions dropped, errors as their message. */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, v: unknown) => {
      if (typeof v === 'function') return undefined;
      if (v instanceof Error) return { error: v.message };
      if (v && typeof v === 'object' && 'sessionId' in v && 'send' in v) return '[actor]';
      return v;
    }),
  );
}

export interface ModelPath {
  kind: 'shortest' | 'simple' | 'edge';
  /** Readable: the events in order, then the state reached. */
  name: string;
  steps: StatePath<AnyMachineSnapshot, EventObject>['steps'];
  state: AnyMachineSnapshot;
  /** The input the actor starts with on this path. */
  input: unknown;
}

function pathName(path: { steps: ModelPath['steps']; state: AnyMachineSnapshot }): string {
  const events = path.steps.slice(1).map((s, i) => eventText(s.event, path.steps[i]!.state));
  return `${events.length ? events.join(' → ') : '(start)'} ⇒ ${stateText(path.state)}`;
}

function eventKey(event: EventObject): string {
  return JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? { error: v.message } : v));
}

/** Drops paths whose event sequence is a prefix of another path's. */
function dedupe(paths: ModelPath[]): ModelPath[] {
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: ModelPath[] = [];
  const seqs: string[][] = [];
  for (const path of sorted) {
    const seq = path.steps.map((s) => eventKey(s.event));
    const isPrefix = seqs.some((other) => seq.every((e, i) => other[i] === e));
    if (!isPrefix) {
      kept.push(path);
      seqs.push(seq);
    }
  }
  return kept.reverse();
}

export function serializerOf(model: MachineModel): (snapshot: AnyMachineSnapshot) => string {
  if (model.serialize) return model.serialize;
  const ignore = new Set(model.ignore ?? []);
  return (snapshot) => {
    const context = Object.fromEntries(
      Object.entries((snapshot.context ?? {}) as Record<string, unknown>).filter(([k]) => !ignore.has(k)),
    );
    return JSON.stringify({ value: snapshot.value, context: plain(context) });
  };
}

/** Keys of the transitions an event selects in a snapshot (before any eventless follow-ups). */
function selectedKeys(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  try {
    return (machine.getTransitionData(snapshot as never, event as never) as AnyTransitionDefinition[]).map((t) =>
      keyOfTaken(machine, t),
    );
  } catch {
    return [];
  }
}

/**
 * The machine as xstate/graph can step it: the graph runs it with no parent, so what a child
 * machine tells its parent (`sendParent`) is dropped there; the walk runs it under a parent.
 */
function withoutParent(machine: AnyStateMachine): AnyStateMachine {
  const toParent = Object.entries(machine.implementations.actions ?? {})
    .filter(([, action]) => (action as { to?: unknown } | undefined)?.to === '#_parent')
    .map(([name]) => [name, () => {}]);
  return toParent.length ? (machine.provide({ actions: Object.fromEntries(toParent) } as never) as AnyStateMachine) : machine;
}

function pathsFromInput(model: MachineModel, input: unknown): ModelPath[] {
  const serialize = serializerOf(model);
  const options = {
    events: eventsFor(model),
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
    input,
    limit: 20_000,
  };
  const machine = model.machine;
  const graphed = withoutParent(machine);
  const shortest = getShortestPaths(graphed, options as never) as unknown as StatePath<AnyMachineSnapshot, EventObject>[];
  const adjacency = getAdjacencyMap(graphed, options as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const paths: ModelPath[] = shortest.map((p) => ({ kind: 'shortest', name: '', steps: p.steps, state: p.state, input }));
  if (Object.keys(adjacency).length <= (model.simplePathsUpTo ?? 12)) {
    const simple = getSimplePaths(graphed, options as never) as unknown as StatePath<AnyMachineSnapshot, EventObject>[];
    paths.push(
      ...simple.slice(0, 300).map((p) => ({ kind: 'simple' as const, name: '', steps: p.steps, state: p.state, input })),
    );
  }
  // Transitions the paths so far select; then, edge by edge, add the shortest path to an edge's
  // source plus the edge whenever that edge selects a transition no path takes yet.
  const taken = new Set<string>();
  const mark = (p: ModelPath): void => {
    for (let i = 1; i < p.steps.length; i++) {
      for (const key of selectedKeys(machine, p.steps[i - 1]!.state, p.steps[i]!.event)) taken.add(key);
    }
  };
  paths.forEach(mark);
  const shortestTo = new Map(shortest.map((p) => [serialize(p.state), p]));
  for (const [from, { state: source, transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(from);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions)) {
      const keys = selectedKeys(machine, source, event);
      if (keys.every((k) => taken.has(k))) continue;
      const edge: ModelPath = { kind: 'edge', name: '', steps: [...head.steps, { event, state }], state, input };
      mark(edge);
      paths.push(edge);
    }
  }
  return dedupe(paths);
}

/**
 * Paths to walk, for each input: the shortest path to every distinct state, every simple path
 * when the graph is small, and, for each transition no such path takes, the shortest path to a
 * state where an event selects it, followed by that event.
 */
export function pathsOf(model: MachineModel): ModelPath[] {
  const inputs = model.inputs ?? [model.input];
  return inputs.flatMap((input) =>
    pathsFromInput(model, input).map((p) => ({
      ...p,
      name: `${inputs.length > 1 ? `[input ${JSON.stringify(input)}] ` : ''}${pathName(p)}`,
    })),
  );
}
