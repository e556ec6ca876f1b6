// App layer: `app.health`, this instance's readiness (readiness.ts) and whether it is shutting
// down (set by the graceful shutdown, shutdown.ts, at the first SIGTERM or SIGINT).
import fp from 'fastify-plugin';
import { migrationsFolder } from '@server/db/client';
import { createReadiness, type Readiness } from './readiness';

export interface Health {
  readiness: Readiness;
  /** From now on /readyz answers 503 (`shutting_down`); there is no way back. */
  beginShutdown(): void;
  shuttingDown(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

export default fp(
  async (app) => {
    let shuttingDown = false;
    const readiness = createReadiness({
      db: app.db,
      feed: app.changeFeed,
      mediaDir: app.config.mediaDir,
      migrationsFolder,
      shuttingDown: () => shuttingDown,
    });
    app.decorate('health', {
      readiness,
      beginShutdown() {
        shuttingDown = true;
      },
      shuttingDown: () => shuttingDown,
    } satisfies Health);
  },
  { name: 'health-service', dependencies: ['config-and-database', 'change-feed'] },
);
