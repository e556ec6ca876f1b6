// Password reset: a link by email (random token stored as a hash, valid 30 minutes, used once),
// and setting the new password with it, which ends every session of the account.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { passwordResetTokens, users } from '@server/db/schema';
import { queueMail } from '@server/modules/mail';
import { hashPassword, revokeSessions, hashToken, newOpaqueToken, type Account } from '@server/modules/auth';
import { revokeFeedLink } from '@server/modules/schedule';

export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/** The app page a reset link opens. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
}

/**
 * Queues the reset email when `email` (normalised) has an account; does nothing otherwise. The
 * caller answers the same either way, before this runs.
 */
export async function requestPasswordReset(db: Database, email: string, publicUrl: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.email, email));
  if (!user) return false;
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: sql`now() + make_interval(secs => ${RESET_TOKEN_TTL_SECONDS})`,
    });
    await queueMail(tx, {
      userId: user.id,
      to: user.email,
      language: user.language,
      template: 'passwordReset',
      params: { link: resetLink(publicUrl, token), minutes: RESET_TOKEN_TTL_SECONDS / 60 },
    });
  });
  return true;
}

/**
 * Sets `password` on the account the token belongs to, ends every session of it, every other
 * open reset link and its calendar link, all at once; null when the token is unknown, used or
 * expired. Atomic: of two uses of one token, one wins.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<Account | null> {
  // Hashing is slow on purpose; it happens before the transaction, not inside it.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    const [account] = await tx
      .update(users)
      .set({ passwordHash })
      // A deleted account stays deleted, whatever link outlived it.
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email, language: users.language });
    if (!account) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
    await revokeSessions(tx, account.id);
    await revokeFeedLink(tx, account.id, 'password_reset');
    return account;
  });
}
