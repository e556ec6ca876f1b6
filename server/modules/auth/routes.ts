// Auth API: sign-up, sign-in, refresh, logout, one-time sign-in links and their exchange.
// Bodies are checked by the contract first, then by the shared account rules.
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import {
  checkRules,
  normaliseEmail,
  signInSchema,
  signUpSchema,
  type FieldErrors,
} from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { authSuccess, clearRefreshCookie, REFRESH_COOKIE, signIn } from './sign-in';
import { newDeviceId, verifyAccessToken } from './tokens';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { negotiateLocale, ruleCode, type MessageCode } from '@server/i18n';
import { bearerToken } from '@server/plugins/app/auth';
import { acceptCookies } from '@server/plugins/external/body-parsers';

type Schemas = components['schemas'];

/** The message of the first broken rule, in the order the form shows the fields. */
function firstBrokenRule(errors: FieldErrors | null, order: string[]): MessageCode | null {
  if (!errors) return null;
  const field = order.find((name) => errors[name]) ?? Object.keys(errors)[0];
  const key = field ? errors[field] : undefined;
  return key ? ruleCode(key) : null;
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // The refresh cookie (decision 080: only the plugins that use cookies register them).
  await acceptCookies(app);
  // A refused attempt (429) is counted by the rate limits, not here: it never checked a password.
  const signIns = new Counter({
    name: 'fitstream_sign_ins_total',
    help: 'Sign-in attempts decided, by method (password, link: a one-time sign-in link) and outcome (success, failure)',
    labelNames: ['method', 'outcome'] as const,
    registers: [app.metrics],
  });
  for (const method of ['password', 'link']) for (const outcome of ['success', 'failure']) signIns.inc({ method, outcome }, 0);
  app.post<{ Body: Schemas['SignUpRequest'] }>(
    '/api/v1/auth/sign-up',
    { schema: routeSchema('POST', '/api/v1/auth/sign-up') },
    async (request, reply) => {
      const body = request.body;
      const broken = firstBrokenRule(checkRules(signUpSchema, body), ['email', 'password', 'cpassword', 'country']);
      if (broken) throw new HttpError(400, broken);
      await app.rateLimiters.consume('signUpPerIp', request.ip);
      const language = negotiateLocale(request.headers['accept-language']);
      const account = await app.auth.signUp({ email: normaliseEmail(body.email), password: body.password, country: body.country, language }, request.log);
      reply.code(201);
      return signIn(app, reply, account, body.device_id, request.t('auth.accountCreated'));
    },
  );

  app.post<{ Body: Schemas['SignInRequest'] }>(
    '/api/v1/auth/sign-in',
    { schema: routeSchema('POST', '/api/v1/auth/sign-in') },
    async (request, reply) => {
      const body = request.body;
      const broken = firstBrokenRule(checkRules(signInSchema, body), ['email', 'password']);
      if (broken) throw new HttpError(400, broken);
      const email = normaliseEmail(body.email);
      await app.rateLimiters.consume('signInPerIp', request.ip);
      // Keyed by the address typed, known account or not, so a 429 reveals nothing.
      const attempt = await app.rateLimiters.admitSignIn(email);
      const account = await app.auth.checkCredentials(email, body.password);
      signIns.inc({ method: 'password', outcome: account ? 'success' : 'failure' });
      if (!account) {
        await attempt.failed();
        throw new HttpError(401, 'auth.badCredentials');
      }
      await attempt.succeeded();
      return signIn(app, reply, account, body.device_id, request.t('auth.signedIn'));
    },
  );

  app.get('/api/v1/refresh', { schema: routeSchema('GET', '/api/v1/refresh') }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw new HttpError(401, 'auth.signInRequired');
    const result = await app.auth.rotateRefreshToken(presented);
    if (result.kind !== 'rotated') {
      clearRefreshCookie(app, reply);
      if (result.kind === 'replayed') request.log.warn('refresh token replayed: session revoked');
      throw new HttpError(401, 'auth.sessionEnded');
    }
    return authSuccess(
      app,
      reply,
      { id: result.userId, email: result.email, language: result.language },
      { sessionId: result.sessionId, refreshToken: result.refreshToken, profile: result.profile },
      request.t('auth.renewed'),
    );
  });

  app.post('/api/v1/auth/logout', { schema: routeSchema('POST', '/api/v1/auth/logout') }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    const fromCookie = presented ? await app.auth.sessionOfRefreshToken(presented) : null;
    if (fromCookie) await app.auth.revokeSession(fromCookie);
    const token = bearerToken(request);
    const claims = token ? await verifyAccessToken(app.config, token, { ignoreExpiry: true }) : null;
    if (claims && claims.sessionId !== fromCookie) await app.auth.revokeSession(claims.sessionId);
    clearRefreshCookie(app, reply);
    return { isSuccess: true, message: request.t('auth.signedOut') };
  });

  app.post(
    '/api/v1/auth/link-token',
    { schema: routeSchema('POST', '/api/v1/auth/link-token'), preHandler: app.authenticate },
    async (request, reply) => {
      const { token, expiresAt } = await app.auth.createLinkToken(request.user.id);
      const query = new URLSearchParams({ nftoken: token, device_id: newDeviceId() });
      reply.code(201).header('Cache-Control', 'no-store');
      return { isSuccess: true, nftoken: token, url: `/?${query.toString()}`, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post<{ Body: Schemas['TokenExchangeRequest'] }>(
    '/api/v1/payments/index',
    { schema: routeSchema('POST', '/api/v1/payments/index') },
    async (request, reply) => {
      await app.rateLimiters.consume('exchangePerIp', request.ip);
      const account = await app.auth.exchangeLinkToken(request.body.token);
      signIns.inc({ method: 'link', outcome: account ? 'success' : 'failure' });
      if (!account) throw new HttpError(401, 'auth.linkInvalid');
      return signIn(app, reply, account, request.body.device_id ?? newDeviceId(), request.t('auth.signedIn'));
    },
  );
}
