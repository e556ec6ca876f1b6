// Sessions (one per sign-in on one device) and their rotating refresh tokens. A refresh token
// that was already rotated, presented again, revokes its whole session: someone copied it.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { refreshTokens, sessions, users } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
}

async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(refreshToken),
    sessionId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return refreshToken;
}

/** A new session for (user, device); that device's earlier sessions end. */
export async function startSession(db: Database, userId: string, deviceId: string): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)));
    const [session] = await tx.insert(sessions).values({ userId, deviceId }).returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return { sessionId: session.id, refreshToken: await issueRefreshToken(tx, session.id) };
  });
}

export type RotationResult =
  | { kind: 'rotated'; sessionId: string; refreshToken: string; userId: string; email: string }
  | { kind: 'replayed' }
  | { kind: 'invalid' };

/** Trades a refresh token for a new one, atomically: of two concurrent uses only one wins. */
export async function rotateRefreshToken(db: Database, refreshToken: string): Promise<RotationResult> {
  const tokenHash = hashToken(refreshToken);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, sql`now()`)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (!used) {
      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId, rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (known?.rotatedAt) {
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, known.sessionId), isNull(sessions.revokedAt)));
        return { kind: 'replayed' };
      }
      return { kind: 'invalid' };
    }
    const [owner] = await tx
      .select({ userId: users.id, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt)));
    if (!owner) return { kind: 'invalid' };
    const next = await issueRefreshToken(tx, used.sessionId);
    return { kind: 'rotated', sessionId: used.sessionId, refreshToken: next, ...owner };
  });
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
}

/** One indexed lookup (primary key) per authenticated request. */
export async function isSessionActive(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row !== undefined;
}
