// App layer: `app.authenticate`, the preHandler of every signed-in route. It accepts
// `Authorization: FitStream <jwt>` or `Bearer <jwt>`, checks the session is still open (in
// memory: server/modules/auth/revocations.ts, decision 018), and sets `request.user`. Also
// `app.rateLimiters` for the sign-in routes and `app.sessionRevocations`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiters, type RateLimiters } from '@server/modules/auth/rate-limits';
import { DEFAULT_REVOCATION_SYNC_MS, SessionRevocations } from '@server/modules/auth/revocations';
import { verifyAccessTokenCached } from '@server/modules/auth/tokens';
import { HttpError } from '@server/errors';

export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    rateLimiters: RateLimiters;
    sessionRevocations: SessionRevocations;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it in routes that use it. */
    user: AuthUser;
  }
}

const AUTH_SCHEME = /^(?:FitStream|Bearer)\s+(\S+)$/i;

/** The access token of the request, if it carries one in a scheme we accept. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (AUTH_SCHEME.exec(header.trim())?.[1] ?? null) : null;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null as unknown as AuthUser);
    const rateLimiters = await createRateLimiters(app.config, (error) =>
      app.log.warn({ err: error }, 'Redis connection error: rate limits are kept in this instance until it is back'),
    );
    app.decorate('rateLimiters', rateLimiters);
    app.addHook('onClose', async () => rateLimiters.close());

    const revocations = new SessionRevocations(app.db, {
      syncIntervalMs: DEFAULT_REVOCATION_SYNC_MS,
      accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
    });
    revocations.onReadError = (error) => app.log.warn({ err: error }, 'reading ended sessions failed: requests check the database until it works');
    revocations.listen(app.changeFeed);
    await revocations.start();
    app.decorate('sessionRevocations', revocations);
    app.addHook('onClose', async () => revocations.stop());

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, 'auth.signInRequired');
      const claims = await verifyAccessTokenCached(app.config, token);
      if (!claims || !(await revocations.isOpen(claims.sessionId, claims.userId))) {
        throw new HttpError(401, 'auth.sessionExpired');
      }
      request.user = { id: claims.userId, email: claims.email, sessionId: claims.sessionId };
    });
  },
  { name: 'auth', dependencies: ['config-and-database', 'change-feed'] },
);
