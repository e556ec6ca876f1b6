// Accounts: creating one (email unique, password hashed) and checking credentials with the
// same answer and similar timing whether the email is unknown or the password wrong.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import type { AppLocale } from '@domain/locales';
import { HttpError } from '@server/errors';
import { createOwnerProfile } from './profile-records';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';

export interface Account {
  id: string;
  email: string;
  /** As stored ('en' | 'es'): emails are written in it, and the app switches to it at sign-in. */
  language: string;
}

/** `email` must already be normalised (trimmed, lower-cased). Throws a 409 when it is taken. */
export async function createAccount(
  db: Database,
  input: { email: string; password: string; country: string; language: AppLocale },
): Promise<Account> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw new HttpError(409, 'auth.emailTaken');
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, country: input.country, language: input.language })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, language: users.language });
    if (account) await createOwnerProfile(tx, account);
    return account;
  });
  // Lost a race with a concurrent sign-up for the same address.
  if (!created) throw new HttpError(409, 'auth.emailTaken');
  return created;
}

/** The account whose credentials these are, or null (unknown email or wrong password alike). */
export async function checkCredentials(db: Database, email: string, password: string): Promise<Account | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, language: users.language, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? { id: user.id, email: user.email, language: user.language } : null;
}

/** The account, unless it was deleted. */
export async function findAccount(db: Database, userId: string): Promise<Account | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user ?? null;
}
