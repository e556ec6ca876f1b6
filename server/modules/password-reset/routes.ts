// Password reset API: asking for a link (the same answer for every address, the email queued
// after answering) and setting the new password with it (every session ends; this device is
// signed in). Limited per client address and per email address.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkRules, forgotPasswordSchema, normaliseEmail, resetPasswordSchema } from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { signIn } from '@server/modules/auth';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';
import { acceptCookies } from '@server/plugins/external/body-parsers';

type Schemas = components['schemas'];

export default async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  // A reset signs in: the refresh cookie (decision 080: only the plugins that use cookies register them).
  await acceptCookies(app);
  app.post<{ Body: Schemas['ForgotPasswordRequest'] }>(
    '/api/v1/auth/forgot-password',
    { schema: routeSchema('POST', '/api/v1/auth/forgot-password') },
    async (request) => {
      const broken = checkRules(forgotPasswordSchema, request.body)?.email;
      if (broken) throw new HttpError(400, ruleCode(broken));
      const email = normaliseEmail(request.body.email);
      await app.rateLimiters.consume('forgotPasswordPerIp', request.ip);
      // Keyed by the address typed, known or not, so a 429 reveals nothing; hashed for Redis.
      await app.rateLimiters.consume('forgotPasswordPerAddress', createHash('sha256').update(email).digest('base64url'));
      // Whether the address has an account must not show in the answer or in its timing: the
      // lookup and the email happen after this request is answered.
      app.mail.queueAfterAnswer(() => app.passwordReset.request(email), request.log);
      return { isSuccess: true, message: request.t('auth.resetLinkSent') };
    },
  );

  app.post<{ Body: Schemas['ResetPasswordRequest'] }>(
    '/api/v1/auth/reset-password',
    { schema: routeSchema('POST', '/api/v1/auth/reset-password') },
    async (request, reply) => {
      const errors = checkRules(resetPasswordSchema, request.body);
      const broken = errors?.password ?? errors?.cpassword;
      if (broken) throw new HttpError(400, ruleCode(broken));
      await app.rateLimiters.consume('resetPasswordPerIp', request.ip);
      const account = await app.passwordReset.reset(request.body.token, request.body.password);
      if (!account) throw new HttpError(400, 'auth.resetLinkInvalid');
      return signIn(app, reply, account, request.body.device_id, request.t('auth.passwordReset'));
    },
  );
}
