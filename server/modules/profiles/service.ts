// App layer: `app.profiles`, the household's profiles (decision 064): listing them, the owner's
// adding, editing and deleting them, PINs, and choosing the profile a sign-in trains as. The
// owner's profile is the account's face: its name, picture and language are the account's too.
import { and, count, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { PIN_PATTERN, PROFILE_LIMIT } from '@domain/account-rules';
import type { Database } from '@server/db/client';
import { profiles, sessions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { hashPassword, revokeProfileSessions, sessionsEndedByTransaction, verifyPassword } from '@server/modules/auth';
import { findUpload } from '@server/modules/uploads';
import type { ProfileRow } from '@server/modules/auth';
import { accountProfile, accountProfiles } from './records';

/** Wrong PINs in a row that lock a profile, and for how long (decision 064). */
export const PIN_TRIES = 5;
export const PIN_LOCK_SECONDS = 15 * 60;

export interface ProfileChanges {
  name?: string;
  image?: string | null;
  language?: 'en' | 'es';
}

const notFound = () => new HttpError(404, 'profiles.notFound');

export function profilesService(db: Database) {
  async function owned(accountId: string, profileId: string): Promise<ProfileRow> {
    const found = await accountProfile(db, accountId, profileId);
    if (!found) throw notFound();
    return found;
  }

  async function checkImage(accountId: string, image: string | null | undefined): Promise<void> {
    if (typeof image === 'string' && !(await findUpload(db, image, accountId))) throw new HttpError(400, 'users.imageNotFound');
  }

  /** The owner's profile speaks for the account: its name, picture and language are the account's. */
  async function mirrorOnAccount(tx: Pick<Database, 'update'>, profile: ProfileRow): Promise<void> {
    if (profile.isOwner) await tx.update(users).set({ name: profile.name, image: profile.image, language: profile.language }).where(eq(users.id, profile.accountId));
  }

  return {
    list: (accountId: string) => accountProfiles(db, accountId),

    async add(accountId: string, input: Required<Pick<ProfileChanges, 'name'>> & ProfileChanges): Promise<ProfileRow> {
      await checkImage(accountId, input.image);
      return db.transaction(async (tx) => {
        // One at a time per account, so two adds at once cannot make a sixth.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, accountId)).for('update');
        const [{ value } = { value: 0 }] = await tx.select({ value: count() }).from(profiles).where(eq(profiles.accountId, accountId));
        if (value >= PROFILE_LIMIT) throw new HttpError(409, 'profiles.limitReached', { values: { limit: PROFILE_LIMIT } });
        const [owner] = await tx.select({ language: profiles.language }).from(profiles).where(and(eq(profiles.accountId, accountId), eq(profiles.isOwner, true)));
        const [created] = await tx
          .insert(profiles)
          .values({ accountId, name: input.name, image: input.image ?? null, language: input.language ?? owner?.language ?? 'en' })
          .returning();
        if (!created) throw new Error('profile insert returned nothing');
        return created;
      });
    },

    async update(accountId: string, profileId: string, changes: ProfileChanges): Promise<ProfileRow> {
      await owned(accountId, profileId);
      await checkImage(accountId, changes.image);
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(profiles)
          .set(changes)
          .where(and(eq(profiles.id, profileId), eq(profiles.accountId, accountId)))
          .returning();
        if (!saved) throw notFound();
        await mirrorOnAccount(tx, saved);
        return saved;
      });
    },

    /** Erases the profile and all it trained with (the tables keyed by it cascade); its devices are signed out. */
    async remove(accountId: string, profileId: string): Promise<void> {
      const profile = await owned(accountId, profileId);
      if (profile.isOwner) throw new HttpError(409, 'profiles.ownerUndeletable');
      const ended = await db.transaction(async (tx) => {
        const signedOut = await revokeProfileSessions(tx, profileId);
        await tx.delete(profiles).where(and(eq(profiles.id, profileId), eq(profiles.accountId, accountId)));
        return signedOut;
      });
      sessionsEndedByTransaction(db, ended);
    },

    /** Sets (4 digits) or removes (null) the PIN, the account's password checked by the caller; lifts a lock. */
    async setPin(accountId: string, profileId: string, pin: string | null): Promise<ProfileRow> {
      await owned(accountId, profileId);
      const pinHash = pin === null ? null : await hashPassword(pin);
      const [saved] = await db
        .update(profiles)
        .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
        .where(and(eq(profiles.id, profileId), eq(profiles.accountId, accountId)))
        .returning();
      if (!saved) throw notFound();
      return saved;
    },

    /**
     * This sign-in trains as the profile from now on. A PIN-locked profile needs its PIN: each
     * wrong one counts, the fifth in a row locks it for 15 minutes (429 with Retry-After).
     */
    async choose(accountId: string, sessionId: string, profileId: string, pin: string | undefined, now: Date): Promise<ProfileRow> {
      const profile = await owned(accountId, profileId);
      if (profile.pinHash !== null) {
        const lockedFor = profile.pinLockedUntil ? Math.ceil((profile.pinLockedUntil.getTime() - now.getTime()) / 1000) : 0;
        if (lockedFor > 0) throw pinLocked(lockedFor);
        if (pin === undefined) throw new HttpError(403, 'profiles.pinRequired');
        if (!PIN_PATTERN.test(pin)) throw new HttpError(400, 'validation.pin.invalid');
        if (!(await verifyPassword(pin, profile.pinHash))) {
          // Counted in the database, so every instance and every device share the count.
          const [after] = await db
            .update(profiles)
            .set({
              pinFailures: sql`case when ${profiles.pinFailures} + 1 >= ${PIN_TRIES} then 0 else ${profiles.pinFailures} + 1 end`,
              pinLockedUntil: sql`case when ${profiles.pinFailures} + 1 >= ${PIN_TRIES} then ${new Date(now.getTime() + PIN_LOCK_SECONDS * 1000).toISOString()}::timestamptz else null end`,
            })
            .where(eq(profiles.id, profileId))
            .returning({ failures: profiles.pinFailures, lockedUntil: profiles.pinLockedUntil });
          if (after?.lockedUntil) throw pinLocked(PIN_LOCK_SECONDS);
          throw new HttpError(403, 'profiles.wrongPin', { values: { left: PIN_TRIES - (after?.failures ?? 0) } });
        }
        if (profile.pinFailures > 0) await db.update(profiles).set({ pinFailures: 0 }).where(eq(profiles.id, profileId));
      }
      const [chosen] = await db
        .update(sessions)
        .set({ profileId })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, accountId)))
        .returning({ id: sessions.id });
      if (!chosen) throw new HttpError(401, 'auth.sessionExpired');
      return profile;
    },
  };
}

function pinLocked(seconds: number): HttpError {
  return new HttpError(429, 'profiles.pinLocked', { values: { minutes: Math.ceil(seconds / 60) }, headers: { 'Retry-After': String(seconds) } });
}

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ReturnType<typeof profilesService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('profiles', profilesService(app.db));
  },
  { name: 'profiles-service', dependencies: ['config-and-database'] },
);
