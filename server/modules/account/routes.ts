// Account API (/api/v1/account/*, the /account page): read the account and its devices, change
// the email or the password (each confirmed with the current password), keep the language,
// sign devices out, download everything held about the account, and delete it.
import type { FastifyInstance } from 'fastify';
import {
  changeEmailSchema,
  changePasswordSchema,
  checkRules,
  deleteAccountSchema,
  normaliseEmail,
  type FieldErrors,
} from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { clearRefreshCookie } from '@server/modules/auth';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';
import { ProviderError } from '@server/modules/payments';
import { acceptCookies } from '@server/plugins/external/body-parsers';

type Schemas = components['schemas'];
type Language = Schemas['Language'];

const base = '/api/v1/account';

function firstBrokenRule(errors: FieldErrors | null, order: string[]): void {
  if (!errors) return;
  const field = order.find((name) => errors[name]) ?? Object.keys(errors)[0];
  const key = field ? errors[field] : undefined;
  if (key) throw new HttpError(400, ruleCode(key));
}

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Deleting the account clears the refresh cookie (decision 080: only the plugins that use cookies register them).
  await acceptCookies(app);
  // The account page is the owner's profile's (decision 064); a profile's language is its own.
  const signedIn = { preHandler: app.authenticateOwner };

  app.get(base, { ...signedIn, schema: routeSchema('GET', base) }, async (request, reply) => {
    const { user, devices } = await app.account.withDevices(request.user.id);
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
        profileName: device.profileName,
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
      const user = await app.account.confirmPassword(request.user.id, request.body.password);
      const email = normaliseEmail(request.body.email);
      if (email === user.email) return { isSuccess: true, message: request.t('account.emailChanged'), email };
      await app.account.changeEmail(user, email);
      return { isSuccess: true, message: request.t('account.emailChanged'), email };
    },
  );

  app.post<{ Body: Schemas['ChangePasswordRequest'] }>(
    `${base}/password`,
    { ...signedIn, schema: routeSchema('POST', `${base}/password`) },
    async (request) => {
      firstBrokenRule(checkRules(changePasswordSchema, request.body), ['currentPassword', 'password', 'cpassword']);
      const user = await app.account.confirmPassword(request.user.id, request.body.currentPassword);
      await app.account.changePassword(user.id, request.body.password, request.user.sessionId);
      return { isSuccess: true, message: request.t('account.passwordChanged') };
    },
  );

  app.put<{ Body: Schemas['LanguageRequest'] }>(
    `${base}/language`,
    { preHandler: app.authenticateProfile, schema: routeSchema('PUT', `${base}/language`) },
    async (request) => {
      const { language } = request.body;
      await app.profiles.update(request.user.id, request.profileId, { language });
      return { isSuccess: true, message: request.t('account.languageSaved'), language };
    },
  );

  app.delete<{ Params: { sessionId: string } }>(
    `${base}/sessions/:sessionId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/sessions/{sessionId}`) },
    async (request) => {
      await app.account.signOutDevice(request.user.id, request.params.sessionId);
      return { isSuccess: true, message: request.t('account.deviceSignedOut') };
    },
  );

  app.post(`${base}/sessions/sign-out-others`, { ...signedIn, schema: routeSchema('POST', `${base}/sessions/sign-out-others`) }, async (request) => {
    await app.account.signOutOthers(request.user.id, request.user.sessionId);
    return { isSuccess: true, message: request.t('account.otherDevicesSignedOut') };
  });

  app.get(`${base}/export`, { ...signedIn, schema: routeSchema('GET', `${base}/export`) }, async (request, reply) => {
    const data = await app.account.export(request.user.id);
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
      const user = await app.account.confirmPassword(request.user.id, request.body.password);
      try {
        await app.account.delete(user.id);
      } catch (error) {
        if (error instanceof ProviderError) throw new HttpError(502, 'payments.providerUnavailable');
        throw error;
      }
      clearRefreshCookie(app, reply);
      return { isSuccess: true, message: request.t('account.deleted') };
    },
  );
}
