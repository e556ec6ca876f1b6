// One-time sign-in links (`nftoken`): random, stored as a hash, valid 10 minutes, used once.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { linkTokens } from '@server/db/schema';
import { hashToken, newOpaqueToken } from './tokens';

export const LINK_TOKEN_TTL_SECONDS = 10 * 60;

export async function createLinkToken(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + LINK_TOKEN_TTL_SECONDS * 1000);
  await db.insert(linkTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user the link signs in, or null when it is unknown, used or expired. Atomic. */
export async function consumeLinkToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(linkTokens.tokenHash, hashToken(token)), isNull(linkTokens.usedAt), gt(linkTokens.expiresAt, sql`now()`)))
    .returning({ userId: linkTokens.userId });
  return row?.userId ?? null;
}

/**
 * Spends every outstanding link of the account: a link is a sign-in not yet made, so whatever
 * ends the account's sessions (a password change or reset, "sign out of all other devices",
 * deletion) ends it too.
 */
export async function spendLinkTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .update(linkTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(linkTokens.userId, userId), isNull(linkTokens.usedAt)));
}
