// The profile a sign-in is on (decision 064), as the sign-in sees it: the owner's profile made
// with the account, the account's only profile a new sign-in goes straight in on, and the
// contract's view of a profile. Here, not in the profiles module, which builds on auth.
import { eq } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import { pickLocale } from '@domain/locales';
import type { Queryable } from '@server/db/client';
import { profiles } from '@server/db/schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileView = components['schemas']['Profile'];

export function profileView(row: ProfileRow): ProfileView {
  return { id: row.id, name: row.name, image: row.image, language: pickLocale(row.language), owner: row.isOwner, locked: row.pinHash !== null };
}

/** The account owner's profile, made with the account (sign-up) from its name or its address. */
export async function createOwnerProfile(db: Queryable, account: { id: string; email: string; language: string }): Promise<ProfileRow> {
  const [created] = await db
    .insert(profiles)
    .values({ accountId: account.id, name: account.email.split('@')[0] ?? account.email, language: account.language, isOwner: true })
    .returning();
  if (!created) throw new Error('profile insert returned nothing');
  return created;
}

/** The account's profile when it has exactly one: a sign-in goes straight in on it. */
export async function onlyProfile(db: Queryable, accountId: string): Promise<ProfileRow | null> {
  const rows = await db.select().from(profiles).where(eq(profiles.accountId, accountId)).limit(2);
  return rows.length === 1 ? rows[0]! : null;
}
