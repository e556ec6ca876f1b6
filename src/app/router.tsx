// The routes: for every path of the route table (src/domain/routes.ts), the screen and machine
// actors its flow declares (src/app/flows.ts; both loaded when the route first opens, so the
// landing page downloads little), guarded by the route's `access` and the flow's own guard.
// Any other path goes to /. While the device is offline, a route that needs the network shows
// "You are offline" instead (and its screen is not even loaded). The flows' overlays are
// mounted over every page.
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '@components/spinner';
import { guardNavigation } from '@domain/navigation';
import { routes, type RouteName } from '@domain/routes';
import { useOffline, useSession } from './actors';
import { FlowContext } from './flow';
import type { FlowOverlay } from './flow-routes';
import { flowOverlays, flowRoutes } from './flows';
import { usePerformNavigation } from './navigation';
import { OfflineNotice } from './offline-notice';

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

const screens = Object.fromEntries(Object.entries(flowRoutes).map(([name, entry]) => [name, mounted(entry, true)])) as Record<RouteName, ReturnType<typeof mounted>>;

/** Loads the screen of the route at `pathname` (a path without parameters), so it draws without suspending. */
export function loadScreenAt(pathname: string): Promise<void> {
  const name = (Object.keys(routes) as RouteName[]).find((route) => routes[route].path === pathname);
  return name ? screens[name].preload() : Promise.resolve();
}

/**
 * Whether the route's screen is loaded, loading it. Until then the route draws its own spinner,
 * not a Suspense fallback: React holds a boundary's content back until 300 ms after any
 * boundary last showed or hid its fallback (the overlays' own loading), which held the player's
 * start behind them (a class opened offline: docs/decisions/051).
 */
function useScreenLoaded(name: RouteName): boolean {
  const screen = screens[name];
  const [loaded, setLoaded] = useState(screen.loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // While the session restores, not after (a page opened at this route). A chunk that failed to
    // load is then drawn by the lazy screen, which throws to the error boundary.
    void screen.preload().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [screen, loaded]);
  return loaded;
}

/**
 * The route's screen once the session allows it and its chunk is loaded, else the guard's
 * navigation; a spinner while the session restores (at most 5 s; public pages need no session)
 * and while the screen loads.
 */
function Guarded({ name, children }: { name: RouteName; children: ReactNode }) {
  const { access } = routes[name];
  const loaded = useScreenLoaded(name);
  const signedIn = useSession((snapshot) => (snapshot.matches('restoring') ? null : snapshot.context.user !== null));
  const perform = usePerformNavigation();
  const redirect = useMemo(
    () => (signedIn === null ? null : (guardNavigation(access, signedIn) ?? flowRoutes[name].guard?.() ?? null)),
    [name, access, signedIn],
  );
  useLayoutEffect(() => {
    if (redirect) perform(redirect);
  }, [redirect, perform]);
  if ((access !== 'public' && signedIn === null) || redirect || !loaded) return <Spinner size="lg" />;
  return <>{children}</>;
}

/** The route's screen, or "You are offline" while offline when the route needs the network. */
function NeedsNetwork({ name, children }: { name: RouteName; children: ReactNode }) {
  const offline = useOffline();
  return offline && !flowRoutes[name].worksOffline ? <OfflineNotice /> : <>{children}</>;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="lg" />}>
      <Switch>
        {(Object.keys(routes) as RouteName[]).map((name) => {
          const Screen = screens[name];
          return (
            <Route key={name} path={routes[name].path}>
              <NeedsNetwork name={name}>
                <Guarded name={name}>
                  <Screen />
                </Guarded>
              </NeedsNetwork>
            </Route>
          );
        })}
        <Route>
          <Redirect to={routes.landing.href()} replace />
        </Route>
      </Switch>
    </Suspense>
  );
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
