// Builds the Fastify app from plugins in three layers (DESIGN.md, "Server"): external
// (config, database, security headers, body parsers), app (validation, errors, auth), routes.
// Tests call buildApp and use app.inject; main.ts adds a port.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import authPlugin from './plugins/app/auth';
import errorHandler from './plugins/app/error-handler';
import purgeExpired from './plugins/app/purge';
import validation from './plugins/app/validation';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/external/body-parsers';
import configAndDatabase from './plugins/external/config';
import requestLog from './plugins/external/request-log';
import security from './plugins/external/security';
import authRoutes from './routes/auth';
import flowsRoutes from './routes/flows';
import staticRoutes from './routes/static';
import uploadsRoutes from './routes/uploads';
import usersRoutes from './routes/users';

export interface BuildAppOptions {
  /** A database the caller opened and will close; otherwise the app opens (and closes) its own. */
  db?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // plugins/external/request-log.ts logs what an operator needs, once per request.
    disableRequestLogging: true,
  });

  // External layer.
  await app.register(configAndDatabase, { config, ...(options.db ? { db: options.db } : {}) });
  await app.register(security);
  await app.register(requestLog);
  await app.register(bodyParsers);

  // App layer.
  await app.register(validation);
  await app.register(errorHandler);
  await app.register(authPlugin);
  await app.register(purgeExpired);

  // Routes, one file per API area.
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(uploadsRoutes);

  // payments: registered by server/payments
  await app.register((await import('./payments/plugin')).default);
  // (end of payments block)

  await app.register(flowsRoutes);
  await app.register(staticRoutes);
  return app;
}
