// The app shell: actors and language providers, the navbar, the routed screen, the footer,
// and the session's own navigation (sign-in, sign-out, token link, expiry) performed.
import { useCallback, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { AppIntlProvider } from '../i18n';
import { AppActorsContext, useAppActors, useLanguage, useSession, type AppActors } from './actors';
import { useFocusHeadingOnRouteChange } from './focus';
import { useNavigationOf } from './navigation';
import { AppRoutes } from './router';

function Shell() {
  const { session } = useAppActors();
  const signedIn = useSession((snapshot) => snapshot.context.user !== null);
  const [language, setLanguage] = useLanguage();
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnRouteChange(useCallback(() => main.current, []));
  useNavigationOf(session);
  return (
    <>
      <Navbar
        signedIn={signedIn}
        language={language}
        onLanguageChange={setLanguage}
        onLogout={() => session.send({ type: 'session.signOut' })}
        currentPath={location}
      />
      <main id="main" ref={main}>
        <AppRoutes />
      </main>
      <Footer />
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

export function App({ actors }: { actors: AppActors }) {
  return (
    <AppActorsContext.Provider value={actors}>
      <Router>
        <LocalizedShell />
      </Router>
    </AppActorsContext.Provider>
  );
}
