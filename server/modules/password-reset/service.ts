// App layer: `app.passwordReset`, asking for a reset link by email and setting a new password
// with one.
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { requestPasswordReset, resetPassword } from './password-reset';

export function passwordResetService(db: Database, publicUrl: string) {
  return {
    /** Queues the link when the address has an account; nothing otherwise. */
    request: (email: string) => requestPasswordReset(db, email, publicUrl),
    /** The account signed in by the link, or null when the link is not valid. */
    reset: (token: string, password: string) => resetPassword(db, token, password),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordReset: ReturnType<typeof passwordResetService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('passwordReset', passwordResetService(app.db, app.config.publicUrl));
  },
  { name: 'password-reset-service', dependencies: ['config-and-database'] },
);
