// Tells `listener` whether someone is training now (signed in, on a chosen profile: the per-person
// calls answer nothing before), and again at every sign-in, sign-out and change of profile (not at
// every change of the session's state): a new profile is `true` again, so its data loads afresh.
import type { Actor } from 'xstate';
import type { SessionMachine } from '@machines/session.machine';
import type { SessionUser } from '@domain/session-user';

export function onSignedInChange(session: Actor<SessionMachine>, listener: (signedIn: boolean) => void): void {
  // The profile training (its id), or null: nobody signed in, or no profile chosen yet.
  let training: string | null | undefined;
  const tell = (user: SessionUser | null) => {
    const now = user?.profile?.id ?? null;
    if (now === training) return;
    training = now;
    listener(now !== null);
  };
  tell(session.getSnapshot().context.user);
  session.subscribe((snapshot) => tell(snapshot.context.user));
}
