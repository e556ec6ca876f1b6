// Account API (/api/v1/account/*, the /account page): read the account and its devices, change
// the email or the password (each confirmed with the current password), keep the language,
// sign devices out, download everything held about the account, and delete it.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeEmailSchema,
  changePasswordSchema,
  checkRules,
  deleteAccountSchema,
  normaliseEmail,
  type FieldErrors,
} from '@domain/account-rules';
import type { components } from '@api/schema';
import { deleteAccount } from '@server/modules/account/deletion';
import { exportAccountData } from '@server/modules/account/export';
import { hashPassword, verifyPassword } from '@server/modules/auth/password';
import { listOpenSessions, revokeSession, revokeSessions } from '@server/modules/auth/sessions';
import { clearRefreshCookie } from '@server/modules/auth/sign-in';
import { routeSchema } from '@server/contract';
import { sessions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';
import { queueMail } from '@server/modules/mail/outbox';
import { ProviderError } from '@server/modules/payments/provider';

type Schemas = components['schemas'];
type Language = Schemas['Language'];

const base = '/api/v1/account';

function firstBrokenRule(errors: FieldErrors | null, order: string[]): void {
  if (!errors) return;
  const field = order.find((name) => errors[name]) ?? Object.keys(errors)[0];
  const key = field ? errors[field] : undefined;
  if (key) throw new HttpError(400, ruleCode(key));
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite (possibly wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || (typeof current === 'object' && current !== null); ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
    if (current === undefined) return false;
  }
  return false;
}

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticate };

  /**
   * The signed-in account, its password checked. A wrong password is a 400, not a 401 (which
   * the app reads as "signed out"), and counts against the account's sign-in back-off.
   */
  async function confirmPassword(request: FastifyRequest, password: string) {
    const [user] = await app.db.select().from(users).where(eq(users.id, request.user.id));
    if (!user || user.deletedAt) throw new HttpError(401, 'auth.accountGone');
    const attempt = await app.rateLimiters.admitSignIn(user.email);
    if (!(await verifyPassword(password, user.passwordHash))) {
      await attempt.failed();
      throw new HttpError(400, 'account.wrongPassword');
    }
    await attempt.succeeded();
    return user;
  }

  app.get(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request, reply) => {
    const [user] = await app.db.select().from(users).where(eq(users.id, request.user.id));
    if (!user || user.deletedAt) throw new HttpError(401, 'auth.accountGone');
    const devices = await listOpenSessions(app.db, user.id);
    reply.header('Cache-Control', 'no-store');
    return {
      isSuccess: true,
      account: {
        email: user.email,
        name: user.name,
        image: user.image,
        language: (user.language === 'es' ? 'es' : 'en') satisfies Language,
        createdAt: user.createdAt.toISOString(),
      },
      devices: devices.map((device) => ({
        id: device.id,
        deviceName: device.deviceName,
        signedInAt: device.createdAt.toISOString(),
        lastSeenAt: device.lastSeenAt.toISOString(),
        current: device.id === request.user.sessionId,
      })),
    };
  });

  app.post<{ Body: Schemas['ChangeEmailRequest'] }>(
    `${base}/email`,
    { ...signedIn, schema: routeSchema('POST', `${base}/email`) },
    async (request) => {
      firstBrokenRule(checkRules(changeEmailSchema, request.body), ['email', 'password']);
      const user = await confirmPassword(request, request.body.password);
      const email = normaliseEmail(request.body.email);
      if (email === user.email) return { isSuccess: true, message: request.t('account.emailChanged'), email };
      try {
        await app.db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (taken) throw new HttpError(409, 'auth.emailTaken');
          await tx.update(users).set({ email }).where(eq(users.id, user.id));
          await queueMail(tx, { userId: user.id, to: user.email, language: user.language, template: 'emailChanged', params: { newEmail: email } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'auth.emailTaken');
        throw error;
      }
      return { isSuccess: true, message: request.t('account.emailChanged'), email };
    },
  );

  app.post<{ Body: Schemas['ChangePasswordRequest'] }>(
    `${base}/password`,
    { ...signedIn, schema: routeSchema('POST', `${base}/password`) },
    async (request) => {
      firstBrokenRule(checkRules(changePasswordSchema, request.body), ['currentPassword', 'password', 'cpassword']);
      const user = await confirmPassword(request, request.body.currentPassword);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeSessions(app.db, user.id, { except: request.user.sessionId });
      return { isSuccess: true, message: request.t('account.passwordChanged') };
    },
  );

  app.put<{ Body: Schemas['LanguageRequest'] }>(
    `${base}/language`,
    { ...signedIn, schema: routeSchema('PUT', `${base}/language`) },
    async (request) => {
      const { language } = request.body;
      const [saved] = await app.db.update(users).set({ language }).where(eq(users.id, request.user.id)).returning({ id: users.id });
      if (!saved) throw new HttpError(401, 'auth.accountGone');
      return { isSuccess: true, message: request.t('account.languageSaved'), language };
    },
  );

  app.delete<{ Params: { sessionId: string } }>(
    `${base}/sessions/:sessionId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/sessions/{sessionId}`) },
    async (request) => {
      const [owned] = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, request.params.sessionId), eq(sessions.userId, request.user.id)));
      if (!owned) throw new HttpError(404, 'account.deviceNotFound');
      await revokeSession(app.db, owned.id);
      return { isSuccess: true, message: request.t('account.deviceSignedOut') };
    },
  );

  app.post(`${base}/sessions/sign-out-others`, { ...signedIn, schema: routeSchema('POST', `${base}/sessions/sign-out-others`) }, async (request) => {
    await revokeSessions(app.db, request.user.id, { except: request.user.sessionId });
    return { isSuccess: true, message: request.t('account.otherDevicesSignedOut') };
  });

  app.get(`${base}/export`, { ...signedIn, schema: routeSchema('GET', `${base}/export`) }, async (request, reply) => {
    const data = await exportAccountData(app.db, request.user.id);
    if (!data) throw new HttpError(401, 'auth.accountGone');
    const day = data.exportedAt.slice(0, 10);
    reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="fitstream-data-${day}.json"`)
      .type('application/json; charset=utf-8');
    // Sent as text: the rows' columns are not in the contract's schema, so the serializer would drop them.
    return reply.send(JSON.stringify(data, null, 2));
  });

  app.post<{ Body: Schemas['DeleteAccountRequest'] }>(
    `${base}/delete`,
    { ...signedIn, schema: routeSchema('POST', `${base}/delete`) },
    async (request, reply) => {
      firstBrokenRule(checkRules(deleteAccountSchema, request.body), ['password']);
      const user = await confirmPassword(request, request.body.password);
      try {
        await deleteAccount(app.db, app.paymentProvider, user.id);
      } catch (error) {
        if (error instanceof ProviderError) throw new HttpError(502, 'payments.providerUnavailable');
        throw error;
      }
      clearRefreshCookie(app, reply);
      return { isSuccess: true, message: request.t('account.deleted') };
    },
  );
}
