// Profile records other modules need (decision 064): the household's profiles, one of them by
// id, and the household's time zone seen from a profile.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import type { ProfileRow } from '@server/modules/auth';

/** The account's profiles: the owner's first, then in the order they were added. */
export function accountProfiles(db: Queryable, accountId: string): Promise<ProfileRow[]> {
  return db.select().from(profiles).where(eq(profiles.accountId, accountId)).orderBy(desc(profiles.isOwner), asc(profiles.createdAt), asc(profiles.id));
}

/** The profile of this account with this id, or null (another account's, deleted, or none). */
export async function accountProfile(db: Queryable, accountId: string, profileId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.accountId, accountId)));
  return row ?? null;
}

/** The household's time zone (asked once for the account), seen from one of its profiles; null until set. */
export async function profileTimeZone(db: Queryable, profileId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(profiles).innerJoin(users, eq(users.id, profiles.accountId)).where(eq(profiles.id, profileId));
  return row?.timeZone ?? null;
}
