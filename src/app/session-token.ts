// The bridge between the API client and the session actor: the client asks for the current
// token, and after a 401 for a fresh one. All requests that failed with the same token wait
// for the same refresh, resolved by a subscription on the session's snapshot.
import type { Actor } from 'xstate';
import type { AuthBridge } from '../api/client';
import type { SessionMachine } from '../../machines/session.machine';

export function createAuthBridge(session: () => Actor<SessionMachine>): AuthBridge {
  return {
    token: () => session().getSnapshot().context.user?.token ?? null,
    freshToken(used) {
      const actor = session();
      const now = actor.getSnapshot();
      if (!now.matches('signedIn')) return Promise.resolve(null);
      const current = now.context.user?.token ?? null;
      // Another request already refreshed since this one was sent: use the new token.
      if (!now.hasTag('refreshing') && current && current !== used) return Promise.resolve(current);
      return new Promise<string | null>((resolve) => {
        const subscription = actor.subscribe((snapshot) => {
          if (snapshot.hasTag('refreshing')) return;
          subscription.unsubscribe();
          resolve(snapshot.matches('signedIn') ? (snapshot.context.user?.token ?? null) : null);
        });
        // Starts the refresh, or joins the one already running (the machine ignores the event then).
        actor.send({ type: 'session.refresh' });
      });
    },
    expired: () => session().send({ type: 'session.expire' }),
  };
}
