// The bridge between the API client and the session actor: the client asks for the current
// token, and after a 401 for a fresh one. All requests that failed with the same token wait
// for the same refresh, resolved by a subscription on the session's snapshot. A refresh that
// leaves the user signed in with the same token got no answer: the requests report that.
import type { Actor, SnapshotFrom } from 'xstate';
import type { AuthBridge, FreshToken } from '@api/client';
import type { SessionMachine } from '@machines/session.machine';

export function createAuthBridge(session: () => Actor<SessionMachine>): AuthBridge {
  return {
    token: () => session().getSnapshot().context.user?.token ?? null,
    freshToken(used) {
      const actor = session();
      const now = actor.getSnapshot();
      if (!now.matches('signedIn')) return Promise.resolve(signedOut);
      const current = now.context.user?.token ?? null;
      // Another request already refreshed since this one was sent: use the new token.
      if (!now.hasTag('refreshing') && current && current !== used) return Promise.resolve({ kind: 'token', token: current });
      return new Promise<FreshToken>((resolve) => {
        const subscription = actor.subscribe((snapshot) => {
          if (snapshot.hasTag('refreshing')) return;
          subscription.unsubscribe();
          resolve(outcomeFor(snapshot, used));
        });
        // Starts the refresh, or joins the one already running (the machine ignores the event then).
        actor.send({ type: 'session.refresh' });
      });
    },
    expired: () => session().send({ type: 'session.expire' }),
  };
}

const signedOut: FreshToken = { kind: 'signedOut' };

/** After the refresh: signed out, a new token, or still the old one (the refresh got no answer). */
function outcomeFor(snapshot: SnapshotFrom<SessionMachine>, used: string): FreshToken {
  if (!snapshot.matches('signedIn')) return signedOut;
  const token = snapshot.context.user?.token ?? null;
  if (!token) return signedOut;
  return token === used ? { kind: 'noResponse' } : { kind: 'token', token };
}
