// The shared model-based traversal: derives every event a machine can take from its own config
// (user events, the completion and error of each invoked actor, each `after` timer), generates
// paths with xstate/graph, and walks them on a real actor with fake actors and a simulated clock.
import {
  createActor,
  SimulatedClock,
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

/* ------------------------------------------------------------------ what a model declares */

/** What the per-state and per-event assertions get to look at. */
export interface World {
  snapshot: AnyMachineSnapshot;
  /** Every invoked actor the machine started, in order: its src name, id and input. */
  started: StartedActor[];
  /** Events the machine sent to its invoked actors. */
  received: ReceivedEvent[];
  /** Calls of the machine's own named actions that the app provides (persist, tell, …), in order. */
  actions: CalledAction[];
  /** Delays (ms) of the timers pending right now. */
  pendingTimers: () => number[];
  /** The event that led here (`xstate.init` at the start). */
  event: AnyEvent;
  /** The snapshot before that event (undefined at the start). */
  previous: AnyMachineSnapshot | undefined;
  /** The last actor started with this src name, or undefined. */
  lastStarted: (src: string) => StartedActor | undefined;
}

export interface StartedActor {
  src: string;
  id: string;
  input: unknown;
}

export interface CalledAction {
  name: string;
  params: unknown;
  event: EventObject;
}

export interface ReceivedEvent {
  id: string;
  src: string;
  event: EventObject;
}

/** An event with any payload. */
export type AnyEvent = EventObject & Record<string, unknown>;

type Variants<T> = T[] | ((snapshot: AnyMachineSnapshot) => T[]);

/** Everything a machine's model needs: payloads to try, and what must hold where. */
export interface MachineModel {
  /** The machine under test, imported from machines/. */
  machine: AnyStateMachine;
  /** The input the actor starts with; `inputs` walks the machine once per input instead. */
  input?: unknown;
  inputs?: unknown[];
  /** Payload variants per user event type (default: `{ type }` alone). */
  events?: Record<string, Variants<AnyEvent>>;
  /** Output variants per invoked actor src name (completion events). */
  outputs?: Record<string, Variants<unknown>>;
  /** Error variants per invoked actor src name (default: one Error). */
  errors?: Record<string, Variants<unknown>>;
  /** Assertions per state: keys are `#stateId` or a dotted state path matched with `matches`. */
  states: Record<string, (world: World) => void>;
  /** Assertions after an event: keys are event types, or `done: <src>`, `error: <src>`, `after: <delay>`. */
  after?: Record<string, (world: World) => void>;
  /** One line per state (id or dotted path) on what the user sees there, for docs/flows. */
  sees: Record<string, string>;
  /** How snapshots are told apart in the graph (default: value and context, minus `ignore`). */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Context keys left out of the default serialization (counters that would grow forever). */
  ignore?: string[];
  /** Generate simple paths too when the graph has at most this many vertices (default 12). */
  simplePathsUpTo?: number;
}

/* ------------------------------------------------------------------ the machine's structure */

export interface TransitionInfo {
  /** Stable, readable name: `source --event [guard]--> target`. */
  key: string;
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
  kind: 'event' | 'done' | 'error' | 'after' | 'always' | 'state-done';
}

export interface StateInfo {
  id: string;
  /** Dotted path from the root ('' for the root). */
  path: string;
  type: string;
  description: string | undefined;
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

export function statesOf(machine: AnyStateMachine): StateInfo[] {
  return allStateNodes(machine).map((node) => ({
    id: node.id,
    path: node.path.join('.'),
    type: node.type,
    description: node.description,
  }));
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** A readable label for an event type: `done: signIn`, `error: signIn`, `after: 3000`. */
export function eventLabel(type: string): string {
  if (type === '') return 'always';
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.done.state.')) return `done: ${type.slice('xstate.done.state.'.length)}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after: ${after[1]}`;
  return type;
}

function kindOf(type: string): TransitionInfo['kind'] {
  if (type === '') return 'always';
  if (type.startsWith('xstate.done.actor.')) return 'done';
  if (type.startsWith('xstate.error.actor.')) return 'error';
  if (type.startsWith('xstate.done.state.')) return 'state-done';
  if (type.startsWith('xstate.after.')) return 'after';
  return 'event';
}

function short(machine: AnyStateMachine, id: string): string {
  const prefix = `${machine.root.id}.`;
  return id === machine.root.id ? '(root)' : id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

function describeTransition(machine: AnyStateMachine, t: AnyTransitionDefinition, index: number): TransitionInfo {
  const type = t.eventType ?? '';
  const source = t.source.id;
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
  const guard = guardName(t.guard);
  let label = eventLabel(type);
  const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actorEvent) {
    const inv = (t.source.invoke as { id: string; src: unknown }[]).find((i) => i.id === actorEvent[2]);
    if (inv && typeof inv.src === 'string') label = `${actorEvent[1]}: ${inv.src}`;
  }
  const targetText = targets.length ? targets.map((id: string) => short(machine, id)).join(', ') : '(stays)';
  const key = `${short(machine, source)} --${label}${guard ? ` [${guard}]` : ''}${index > 0 ? ` #${index + 1}` : ''}--> ${targetText}`;
  return { key, source, event: type, guard, targets, kind: kindOf(type) };
}

/** Every transition in the machine's config, keyed stably (the same for provided copies). */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allStateNodes(machine)) {
    for (const list of node.transitions.values()) {
      list.forEach((t: AnyTransitionDefinition, i: number) => out.push(describeTransition(machine, t, i)));
    }
    (node.always ?? []).forEach((t: AnyTransitionDefinition, i: number) => out.push(describeTransition(machine, t, i)));
  }
  return out;
}

/** The key of a transition an actor took (from a `@xstate.microstep` inspection event). */
function keyOfTaken(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const type = t.eventType ?? '';
  const list: AnyTransitionDefinition[] = (type === '' ? t.source.always : t.source.transitions.get(type)) ?? [];
  const index = Math.max(0, list.indexOf(t));
  return describeTransition(machine, t, index).key;
}

/* ------------------------------------------------------------------ events from the config */

function variants<T>(given: Variants<T> | undefined, snapshot: AnyMachineSnapshot): T[] | undefined {
  if (given === undefined) return undefined;
  return typeof given === 'function' ? given(snapshot) : given;
}

/** The invoke definition that owns a `xstate.done.actor.<id>` or `xstate.error.actor.<id>` event. */
function invokeFor(snapshot: AnyMachineSnapshot, actorId: string): { id: string; src: string } | undefined {
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const inv of node.invoke) {
      if (inv.id === actorId) return { id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id };
    }
  }
  return undefined;
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

/* ------------------------------------------------------------------ paths */

export function serializeDefault(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: plain(snapshot.context) });
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

function eventText(event: EventObject, before?: AnyMachineSnapshot): string {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  const label = afterKeyOf(event, before);
  const payload = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v instanceof Error ? v.message : JSON.stringify(v)}`)
    .join(' ');
  const text = payload.length > 70 ? `${payload.slice(0, 67)}...` : payload;
  return text ? `${label} (${text})` : label;
}

export function stateText(snapshot: AnyMachineSnapshot): string {
  const v = snapshot.value as unknown;
  if (typeof v === 'string') return v;
  const flat = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([k, child]) =>
          flat(child).map((rest) => (rest ? `${k}.${rest}` : k)),
        );
  return flat(v).join(' + ');
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

function serializerOf(model: MachineModel): (snapshot: AnyMachineSnapshot) => string {
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

function pathsFromInput(model: MachineModel, input: unknown): ModelPath[] {
  const serialize = serializerOf(model);
  const options = {
    events: eventsFor(model),
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
    input,
    limit: 20_000,
  };
  const machine = model.machine;
  const shortest = getShortestPaths(machine, options as never) as unknown as StatePath<AnyMachineSnapshot, EventObject>[];
  const adjacency = getAdjacencyMap(machine, options as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const paths: ModelPath[] = shortest.map((p) => ({ kind: 'shortest', name: '', steps: p.steps, state: p.state, input }));
  if (Object.keys(adjacency).length <= (model.simplePathsUpTo ?? 12)) {
    const simple = getSimplePaths(machine, options as never) as unknown as StatePath<AnyMachineSnapshot, EventObject>[];
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

/* ------------------------------------------------------------------ walking on a real actor */

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

/** The key of a model's `after` assertion for an event: its type, `done: <src>`, `error: <src>`, `after: <delay>`. */
function afterKeyOf(event: EventObject, before: AnyMachineSnapshot | undefined): string {
  const { type } = event;
  if (!type.startsWith('xstate.')) return type;
  for (const prefix of ['xstate.done.actor.', 'xstate.error.actor.']) {
    if (type.startsWith(prefix) && before) {
      const inv = invokeFor(before, type.slice(prefix.length));
      if (inv) return `${prefix === 'xstate.done.actor.' ? 'done' : 'error'}: ${inv.src}`;
    }
  }
  return eventLabel(type);
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
  const actor = createActor(provided, {
    clock,
    input: path.input as never,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep' && (ev.actorRef as { logic?: unknown }).logic === provided) {
        for (const t of ev._transitions) result.transitions.add(keyOfTaken(machine, t));
        // States passed through within one macrostep (eventless transitions) count as reached.
        for (const node of (ev.snapshot as AnyMachineSnapshot)._nodes as AnyStateNode[]) result.states.add(node.id);
      }
    },
  });
  const errors: unknown[] = [];
  actor.subscribe({ error: (err) => errors.push(err) });
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
  actor.stop();
  return result;
}

/* ------------------------------------------------------------------ coverage */

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
