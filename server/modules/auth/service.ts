// App layer: `app.auth`, what the auth routes ask of the database: accounts, their refresh
// tokens and sessions, and one-time sign-in links.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppLocale } from '@domain/locales';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { queueMail } from '@server/modules/mail';
import { checkCredentials, createAccount, findAccount, type Account } from './accounts';
import { consumeLinkToken, createLinkToken } from './link-tokens';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from './sessions';

export function authService(db: Database, config: Pick<Config, 'refreshReuseSeconds'>) {
  return {
    /** A new account (409 when the address is taken) and its welcome email, whose failure is only logged. */
    async signUp(input: { email: string; password: string; country: string; language: AppLocale }, log: FastifyBaseLogger): Promise<Account> {
      const account = await createAccount(db, input);
      await queueMail(db, { userId: account.id, to: account.email, language: input.language, template: 'welcome', params: {} }).catch((error: unknown) =>
        log.error({ err: error }, 'queuing the welcome email failed'),
      );
      return account;
    },
    checkCredentials: (email: string, password: string) => checkCredentials(db, email, password),
    rotateRefreshToken: (refreshToken: string) => rotateRefreshToken(db, refreshToken, config.refreshReuseSeconds),
    sessionOfRefreshToken: (refreshToken: string) => sessionOfRefreshToken(db, refreshToken),
    revokeSession: (sessionId: string) => revokeSession(db, sessionId),
    createLinkToken: (userId: string) => createLinkToken(db, userId),
    /** The account a one-time link signs in, or null once it is used, expired or unknown. */
    async exchangeLinkToken(token: string): Promise<Account | null> {
      const userId = await consumeLinkToken(db, token);
      return userId ? findAccount(db, userId) : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof authService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('auth', authService(app.db, app.config));
  },
  { name: 'auth-service', dependencies: ['config-and-database'] },
);
