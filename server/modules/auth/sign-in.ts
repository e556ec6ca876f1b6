// What every successful sign-in answers (sign-up, sign-in, link exchange, refresh): an access
// token in the body and the refresh token in the `fs_refresh` cookie.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Account } from './accounts';
import { REFRESH_TOKEN_TTL_SECONDS, startSession } from './sessions';
import { describeDevice } from './devices';
import { signAccessToken } from './tokens';
import { pickLocale, type AppLocale } from '@domain/locales';
import { profileView, type ProfileRow, type ProfileView } from './profile-records';

export const REFRESH_COOKIE = 'fs_refresh';

export interface AuthSuccessBody {
  isSuccess: true;
  message: string;
  token: string;
  email: string;
  language: AppLocale;
  profile: ProfileView | null;
}

function cookieOptions(app: FastifyInstance) {
  return { path: '/api/v1', httpOnly: true, sameSite: 'strict' as const, secure: app.config.secureCookies };
}

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions(app), maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(app));
}

export async function authSuccess(
  app: FastifyInstance,
  reply: FastifyReply,
  account: Account,
  session: { sessionId: string; refreshToken: string; profile: ProfileRow | null },
  message: string,
): Promise<AuthSuccessBody> {
  setRefreshCookie(app, reply, session.refreshToken);
  return accessGranted(app, reply, account, session, message);
}

/**
 * The access token of a sign-in on its profile (a sign-in, a refresh, or choosing a profile),
 * answered with the profile and the language the app speaks from now on (the profile's).
 */
export async function accessGranted(
  app: FastifyInstance,
  reply: FastifyReply,
  account: Omit<Account, 'language'> & { language: string },
  session: { sessionId: string; profile: ProfileRow | null },
  message: string,
): Promise<AuthSuccessBody> {
  // Credentials: no cache, shared or private, may keep this answer (as OAuth's token responses).
  reply.header('Cache-Control', 'no-store');
  const { profile } = session;
  const token = await signAccessToken(app.config, {
    userId: account.id,
    email: account.email,
    sessionId: session.sessionId,
    profileId: profile?.id ?? null,
    ownerProfile: profile?.isOwner ?? false,
  });
  return {
    isSuccess: true,
    message,
    token,
    email: account.email,
    language: pickLocale(profile?.language ?? account.language),
    profile: profile ? profileView(profile) : null,
  };
}

/** A new session for the account on `deviceId`, answered like sign-in. */
export async function signIn(
  app: FastifyInstance,
  reply: FastifyReply,
  account: Account,
  deviceId: string,
  message: string,
): Promise<AuthSuccessBody> {
  const deviceName = describeDevice(reply.request.headers).name;
  return authSuccess(app, reply, account, await startSession(app.db, account.id, deviceId, deviceName), message);
}
