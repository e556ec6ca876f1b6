// Builds the Fastify app from plugins in three layers, each only using the ones before it:
// external (config, database, security headers, body parsers), app (validation, errors, auth,
// the payment provider), routes. Tests call buildApp and use app.inject; main.ts adds a port.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type Config } from './config';
import { createLimitedServer } from './connection-limits';
import { openDatabase, type Database } from './db/client';
import { logSerializers } from './log-serializers';
import authPlugin from './plugins/app/auth';
import catalogReads from './plugins/app/catalog-reads';
import crossSiteRequests from './plugins/app/cross-site-requests';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler';
import paymentProvider from './plugins/app/payments';
import mailDelivery from './plugins/app/mail';
import purgeExpired from './plugins/app/purge';
import validation from './plugins/app/validation';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/external/body-parsers';
import changeFeed from './plugins/external/change-feed';
import configAndDatabase from './plugins/external/config';
import requestLog from './plugins/external/request-log';
import security from './plugins/external/security';
import accountRoutes from './routes/account';
import authRoutes from './routes/auth';
import classesRoutes from './routes/classes';
import flowsRoutes from './routes/flows';
import mediaRoutes from './routes/media';
import passwordResetRoutes from './routes/password-reset';
import paymentRoutes from './routes/payments';
import playbackRoutes from './routes/playback';
import planChangeRoutes from './routes/plan-change';
import sandboxRoutes from './routes/sandbox';
import sandboxMailRoutes from './routes/sandbox-mail';
import sandboxClockRoutes from './routes/sandbox-clock';
import sandboxPortalRoutes from './routes/sandbox-portal';
import staticRoutes from './routes/static';
import uploadsRoutes from './routes/uploads';
import usersRoutes from './routes/users';
import webhookRoutes from './routes/webhook';
import { loadBuiltApp, type AppAssets } from './static/app-assets';

export interface BuildAppOptions {
  /** A database the caller opened and will close; otherwise the app opens (and closes) its own. */
  db?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // plugins/external/request-log.ts logs what an operator needs, once per request. (Through
    // the log controller: the top-level disableRequestLogging is deprecated, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: true }),
    // Errors raised before a route runs answer in the contract's shape too (error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
    // The built app's files are answered before Fastify (routes/static.ts); Node's server
    // carries the limits on slow and stalled clients (connection-limits.ts).
    serverFactory: (handler, options) => {
      // Fastify's default, filled in before it calls this.
      const { keepAliveTimeout = 72_000 } = options as { keepAliveTimeout?: number };
      const server = createLimitedServer(config.connectionLimits, (request, response) => {
        if (!app.answerAsset?.(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = keepAliveTimeout;
      return server;
    },
  });

  // The slow parts of a start (a cold PGlite or migrations, compressing the built app) run
  // before any plugin and side by side, under their own time limit (db/client.ts): on a loaded
  // machine they must not run into Fastify's 10 s plugin timeout.
  const started = Date.now();
  const [owned, assets] = await Promise.all([
    options.db ? undefined : openDatabase(config, (error) => app.log.warn({ err: error }, 'database connection lost while idle')),
    loadBuiltApp(config.distDir),
  ]);
  app.log.info(`database and app files ready in ${Date.now() - started} ms`);
  if (owned) app.addHook('onClose', async () => owned.close());
  try {
    await registerPlugins(app, config, options.db ?? owned!.db, assets);
  } catch (error) {
    await owned?.close();
    throw error;
  }
  return app;
}

async function registerPlugins(app: FastifyInstance, config: Config, db: Database, assets: AppAssets): Promise<void> {
  // External layer.
  await app.register(configAndDatabase, { config, db });
  await app.register(changeFeed);
  await app.register(security);
  await app.register(requestLog);
  await app.register(bodyParsers);

  // App layer.
  await app.register(validation);
  await app.register(errorHandler);
  await app.register(crossSiteRequests);
  await app.register(authPlugin);
  await app.register(purgeExpired);
  await app.register(paymentProvider);
  await app.register(mailDelivery);
  await app.register(catalogReads);

  // Routes, one file per API area.
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(usersRoutes);
  await app.register(accountRoutes);
  await app.register(uploadsRoutes);
  await app.register(classesRoutes);
  await app.register(playbackRoutes);
  await app.register(mediaRoutes);

  await app.register(paymentRoutes);
  await app.register(sandboxRoutes);
  await app.register(sandboxPortalRoutes);
  await app.register(sandboxMailRoutes);
  await app.register(planChangeRoutes);
  await app.register(sandboxClockRoutes);
  await app.register(webhookRoutes);

  await app.register(flowsRoutes);
  await app.register(staticRoutes, { assets });
}
