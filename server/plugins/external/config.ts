// External layer: makes the configuration and the database (opened by buildApp before any
// plugin, see server/app.ts) available as `app.config`/`app.db`.
import fp from 'fastify-plugin';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  db: Database;
}

export default fp<ConfigPluginOptions>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
  },
  { name: 'config-and-database' },
);
