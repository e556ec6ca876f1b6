// Starts the server: configuration, the app (which opens and migrates the database), a port,
// and a graceful shutdown on SIGINT/SIGTERM (modules/health/shutdown.ts).
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { ensureSampleMedia } from './modules/media/sample-catalogue';
import { gracefulShutdown } from './modules/health';
import { sandboxToolsSummary } from './modules/mail/tools-access';

/** A start-up failure, said plainly: a configuration problem in one line, anything else with its stack. */
function cannotStart(error: unknown): never {
  if (error instanceof ConfigError) console.error(`FitStream cannot start: ${error.message}`);
  else console.error('FitStream cannot start:', error);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = await loadConfig().catch(cannotStart);
  const app = await buildApp(config).catch(cannotStart);
  for (const warning of config.warnings) app.log.warn(warning);
  // Before the public port: a metrics port already taken stops the start (docs/decisions/054).
  const metrics: MetricsServer | null =
    config.metricsPort === 0
      ? null
      : await startMetricsServer(app.metrics, config.metricsPort, config.metricsHost).catch((error: unknown) => app.close().then(() => cannotStart(error)));
  // Readiness 503 at once, then after SHUTDOWN_GRACE_SECONDS a drain and exit (decision 055).
  const shutdown = gracefulShutdown(app, { graceSeconds: config.shutdownGraceSeconds, afterClose: async () => metrics?.close() });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Where the memory goes, for an operator (and `npm run bench`): `kill -USR2 <pid>` logs one line.
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
    app.log.info(
      { memoryMB: { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers) } },
      'memory usage',
    );
  });
  await app.listen({ port: config.port, host: config.host });
  if (metrics) app.log.info(`Prometheus metrics at ${metrics.url}`);
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  app.log.info(`FitStream is running at ${config.publicUrl} (payments: ${config.payments}; database: ${database})`);
  app.log.info(sandboxToolsSummary(config));
  // In the background, so the app answers at once; playing a class whose media is not ready yet
  // answers 503. Each discipline's body first, then each class's openings and posters (docs/decisions/059).
  ensureSampleMedia(app.db, config.mediaDir, undefined, ({ done, total, step }) =>
    app.log.info(`Preparing the sample classes' video (first start only): ${done}/${total} encodings done (${step})`),
  ).catch((error: unknown) => app.log.error({ err: error }, 'the sample media could not be prepared'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
