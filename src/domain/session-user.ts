// The signed-in user as the client keeps it (the email and access token the sign-in answers),
// and what a sign-in flow tells the session when it succeeds.
import type { components } from '@api/schema';

export type SessionUser = Pick<components['schemas']['AuthSuccess'], 'email' | 'token'>;

/** The account's language, which a sign-in answers: the interface switches to it. */
export type AccountLanguage = components['schemas']['AuthSuccess']['language'];

/** What a sign-in answers: the user, and the account's language (absent: the interface keeps its own). */
export type SignedInUser = SessionUser & { language?: AccountLanguage };

export interface SessionArrival {
  user: SessionUser;
  /** The account's language, to speak from now on. */
  language?: AccountLanguage;
  /** Remember me: persisted in localStorage when true, sessionStorage otherwise. */
  remember: boolean;
  /** Where to go now (replacing history). */
  to: string;
}

/** What survives a reload: only the user (and separately the language). */
export interface PersistedSession {
  user: SessionUser;
  remember: boolean;
}
