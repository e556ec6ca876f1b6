// Reads a machine's own config: its states and transitions under stable, readable keys, the
// invoke behind an actor event, and the labels paths and failures use for events and states.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';

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
export function keyOfTaken(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const type = t.eventType ?? '';
  const list: AnyTransitionDefinition[] = (type === '' ? t.source.always : t.source.transitions.get(type)) ?? [];
  const index = Math.max(0, list.indexOf(t));
  return describeTransition(machine, t, index).key;
}

/**
 * The invoke definition that owns a `xstate.done.actor.<id>` or `xstate.error.actor.<id>` event,
 * or the child spawned under that id (`spawnChild(src, { id })`) while it runs.
 */
export function invokeFor(snapshot: AnyMachineSnapshot, actorId: string): { id: string; src: string } | undefined {
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const inv of node.invoke) {
      if (inv.id === actorId) return { id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id };
    }
  }
  const spawned = (snapshot.children as Record<string, { src?: unknown } | undefined>)[actorId];
  return spawned && typeof spawned.src === 'string' ? { id: actorId, src: spawned.src } : undefined;
}

/** The key of a model's `after` assertion for an event: its type, `done: <src>`, `error: <src>`, `after: <delay>`. */
export function afterKeyOf(event: EventObject, before: AnyMachineSnapshot | undefined): string {
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

export function eventText(event: EventObject, before?: AnyMachineSnapshot): string {
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
