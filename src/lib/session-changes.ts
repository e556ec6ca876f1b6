// Tells `listener` whether someone is signed in now, and again at every sign-in and sign-out
// (not at every change of the session's state).
import type { Actor } from 'xstate';
import type { SessionMachine } from '@machines/session.machine';

export function onSignedInChange(session: Actor<SessionMachine>, listener: (signedIn: boolean) => void): void {
  let signedIn: boolean | null = null;
  const tell = (user: unknown) => {
    if ((user !== null) === signedIn) return;
    signedIn = user !== null;
    listener(signedIn);
  };
  tell(session.getSnapshot().context.user);
  session.subscribe((snapshot) => tell(snapshot.context.user));
}
