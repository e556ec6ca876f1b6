// External layer: makes the configuration and the database available as `app.config`/`app.db`.
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  /** A database the caller opened (and closes); otherwise one is opened here and closed with the app. */
  db?: Database;
}

export default fp<ConfigPluginOptions>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    if (db) {
      app.decorate('db', db);
      return;
    }
    const handle = await openDatabase(config, (error) => app.log.warn({ err: error }, 'database connection lost while idle'));
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'config-and-database' },
);
