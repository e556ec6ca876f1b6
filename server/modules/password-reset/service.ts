// App layer: `app.passwordReset`, asking for a reset link by email and setting a new password
// with one.
import fp from 'fastify-plugin';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Database } from '@server/db/client';
import { requestPasswordReset, resetPassword } from './password-reset';

export function passwordResetService(db: Database, publicUrl: string, answers: Pick<AccountAnswers, 'invalidate'>) {
  return {
    /** Queues the link when the address has an account; nothing otherwise. */
    request: (email: string) => requestPasswordReset(db, email, publicUrl),
    /** The account signed in by the link, or null when the link is not valid. */
    async reset(token: string, password: string) {
      const account = await resetPassword(db, token, password);
      // The reset ended the calendar link: its kept feed goes now on this instance (a reset is not
      // a signed-in write, whose answers the account answers plugin drops), on the others when the
      // notification arrives (decision 045).
      if (account) answers.invalidate(account.id);
      return account;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordReset: ReturnType<typeof passwordResetService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('passwordReset', passwordResetService(app.db, app.config.publicUrl, app.accountAnswers));
  },
  { name: 'password-reset-service', dependencies: ['config-and-database', 'account-answers'] },
);
