// Where a flow sends the user, read in one place: the edge tests start flows with `startFlow`
// and ask `navigationOf`, so changing how machines hand navigation to the app (today the
// `navigation` context field) changes only this file.
import { createActor, type Actor, type ActorOptions, type AnyStateMachine } from 'xstate';
import type { Navigation } from '../../../src/domain/navigation';

/** Creates and starts the flow's actor (the place to listen for navigation, if it is emitted). */
export function startFlow<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>): Actor<TMachine> {
  return createActor(machine, options).start();
}

/** The last place the flow asked the app to go, or null when it asked for nothing. */
export function navigationOf(actor: Actor<AnyStateMachine>): Navigation | null {
  const { navigation } = actor.getSnapshot().context as { navigation?: Navigation | null };
  return navigation ?? null;
}
