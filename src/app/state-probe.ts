// For the browser suite only: records every machine actor the app starts and answers the states
// of those still running, so a screenshot can say which states it shows. main.tsx loads this
// chunk only when the suite set `__fitstreamStateProbe` before the app started.
import type { ActorRefLike, AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface RunningStates {
  machine: string;
  states: string[];
}

declare global {
  interface Window {
    __fitstreamStateProbe?: boolean;
    __fitstreamStates?: () => RunningStates[];
  }
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child).map((rest) => `${key}.${rest}`));
}

export function stateProbe(): (event: InspectionEvent) => void {
  const actors = new Set<ActorRefLike>();
  window.__fitstreamStates = () =>
    [...actors].flatMap((actor) => {
      const snapshot = actor.getSnapshot() as Partial<AnyMachineSnapshot>;
      if (snapshot.status === 'stopped' || !snapshot.machine) return [];
      return [{ machine: snapshot.machine.id, states: leaves(snapshot.value) }];
    });
  return (event) => {
    if (event.type === '@xstate.actor') actors.add(event.actorRef);
  };
}
