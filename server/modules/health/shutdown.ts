// The graceful shutdown (decision 055), which server/main.ts runs on SIGTERM and SIGINT: at
// once /readyz answers 503 (`shutting_down`) while everything else is still served; after the
// grace (SHUTDOWN_GRACE_SECONDS), when a balancer checking every second has stopped sending new
// requests, the listener closes, idle keep-alive connections are closed, the requests in flight
// finish and their connections close after their response (`Connection: close`), then the app's
// onClose hooks close the database pools, the change feed and Redis, and the process exits 0.
// If any of that hangs past the grace plus DRAIN_LIMIT_MS, it logs why and exits 1.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** How long, after the grace, the requests in flight and the closing may take. */
export const DRAIN_LIMIT_MS = 10_000;
/** While draining, connections that became idle after their response are closed this often. */
const IDLE_SWEEP_MS = 100;

/** What the shutdown needs of the app: a Fastify instance has all of it. */
export interface ShutdownTarget {
  server: Server;
  health: { beginShutdown(): void };
  log: FastifyBaseLogger;
  close(): Promise<unknown>;
}

export interface ShutdownOptions {
  graceSeconds: number;
  drainLimitMs?: number;
  exit?: (code: number) => void;
  /** What else closes once the app has (the metrics port: scraped until the last request is done). */
  afterClose?: () => Promise<void>;
}

/**
 * Prepares the shutdown of `app` (call it before the app listens, so every request is seen) and
 * answers the function to call with the signal's name. A second signal skips what is left of the
 * grace.
 */
export function gracefulShutdown(app: ShutdownTarget, options: ShutdownOptions): (signal: string) => void {
  const { graceSeconds, drainLimitMs = DRAIN_LIMIT_MS, exit = (code: number) => process.exit(code), afterClose = async () => {} } = options;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    // Its connection is closed once this response is sent, so no client sends it another request.
    if (draining) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  let started = false;
  let graceTimer: NodeJS.Timeout | undefined;

  const drain = () => {
    if (draining) return;
    draining = true;
    clearTimeout(graceTimer);
    app.log.info(`closing: no new connections; finishing ${inFlight.size} request(s) in flight`);
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app
      .close()
      .then(afterClose)
      .then(
        () => {
          clearInterval(sweep);
          app.log.info('closed: exiting');
          exit(0);
        },
        (error: unknown) => {
          clearInterval(sweep);
          app.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
  };

  return (signal: string) => {
    if (started) {
      if (!draining) app.log.info(`${signal} received again: closing now`);
      drain();
      return;
    }
    started = true;
    app.health.beginShutdown();
    const limitMs = graceSeconds * 1000 + drainLimitMs;
    const limit = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${limitMs / 1000} s (${inFlight.size} request(s) still in flight): exiting with 1`);
      exit(1);
    }, limitMs);
    limit.unref();
    app.log.info(`${signal} received: /readyz answers 503; closing in ${graceSeconds} s`);
    graceTimer = setTimeout(drain, graceSeconds * 1000);
  };
}
