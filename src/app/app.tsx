// The app shell: actors and language providers, the navbar, the routed screen, the footer,
// and the session's own navigation (sign-in, sign-out, token link, expiry) performed.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Router, useLocation } from 'wouter';
import { Footer } from '@components/footer';
import { Navbar } from '@components/navbar';
import { SavedClassesContext, type SavedClasses } from '@components/saved-classes';
import { AppIntlProvider } from '@i18n';
import { AppActorsContext, useAppActors, useLanguage, useSession, type AppActors } from '@lib/app-actors';
import { useFavourites } from '@features/favourites';
import { PaymentFailureBanner, useMembership, usePaymentFailure } from '@features/membership';
import { useAppInstall } from '@features/app-install';
import { FlowOverlays } from './flow-screens';
import { useFocusHeadingOnRouteChange } from './focus';
import { useNavigationOf } from '@lib/navigation';
import { useDocumentTitle } from './route-titles';
import { AppRoutes } from './router';

const messages = defineMessages({
  skip: { id: 'app.skipToContent', defaultMessage: 'Skip to content' },
});

/** Which classes the account saved, for every "Save" button (none until the list is known). */
function SavedClassesProvider({ children }: { children: ReactNode }) {
  const { ids, waiting, busy, known, toggle } = useFavourites();
  const value = useMemo<SavedClasses | null>(
    () => (known ? { isSaved: (id) => ids.includes(id), isWaiting: (id) => waiting.some((change) => change.classId === id), toggle, busy } : null),
    [ids, waiting, busy, known, toggle],
  );
  return <SavedClassesContext.Provider value={value}>{children}</SavedClassesContext.Provider>;
}

/** Loaded when first asked (signing out with downloads held): a visitor's page does not carry it. */
const SignOutDialog = lazy(() => import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })));

const SUBSCRIPTION_PAGES = new Set(['/home', '/success', '/billing']);

function Shell() {
  const { session } = useAppActors();
  const signedIn = useSession((snapshot) => snapshot.context.user !== null);
  const profile = useSession((snapshot) => snapshot.context.user?.profile ?? null);
  const confirmingSignOut = useSession((snapshot) => snapshot.hasTag('confirmingSignOut'));
  const [language, setLanguage] = useLanguage();
  const [location] = useLocation();
  const [subscriber, refreshMembership] = useMembership();
  const paymentFailure = usePaymentFailure();
  const appInstall = useAppInstall();
  // The pages a subscription changes on (the checkout's return, billing) and the home ask again.
  useEffect(() => {
    if (signedIn && SUBSCRIPTION_PAGES.has(location)) refreshMembership();
  }, [signedIn, location, refreshMembership]);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnRouteChange(useCallback(() => main.current, []));
  useNavigationOf(session);
  useDocumentTitle();
  const intl = useIntl();
  // To the page's heading (or main itself): past the navbar, without a change of route.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const root = main.current;
    const target = root?.querySelector<HTMLElement>('h1') ?? root;
    if (target && target !== root && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target?.focus();
  };
  return (
    <>
      <a href="#main" className="skip-link" onClick={skipToMain}>
        {intl.formatMessage(messages.skip)}
      </a>
      <Navbar
        signedIn={signedIn}
        subscriber={subscriber}
        language={language}
        onLanguageChange={setLanguage}
        onLogout={() => session.send({ type: 'session.signOut' })}
        currentPath={location}
        profile={profile}
        install={appInstall.offered ? { busy: appInstall.busy, onInstall: appInstall.install } : undefined}
      />
      <main id="main" ref={main} tabIndex={-1}>
        {signedIn ? <PaymentFailureBanner failure={paymentFailure} owner={profile?.owner ?? true} /> : null}
        <SavedClassesProvider>
          <AppRoutes />
        </SavedClassesProvider>
      </main>
      <Footer />
      <FlowOverlays />
      {confirmingSignOut && (
        <Suspense fallback={null}>
          <SignOutDialog />
        </Suspense>
      )}
    </>
  );
}

function LocalizedShell() {
  const [language] = useLanguage();
  return (
    <AppIntlProvider locale={language}>
      <Shell />
    </AppIntlProvider>
  );
}

/** `ssrPath`: the page to draw when there is no browser location (build-time pre-rendering). */
export function App({ actors, ssrPath }: { actors: AppActors; ssrPath?: string }) {
  return (
    <AppActorsContext.Provider value={actors}>
      <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
        <LocalizedShell />
      </Router>
    </AppActorsContext.Provider>
  );
}
