// The routes: for every path of the route table (domain/routes.ts), the screen and machine
// actors its flow declares (src/app/flows.ts, mounted by ./flow-screens.tsx: both loaded when the
// route first opens, so the landing page downloads little), guarded by the route's `access` and
// the flow's own guard (a signed-in user with no profile chosen goes to "Who's training?" first;
// the owner's pages send another profile home). Any other path goes to /. While the device is
// offline, a route that needs the network shows "You are offline" instead (and its screen is not
// even loaded).
import { Suspense, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '@components/spinner';
import { guardNavigation, type Viewer } from '@domain/navigation';
import { routes, type RouteName } from '@domain/routes';
import { standingOf } from '@domain/session-user';
import { useOffline, useSession } from '@lib/app-actors';
import { screens } from './flow-screens';
import { flowRoutes } from './flows';
import { usePerformNavigation } from '@lib/navigation';
import { OfflineNotice } from '@components/offline-notice';

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
  // Who is looking (a visitor, or the chosen profile's standing); 'restoring' until the session knows.
  const viewer = useSession((snapshot): Viewer | 'restoring' => {
    if (snapshot.matches('restoring')) return 'restoring';
    const { user } = snapshot.context;
    return user ? standingOf(user) : null;
  });
  const perform = usePerformNavigation();
  const redirect = useMemo(
    () => (viewer === 'restoring' ? null : (guardNavigation(access, viewer) ?? flowRoutes[name].guard?.() ?? null)),
    [name, access, viewer],
  );
  useLayoutEffect(() => {
    if (redirect) perform(redirect);
  }, [redirect, perform]);
  if ((access !== 'public' && viewer === 'restoring') || redirect || !loaded) return <Spinner size="lg" />;
  return <>{children}</>;
}

/** The route's screen, or "You are offline" while offline when the route needs the network. */
function NeedsNetwork({ name, children }: { name: RouteName; children: ReactNode }) {
  const offline = useOffline();
  const signedIn = useSession((snapshot) => snapshot.context.user !== null);
  return offline && !flowRoutes[name].worksOffline ? <OfflineNotice signedIn={signedIn} /> : <>{children}</>;
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
