// App layer: `app.authenticate`, the onRequest (or preHandler) hook of every signed-in route.
// It accepts `Authorization: FitStream <jwt>` or `Bearer <jwt>`, checks the session is still
// open (in memory: server/modules/auth/revocations.ts, decision 018), and sets `request.user`.
// A token verified before and a current list of ended sessions answer synchronously: no
// promise, no turn of the event loop (decision 080); otherwise the signature is checked, or
// the database asked, and the hook calls back when done. Also `app.rateLimiters` for the
// sign-in routes and `app.sessionRevocations`.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiters, type RateLimiters } from '@server/modules/auth/rate-limits';
import { DEFAULT_REVOCATION_SYNC_MS, SessionRevocations } from '@server/modules/auth/revocations';
import { knownAccessToken, verifyAccessTokenCached, type AccessClaims } from '@server/modules/auth/tokens';
import { HttpError } from '@server/errors';

export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
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
    const rateLimiters = await createRateLimiters(app.config, app.metrics, (error) =>
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

    const signInRequired = () => new HttpError(401, 'auth.signInRequired');
    const sessionExpired = () => new HttpError(401, 'auth.sessionExpired');
    const signedIn = (request: FastifyRequest, claims: AccessClaims) => {
      request.user = { id: claims.userId, email: claims.email, sessionId: claims.sessionId };
    };
    /** What memory cannot tell: the token's signature (first use) or its session (list not current). */
    const slowly = async (request: FastifyRequest, token: string) => {
      const claims = await verifyAccessTokenCached(app.config, token);
      if (!claims || !(await revocations.isOpen(claims.sessionId, claims.userId))) throw sessionExpired();
      signedIn(request, claims);
    };

    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const token = bearerToken(request);
      if (!token) return done(signInRequired());
      const claims = knownAccessToken(app.config, token);
      if (claims === null) return done(sessionExpired());
      if (claims !== undefined) {
        const open = revocations.isOpenNow(claims.sessionId);
        if (open === false) return done(sessionExpired());
        if (open === true) {
          signedIn(request, claims);
          return done();
        }
      }
      slowly(request, token).then(() => done(), (error: unknown) => done(error as Error));
    });
  },
  { name: 'auth', dependencies: ['config-and-database', 'metrics', 'change-feed'] },
);
