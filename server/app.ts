// Builds the Fastify app from plugins in three layers, each only using the ones before it:
// external (config, database, security headers, body parsers), app (validation, errors, auth,
// the payment provider, mail, then each module's service), routes (each module's routes).
// Modules (server/modules/<area>) are found on disk, so adding one edits nothing here. Tests
// call buildApp and use app.inject; main.ts adds a port.
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type Config } from './config';
import { createLimitedServer } from './connection-limits';
import { openDatabase, type Database } from './db/client';
import { logSerializers } from './log-serializers';
import { requestLogger } from './request-logger';
import autoload from '@fastify/autoload';
import accountAnswers from './plugins/app/account-answers';
import authPlugin from './plugins/app/auth';
import crossSiteRequests from './plugins/app/cross-site-requests';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler';
import paymentProvider from './plugins/app/payments';
import mailDelivery from './plugins/app/mail';
import purgeExpired from './plugins/app/purge';
import validation from './plugins/app/validation';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/external/body-parsers';
import changeFeed from './plugins/external/change-feed';
import configAndDatabase from './plugins/external/config';
import metrics from './plugins/external/metrics';
import requestLog from './plugins/external/request-log';
import security from './plugins/external/security';
import { loadBuiltApp, type AppAssets } from './modules/static/app-assets';

/** Each area of the API is a folder: its routes, and its service or repository. */
const MODULES_DIR = path.join(import.meta.dirname, 'modules');
/** A module's app-layer plugins: `service.ts` (or `<part>-service.ts`), a service or repository as a decorator. */
const SERVICE_FILE = /[/-]service\.[jt]s$/;
/** A module's route plugins: `routes.ts`, or `<part>-routes.ts` when it has several. */
const ROUTES_FILE = /[/-]routes\.[jt]s$/;
/**
 * A module's `index.ts` is its door for the other modules (re-exports only), not a plugin. Autoload
 * would take an index for the folder's only plugin and skip the folder's other files; no name
 * matches this, so every folder's service and routes files are still found.
 */
const NO_INDEX_PLUGIN = /(?!)/;

// Run from its TypeScript source, a loader for .ts files is in place (tsx, vitest), but autoload
// recognises only some (not `node --import tsx` on Node 20): it is told so, as its README says.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

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
    // Loading the modules (compiled on the fly under tsx in development and tests) can take longer
    // than avvio's 10 s on a busy host; a slow start must not be a failed one.
    pluginTimeout: 60_000,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a closing server on a connection it already had (the graceful
    // shutdown, decision 055) is served, with `Connection: close`, rather than refused with a 503
    // off the contract: after the grace, only requests already on their way arrive.
    return503OnClosing: false,
    // plugins/external/request-log.ts logs what an operator needs, once per request. (Through
    // the log controller: the top-level disableRequestLogging is deprecated, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is made only if the request writes a line (request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: requestLogger }),
    // Errors raised before a route runs answer in the contract's shape too (error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
    // The built app's files are answered before Fastify (modules/static/routes.ts); Node's server
    // carries the limits on slow and stalled clients (connection-limits.ts).
    serverFactory: (handler, options) => {
      // Fastify's default, filled in before it calls this.
      const { keepAliveTimeout = 72_000 } = options as { keepAliveTimeout?: number };
      const server = createLimitedServer(config.connectionLimits, (request, response) => {
        const startedAt = performance.now();
        if (app.answerAsset?.(request, response)) app.countAssetAnswer(request, response, startedAt);
        else handler(request, response);
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
  await app.register(metrics);
  await app.register(changeFeed);
  await app.register(security);
  await app.register(requestLog);
  await app.register(bodyParsers);

  // App layer: what every module shares, then each module's service (modules/<area>/service.ts).
  await app.register(validation);
  await app.register(errorHandler);
  await app.register(crossSiteRequests);
  await app.register(authPlugin);
  await app.register(accountAnswers);
  await app.register(purgeExpired);
  await app.register(paymentProvider);
  await app.register(mailDelivery);
  await app.register(autoload, { dir: MODULES_DIR, matchFilter: SERVICE_FILE, indexPattern: NO_INDEX_PLUGIN, dirNameRoutePrefix: false });

  // Routes: each module's route plugins, each in its own encapsulated context. Only the static
  // module reads `assets` (the built app, loaded with the database above).
  await app.register(autoload, { dir: MODULES_DIR, matchFilter: ROUTES_FILE, indexPattern: NO_INDEX_PLUGIN, dirNameRoutePrefix: false, options: { assets } });
}
