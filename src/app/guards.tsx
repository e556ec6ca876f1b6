// Route guards. Protected pages send visitors to /login remembering where they were (history
// state, replacing history); visitor pages send signed-in users to /home. While the session
// is restoring (at most 5 s) or about to perform its own navigation, they wait.
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '../components/spinner';
import { useSession } from './actors';
import { paths } from './paths';

type Access = 'waiting' | 'signedIn' | 'visitor';

function useAccess(): Access {
  return useSession((snapshot) => {
    if (snapshot.matches('restoring') || snapshot.context.navigation !== null) return 'waiting';
    return snapshot.context.user ? 'signedIn' : 'visitor';
  });
}

export function Protected({ children }: { children: ReactNode }) {
  const access = useAccess();
  const [location] = useLocation();
  const search = useSearch();
  if (access === 'waiting') return <Spinner size="lg" />;
  if (access === 'visitor') {
    const origin = search ? `${location}?${search}` : location;
    return <Redirect to={paths.login.href()} replace state={{ origin }} />;
  }
  return <>{children}</>;
}

export function VisitorOnly({ children }: { children: ReactNode }) {
  const access = useAccess();
  if (access === 'waiting') return <Spinner size="lg" />;
  if (access === 'signedIn') return <Redirect to={paths.home.href()} replace />;
  return <>{children}</>;
}
