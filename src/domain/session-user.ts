// The signed-in user as the client keeps it (spec §3: email and token), and what a sign-in
// flow tells the session when it succeeds.
export interface SessionUser {
  email: string;
  token: string;
}

export interface SessionArrival {
  user: SessionUser;
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
