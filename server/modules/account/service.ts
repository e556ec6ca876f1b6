// App layer: `app.account`, the signed-in account's own data: reading it and its devices,
// changing the email, password, language or profile, its player preferences, signing devices
// out, the export and the deletion.
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { sessions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { hashPassword, verifyPassword, listOpenSessions, revokeSession, revokeSessions, sessionsEndedByTransaction, type RateLimiters } from '@server/modules/auth';
import { queueMail } from '@server/modules/mail';
import { revokeFeedLink } from '@server/modules/schedule';
import type { PaymentProvider } from '@server/modules/payments';
import type { Viewer } from '@server/plugins/app/auth';
import { deleteAccount } from './deletion';
import { exportAccountData } from './export';
import { readPlayerPreferences, savePlayerPreferences, type PlayerPreferences } from './player-preferences';

type UserRow = typeof users.$inferSelect;

/** PostgreSQL's unique_violation, from node-postgres or PGlite (possibly wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || (typeof current === 'object' && current !== null); ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
    if (current === undefined) return false;
  }
  return false;
}

export function accountService(db: Database, rateLimiters: RateLimiters, provider: PaymentProvider) {
  /** The account, unless deleted: its token may outlive it (401). */
  async function read(userId: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user || user.deletedAt) throw new HttpError(401, 'auth.accountGone');
    return user;
  }

  return {
    read,
    /** The account and the devices signed in to it. */
    async withDevices(userId: string) {
      const user = await read(userId);
      return { user, devices: await listOpenSessions(db, user.id) };
    },
    /**
     * The account, its password checked. A wrong password is a 400, not a 401 (which the app
     * reads as "signed out"), and counts against the account's sign-in back-off.
     */
    async confirmPassword(userId: string, password: string): Promise<UserRow> {
      const user = await read(userId);
      const attempt = await rateLimiters.admitSignIn(user.email);
      if (!(await verifyPassword(password, user.passwordHash))) {
        await attempt.failed();
        throw new HttpError(400, 'account.wrongPassword');
      }
      await attempt.succeeded();
      return user;
    },
    /** Moves the account to `email` (409 when taken) and tells the old address. */
    async changeEmail(user: UserRow, email: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (taken) throw new HttpError(409, 'auth.emailTaken');
          await tx.update(users).set({ email }).where(eq(users.id, user.id));
          await queueMail(tx, { userId: user.id, to: user.email, language: user.language, template: 'emailChanged', params: { newEmail: email } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'auth.emailTaken');
        throw error;
      }
    },
    /** A new password; every other session of the account ends, and so does its calendar link. */
    async changePassword(userId: string, password: string, keepSessionId: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await revokeFeedLink(tx, userId, 'password_changed');
        return revokeSessions(tx, userId, { except: keepSessionId });
      });
      sessionsEndedByTransaction(db, ended);
    },
    /** Ends one of the account's sessions (404 when it is not one of them). */
    async signOutDevice(userId: string, sessionId: string): Promise<void> {
      const [owned] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      if (!owned) throw new HttpError(404, 'account.deviceNotFound');
      await revokeSession(db, owned.id);
    },
    /** Every other session of the account ends, and so does its calendar link (someone who copied it is signed out too). */
    async signOutOthers(userId: string, keepSessionId: string): Promise<void> {
      const ended = await db.transaction(async (tx) => {
        await revokeFeedLink(tx, userId, 'signed_out_everywhere');
        return revokeSessions(tx, userId, { except: keepSessionId });
      });
      sessionsEndedByTransaction(db, ended);
    },
    /** Captions on (in a language) or off, as every class starts. */
    /** The profile's preferences; the account is checked (deleted: 401), the preferences are the profile's. */
    async playerPreferences(viewer: Viewer): Promise<PlayerPreferences> {
      await read(viewer.accountId);
      return readPlayerPreferences(db, viewer.profileId);
    },
    async savePlayerPreferences(viewer: Viewer, preferences: PlayerPreferences): Promise<PlayerPreferences> {
      await read(viewer.accountId);
      return savePlayerPreferences(db, viewer.profileId, preferences);
    },
    export: (userId: string) => exportAccountData(db, userId),
    delete: (userId: string) => deleteAccount(db, provider, userId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    account: ReturnType<typeof accountService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('account', accountService(app.db, app.rateLimiters, app.paymentProvider));
  },
  { name: 'account-service', dependencies: ['config-and-database', 'auth', 'payment-provider'] },
);
