// The navigation a machine emits, recorded in order. Attach it before `actor.start()`: a
// machine may navigate on its very first step.
import type { Navigation } from '@domain/navigation';

interface NavigatingActor {
  on(type: 'navigate', handler: (navigation: Navigation) => void): unknown;
}

export function recordNavigation(actor: NavigatingActor): Navigation[] {
  const seen: Navigation[] = [];
  actor.on('navigate', (navigation) => seen.push(navigation));
  return seen;
}
