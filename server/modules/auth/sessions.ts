// Sessions (one per sign-in on one device) and their rotating refresh tokens. A refresh token
// that was already rotated, presented again after the reuse window, revokes its whole session:
// someone copied it (docs/decisions/003, 009).
//
// Signed-in requests do not ask the database whether their session is open: each instance
// keeps the sessions that ended in memory (server/modules/auth/revocations.ts, decision 018). Every
// function here that ends sessions tells this instance's list at once (`sessionsEnded`); other
// instances hear of it through the database's notification (migration 0013) or their
// periodic catch-up. End sessions through these functions, with the Database when you can:
// then the session stops working on this instance before the function returns. Inside a
// transaction of yours (whose commit this module cannot see), this instance, like the others,
// hears of it by the notification at commit, unless you pass the ended ids to
// `sessionsEndedByTransaction` after the commit.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { profiles, refreshTokens, sessions, users } from '@server/db/schema';
import { onlyProfile, type ProfileRow } from './profile-records';
import { spendLinkTokens } from './link-tokens';
import { hashToken, newOpaqueToken } from './tokens';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

type EndedListener = (sessionIds: readonly string[]) => void;
const endedListeners = new WeakMap<object, Set<EndedListener>>();

/** Hears every session that a function of this module ends on `db` (after its commit). */
export function onSessionsEnded(db: Database, listener: EndedListener): () => void {
  let listeners = endedListeners.get(db);
  if (!listeners) {
    listeners = new Set();
    endedListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sessionsEnded(db: Queryable, sessionIds: readonly string[]): void {
  if (sessionIds.length === 0) return;
  for (const listener of endedListeners.get(db) ?? []) listener(sessionIds);
}

/**
 * A signed-in device as the screen limit (and, later, the download limit) counts devices: its
 * sign-in session, the refresh-token family the server issued at sign-in and kept across every
 * refresh. The `device_id` a client sends is only a label (docs/decisions/029): one sign-in
 * cannot pass for another by sending another's label.
 */
export function deviceIdentity(user: { sessionId: string }): string {
  return user.sessionId;
}

export interface IssuedSession {
  /** The profile the sign-in is on: the account's only one, else none until chosen. */
  profile: ProfileRow | null;
  sessionId: string;
  refreshToken: string;
}

async function issueRefreshToken(db: Queryable, sessionId: string, refreshToken = newOpaqueToken()): Promise<string> {
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(refreshToken),
    sessionId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return refreshToken;
}

/**
 * A new session for (user, device); that device's earlier sessions end. `deviceName` is what
 * /account lists it as (told from the user agent).
 */
export async function startSession(db: Database, userId: string, deviceId: string, deviceName?: string): Promise<IssuedSession> {
  const { ended, issued } = await db.transaction(async (tx) => {
    const replaced = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const profile = await onlyProfile(tx, userId);
    const [session] = await tx
      .insert(sessions)
      .values({ userId, deviceId, profileId: profile?.id ?? null, ...(deviceName ? { deviceName } : {}) })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return {
      ended: replaced.map((row) => row.id),
      issued: { sessionId: session.id, refreshToken: await issueRefreshToken(tx, session.id), profile },
    };
  });
  sessionsEnded(db, ended);
  return issued;
}

export type RotationResult =
  | { kind: 'rotated'; sessionId: string; refreshToken: string; userId: string; email: string; language: string; profile: ProfileRow | null }
  | { kind: 'replayed' }
  | { kind: 'invalid' };

/** The AES-256-GCM key for a token's successor: derived from the token, which is stored only as a hash. */
function successorKey(presented: string): Buffer {
  return Buffer.from(hkdfSync('sha256', presented, '', 'fitstream refresh-token successor', 32));
}

function sealSuccessor(presented: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(presented), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function openSuccessor(presented: string, sealed: string): string | null {
  const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !data || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', successorKey(presented), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Trades a refresh token for a new one, atomically: of concurrent uses one rotates it. For
 * `reuseSeconds` after that, the rotated token answers the same successor (two tabs, or a
 * retried request, refreshing at once); presented later, it is a replay.
 */
export async function rotateRefreshToken(db: Database, refreshToken: string, reuseSeconds: number): Promise<RotationResult> {
  const tokenHash = hashToken(refreshToken);
  const next = newOpaqueToken();
  let replayedSession: string | null = null;
  const result = await db.transaction(async (tx): Promise<RotationResult> => {
    const ownerOf = async (sessionId: string) => {
      const [owner] = await tx
        .select({ userId: users.id, email: users.email, language: users.language, profile: profiles })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(profiles, eq(profiles.id, sessions.profileId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      return owner;
    };
    const [used] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()`, successorSealed: sealSuccessor(refreshToken, next) })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, sql`now()`)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (used) {
      const owner = await ownerOf(used.sessionId);
      if (!owner) return { kind: 'invalid' };
      await issueRefreshToken(tx, used.sessionId, next);
      await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, used.sessionId));
      return { kind: 'rotated', sessionId: used.sessionId, refreshToken: next, ...owner };
    }
    const [known] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        rotatedAt: refreshTokens.rotatedAt,
        successorSealed: refreshTokens.successorSealed,
        reusable: sql<boolean>`${refreshTokens.rotatedAt} > now() - make_interval(secs => ${reuseSeconds})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known?.rotatedAt) return { kind: 'invalid' };
    const successor = known.reusable && known.successorSealed ? openSuccessor(refreshToken, known.successorSealed) : null;
    if (successor) {
      const owner = await ownerOf(known.sessionId);
      return owner ? { kind: 'rotated', sessionId: known.sessionId, refreshToken: successor, ...owner } : { kind: 'invalid' };
    }
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, known.sessionId), isNull(sessions.revokedAt)));
    replayedSession = known.sessionId;
    return { kind: 'replayed' };
  });
  if (replayedSession) sessionsEnded(db, [replayedSession]);
  return result;
}

/** The session a refresh token belongs to, whatever its state. */
export async function sessionOfRefreshToken(db: Database, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  return row?.sessionId ?? null;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // Told even when it had already ended: harmless, and the caller's intent is clear.
  sessionsEnded(db, [sessionId]);
}

/**
 * Ends every open session of `userId` ("sign out everywhere", a password reset), except the
 * session `except` (the device asking, when it stays signed in), and spends every outstanding
 * sign-in link of the account, this device's too (a link is a session not yet started). Their
 * refresh tokens stop working at once everywhere; their access tokens stop at once on this
 * instance and within the bound of decision 018 (10 s, typically milliseconds) on the others.
 * Answers the ids of the sessions it ended.
 */
export async function revokeSessions(db: Queryable, userId: string, options: { except?: string } = {}): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), options.except ? ne(sessions.id, options.except) : undefined))
    .returning({ id: sessions.id });
  await spendLinkTokens(db, userId);
  const ids = ended.map((row) => row.id);
  sessionsEnded(db, ids);
  return ids;
}

/** Ends the sign-ins on a profile (it is being deleted); call `sessionsEndedByTransaction` after the commit. */
export async function revokeProfileSessions(db: Queryable, profileId: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.profileId, profileId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/**
 * Tells this instance at once of the sessions that `revokeSessions(tx, …)` ended inside a
 * transaction of yours, once it has committed (otherwise this instance, like the others, waits
 * for the notification).
 */
export function sessionsEndedByTransaction(db: Database, sessionIds: readonly string[]): void {
  sessionsEnded(db, sessionIds);
}

export interface OpenSession {
  id: string;
  deviceName: string;
  /** The profile the sign-in is on, null before one is chosen. */
  profileName: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The account's devices signed in, the most recently seen first. */
export async function listOpenSessions(db: Queryable, userId: string): Promise<OpenSession[]> {
  return db
    .select({ id: sessions.id, deviceName: sessions.deviceName, profileName: profiles.name, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * One indexed lookup (primary key): what a request asks when this instance's list of ended
 * sessions is not known to be current (server/modules/auth/revocations.ts).
 */
export async function isSessionActive(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row !== undefined;
}
