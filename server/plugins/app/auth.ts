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
  /** The account. */
  id: string;
  email: string;
  sessionId: string;
  /** The profile chosen on this sign-in, null before one is (decision 064). */
  profileId: string | null;
  /** Whether that profile is the account owner's: billing, the account and the profiles are its alone. */
  ownerProfile: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** `authenticate`, and a profile chosen on this sign-in (403 before): every per-person route's hook; sets `request.profileId`. */
    authenticateProfile: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** `authenticate`, and the owner's profile (403 otherwise): billing, the account page and profile management. */
    authenticateOwner: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    rateLimiters: RateLimiters;
    sessionRevocations: SessionRevocations;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it in routes that use it. */
    user: AuthUser;
    /** Set by `app.authenticateProfile`: the profile whose data the request reads and writes. */
    profileId: string;
  }
}

/** Whose request it is: the household (subscription, devices) and the person training (their data). */
export interface Viewer {
  accountId: string;
  profileId: string;
}

/** The viewer of a request that passed `app.authenticateProfile` (or `authenticateOwner`). */
export function viewerOf(request: FastifyRequest): Viewer {
  return { accountId: request.user.id, profileId: request.profileId };
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
    app.decorateRequest('profileId', '');
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
      request.user = { id: claims.userId, email: claims.email, sessionId: claims.sessionId, profileId: claims.profileId, ownerProfile: claims.ownerProfile };
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

    // The access rule of decision 064, in one place: a per-person route reads and writes the
    // profile the token names, which the server put there when this sign-in chose it (a profile
    // of this account); a deleted profile's devices are signed out with it.
    const chooseFirst = () => new HttpError(403, 'profiles.chooseFirst');
    app.decorate('authenticateProfile', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      app.authenticate(request, reply, (error) => {
        if (error) return done(error);
        if (request.user.profileId === null) return done(chooseFirst());
        request.profileId = request.user.profileId;
        done();
      });
    });
    app.decorate('authenticateOwner', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      app.authenticateProfile(request, reply, (error) => {
        if (error) return done(error);
        if (!request.user.ownerProfile) return done(new HttpError(403, 'profiles.ownerOnly'));
        done();
      });
    });
  },
  { name: 'auth', dependencies: ['config-and-database', 'metrics', 'change-feed'] },
);
