// What a machine's model declares for the model-based tests (payload variants, per-state and
// per-event assertions) and the world those assertions look at. What the user sees in each
// state is in plain words in locales/flows.<language>.json.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';

/** What the per-state and per-event assertions get to look at. */
export interface World {
  snapshot: AnyMachineSnapshot;
  /** Every invoked actor the machine started, in order: its src name, id and input. */
  started: StartedActor[];
  /** Events the machine sent to its invoked actors. */
  received: ReceivedEvent[];
  /** Calls of the machine's own named actions that the app provides (persist, tell, …), in order. */
  actions: CalledAction[];
  /** What the machine emitted (its navigation) on the step that led here, in order. */
  emitted: AnyEvent[];
  /** What a child machine told its parent (`sendParent`) on the step that led here, in order. */
  toParent: AnyEvent[];
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

export type Variants<T> = T[] | ((snapshot: AnyMachineSnapshot) => T[]);

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
  /** How snapshots are told apart in the graph (default: value and context, minus `ignore`). */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Context keys left out of the default serialization (counters that would grow forever). */
  ignore?: string[];
  /** Generate simple paths too when the graph has at most this many vertices (default 12). */
  simplePathsUpTo?: number;
}
