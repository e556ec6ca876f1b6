// Each flow's screen as one lazily loaded component with its machine's actors provided
// (src/app/flows.ts): the routes' screens, loaded when their route first opens or ahead of it
// (src/app/boot.tsx, the pre-render), and the overlays mounted over every page.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { routes, type RouteName } from '@domain/routes';
import { FlowContext } from '@lib/flow';
import type { FlowOverlay } from '@lib/flow-routes';
import { flowOverlays, flowRoutes } from './flows';

type Mounted = ComponentType & { preload: () => Promise<void>; loaded: () => boolean };

/** Sent on window once a routed screen is on the page and React's (rendered, or hydrated: src/app/boot.tsx). */
export const SCREEN_SHOWN = 'fitstream:screen-shown';

function AnnounceShown() {
  useEffect(() => void window.dispatchEvent(new Event(SCREEN_SHOWN)), []);
  return null;
}

/**
 * The flow's screen with its machine's actors provided, as one lazily loaded component; `preload`
 * starts loading it before it renders (while the session restores). Once loaded, a new mount
 * draws it at once, without suspending: a page hydrated after its screen's chunk has loaded
 * (src/app/boot.tsx) never leaves the screen's markup behind a boundary still waiting, where an
 * update from above (the account's favourites, its membership) would make React throw that
 * markup away and draw the boundary's spinner instead (docs/decisions/050).
 */
function mounted({ screen, actors }: FlowOverlay, routed = false): Mounted {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const load = () =>
    (loading ??= Promise.all([screen(), actors?.()]).then(([{ default: Screen }, implementations]) => {
      const flow = implementations?.default ?? null;
      const Loaded = () => (
        <FlowContext.Provider value={flow}>
          <Screen />
          {routed && <AnnounceShown />}
        </FlowContext.Provider>
      );
      loaded = Loaded;
      return { default: Loaded };
    }));
  const Lazy = lazy(load);
  // Decided once per mount: switching from the lazy one to the loaded one would mount the screen again.
  const Mounted = () => {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  };
  return Object.assign(Mounted, { preload: () => load().then(() => undefined, () => undefined), loaded: () => loaded !== null });
}

export const screens = Object.fromEntries(Object.entries(flowRoutes).map(([name, entry]) => [name, mounted(entry, true)])) as Record<RouteName, ReturnType<typeof mounted>>;

/** Loads the screen of the route at `pathname` (a path without parameters), so it draws without suspending. */
export function loadScreenAt(pathname: string): Promise<void> {
  const name = (Object.keys(routes) as RouteName[]).find((route) => routes[route].path === pathname);
  return name ? screens[name].preload() : Promise.resolve();
}

const overlays = flowOverlays.map((overlay) => mounted(overlay));

/** Every flow's overlay (a dialog over any page), each loaded as the app starts; nothing shows while it loads. */
export function FlowOverlays() {
  return (
    <Suspense fallback={null}>
      {overlays.map((Overlay, index) => (
        <Overlay key={index} />
      ))}
    </Suspense>
  );
}
