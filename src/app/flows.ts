// The flows' routes, found when the app is built (every src/flows/*/routes.ts), one entry per
// route of the route table, and their overlays (src/flows/*/overlay.ts): adding a flow is
// adding its folder. A route no flow declares, or
// one two flows declare, stops the app at once (and tests/app/flows.test.ts).
import { routes, type RouteName } from '@domain/routes';
import type { FlowOverlay, FlowRoute, FlowRoutes } from '@lib/flow-routes';

const declared = import.meta.glob<FlowRoutes>('../flows/*/routes.ts', { eager: true, import: 'routes' });

/** Each route's entry from the flows' declarations (keyed by module), or an error naming every problem. */
export function collectRoutes(modules: Record<string, FlowRoutes>): Record<RouteName, FlowRoute> {
  const found = new Map<string, { entry: FlowRoute; module: string }>();
  const problems: string[] = [];
  for (const [module, entries] of Object.entries(modules)) {
    for (const [name, entry] of Object.entries(entries)) {
      const other = found.get(name);
      if (!(name in routes)) problems.push(`${module} declares "${name}", which is not in domain/routes.ts`);
      else if (other) problems.push(`route "${name}" is declared by ${other.module} and ${module}`);
      else if (entry) found.set(name, { entry, module });
    }
  }
  for (const name of Object.keys(routes)) if (!found.has(name)) problems.push(`no flow declares route "${name}"`);
  if (problems.length > 0) throw new Error(`flow routes: ${problems.join('; ')}`);
  return Object.fromEntries([...found].map(([name, { entry }]) => [name, entry])) as Record<RouteName, FlowRoute>;
}

export const flowRoutes = collectRoutes(declared);

export const flowOverlays: FlowOverlay[] = Object.values(import.meta.glob<FlowOverlay>('../flows/*/overlay.ts', { eager: true, import: 'overlay' }));
