// The routes: one lazily loaded screen per path (the landing downloads little), guarded as
// paths.ts says; any other path goes to /.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/spinner';
import { staticPages } from '../screens/static';
import { Protected, VisitorOnly } from './guards';
import { paths } from './paths';

const screens = {
  landing: lazy(() => import('../screens/landing/landing-screen')),
  login: lazy(() => import('../screens/login/login-screen')),
  register: lazy(() => import('../screens/register/register-screen')),
  details: lazy(() => import('../screens/details/details-screen')),
  home: lazy(() => import('../screens/home/home-screen')),
  pricing: lazy(() => import('../screens/pricing/pricing-screen')),
  users: lazy(() => import('../screens/users/users-screen')),
  success: lazy(() => import('../screens/checkout-result/success-screen')),
  cancel: lazy(() => import('../screens/checkout-result/cancel-screen')),
  billing: lazy(() => import('../screens/billing/billing-screen')),
  terms: lazy(staticPages.terms),
  privacy: lazy(staticPages.privacy),
  dmca: lazy(staticPages.dmca),
  eula: lazy(staticPages.eula),
  support: lazy(staticPages.support),
  changelog: lazy(staticPages.changelog),
} satisfies Record<keyof typeof paths, LazyExoticComponent<ComponentType>>;

type Guard = 'visitor' | 'protected' | 'public';

const routes: [keyof typeof paths, Guard][] = [
  ['landing', 'visitor'],
  ['login', 'visitor'],
  ['register', 'visitor'],
  ['details', 'protected'],
  ['home', 'protected'],
  ['pricing', 'protected'],
  ['users', 'protected'],
  ['success', 'protected'],
  ['cancel', 'protected'],
  ['billing', 'protected'],
  ['terms', 'public'],
  ['privacy', 'public'],
  ['dmca', 'public'],
  ['eula', 'public'],
  ['support', 'public'],
  ['changelog', 'public'],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="lg" />}>
      <Switch>
        {routes.map(([name, guard]) => {
          const Screen = screens[name];
          const screen = <Screen />;
          return (
            <Route key={name} path={paths[name].path}>
              {guard === 'visitor' ? <VisitorOnly>{screen}</VisitorOnly> : guard === 'protected' ? <Protected>{screen}</Protected> : screen}
            </Route>
          );
        })}
        <Route>
          <Redirect to={paths.landing.href()} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
