// Where a flow sends the user, read in one place: the edge tests start flows with `startFlow`
// and ask `navigationOf`. Machines emit `navigate` events (docs/decisions/005-navigation.md),
// so the recorder listens before the actor starts: a flow may navigate on its first step.
import { createActor, type Actor, type ActorOptions, type AnyStateMachine } from 'xstate';
import type { Navigation } from '@domain/navigation';
import { recordNavigation } from '../navigation-recorder';

type Destination = Navigation extends infer N ? (N extends unknown ? Omit<N, 'type'> : never) : never;

const recorded = new WeakMap<Actor<AnyStateMachine>, Navigation[]>();

/** Creates and starts the flow's actor, recording every navigation it emits. */
export function startFlow<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>): Actor<TMachine> {
  const actor = createActor(machine, options);
  recorded.set(actor as Actor<AnyStateMachine>, recordNavigation(actor as unknown as Parameters<typeof recordNavigation>[0]));
  return actor.start();
}

/** Every navigation the flow emitted so far, in order (the list grows as the flow runs). */
export function navigationsOf(actor: Actor<AnyStateMachine>): Navigation[] {
  const seen = recorded.get(actor);
  if (!seen) throw new Error('start the flow with startFlow to record its navigation');
  return seen;
}

/** The last place the flow asked the app to go, or null when it asked for nothing. */
export function navigationOf(actor: Actor<AnyStateMachine>): Destination | null {
  const last = recorded.get(actor)?.at(-1);
  if (!last) return null;
  const { type: _type, ...destination } = last;
  return destination as Destination;
}
