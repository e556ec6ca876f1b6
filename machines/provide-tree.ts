// Providing a parent machine and its child machines at once: the app and the tests name the
// actors and actions of the whole tree (`startPlayback`, `saveFile`…) in one object, and each
// child machine the parent invokes gets the same implementations, so a split into children
// does not change what the app provides.
import { StateMachine, type AnyStateMachine } from 'xstate';

type Implementations<TMachine extends AnyStateMachine> = NonNullable<Parameters<TMachine['provide']>[0]>;
type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<Implementations<TMachine>['actors']>;
type ChildMachinesOf<TMachine extends AnyStateMachine> = Extract<ActorsOf<TMachine>[keyof ActorsOf<TMachine>], AnyStateMachine>;
type EachImplementations<TMachine> = TMachine extends AnyStateMachine ? Implementations<TMachine> : never;
type Intersection<TUnion> = (TUnion extends unknown ? (value: TUnion) => void : never) extends (value: infer TAll) => void ? TAll : never;

/** What `provideTree` takes: the machine's implementations and those of the machines it invokes. */
export type TreeImplementations<TMachine extends AnyStateMachine> = Implementations<TMachine> & Intersection<EachImplementations<ChildMachinesOf<TMachine>>>;

/** The machine with `implementations`, and each child machine among its actors provided the same way. */
export function provideTree<TMachine extends AnyStateMachine>(machine: TMachine, implementations: TreeImplementations<TMachine>): TMachine {
  const given = implementations as { actors?: Record<string, unknown> };
  const children = Object.entries(machine.implementations.actors)
    .filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine)
    .map(([name, child]) => [name, provideTree(child, implementations as never)]);
  return machine.provide({ ...implementations, actors: { ...given.actors, ...Object.fromEntries(children) } } as never) as TMachine;
}
