// The signed-in user as the client keeps it (the email, access token and chosen profile the
// sign-in answers), and what a sign-in flow tells the session when it succeeds.
import type { components } from '@domain/api-schema';

/** One of the household's profiles (up to 5 per account; the owner's first). */
export type Profile = components['schemas']['Profile'];

/** The user; `profile` is the one chosen on this sign-in, null until one is ("Who's training?"). */
export type SessionUser = Pick<components['schemas']['AuthSuccess'], 'email' | 'token' | 'profile'>;

/** The account's language, which a sign-in answers: the interface switches to it. */
export type AccountLanguage = components['schemas']['AuthSuccess']['language'];

/**
 * What a sign-in answers: the user, the profile it is on (absent or null: none chosen yet), and
 * the language to speak (absent: the interface keeps its own).
 */
export type SignedInUser = Omit<SessionUser, 'profile'> & { profile?: Profile | null; language?: AccountLanguage };

export interface SessionArrival {
  user: SessionUser;
  /** The account's language, to speak from now on. */
  language?: AccountLanguage;
  /** Remember me: persisted in localStorage when true, sessionStorage otherwise. */
  remember: boolean;
  /** Where to go now (replacing history). */
  to: string;
}

/** What the profile picker tells the session once a profile is chosen: its token, the profile, its language. */
export interface ProfileChoice {
  token: string;
  profile: Profile;
  language?: AccountLanguage;
}

/** What survives a reload: only the user (and separately the language). */
export interface PersistedSession {
  user: SessionUser;
  remember: boolean;
}

/** What this sign-in may open: nothing chosen yet, a member's profile, or the owner's. */
export type ProfileStanding = 'none' | 'member' | 'owner';

export function standingOf(user: Pick<SessionUser, 'profile'>): ProfileStanding {
  if (!user.profile) return 'none';
  return user.profile.owner ? 'owner' : 'member';
}

/**
 * The account a user's access token names (its `sub`), or null when the token is not one of the
 * server's JWTs. It outlives an email change, so what this browser holds for an account (its
 * downloads, docs/decisions/038) is keyed by it. Read only, never trusted: the server checks the
 * token on every call.
 */
export function accountOf(user: Pick<SessionUser, 'token'>): string | null {
  const payload = user.token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  } catch {
    return null;
  }
}
