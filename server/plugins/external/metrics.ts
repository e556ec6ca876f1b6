// External layer: the app's Prometheus metrics (prom-client), one registry per app so that tests
// building several apps in one process never mix their numbers. Every module registers its own
// metrics on `app.metrics` (`registers: [app.metrics]`); main.ts serves the registry on
// METRICS_PORT, never on the public port (docs/decisions/054). Here: what concerns every
// request and the process as a whole (request durations, Node's own metrics, database connections).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolUse } from '@server/db/pool-use';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: register each metric here, never on prom-client's global registry. */
    metrics: Registry;
    /** Counts a request the built app's files answered on Node's response, before Fastify (server/app.ts). */
    countAssetAnswer: (request: IncomingMessage, response: ServerResponse, startedAt: number) => void;
  }
}

/** Methods a route can have; anything else Node parses is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of the app's files answered before Fastify (any path: one label). */
const STATIC_ROUTE = 'static';
/** The route label of what no route matched (a 404, or a request refused before routing). */
const UNMATCHED_ROUTE = 'unmatched';

export default fp(
  async (app) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    // Event-loop delay, memory, GC, handles, CPU: prom-client's standard names, which dashboards know.
    collectDefaultMetrics({ register: registry });
    // Gauges named like counters, which `promtool check metrics` rejects; each is the sum of its
    // by-type twin (`nodejs_active_handles{type}`, …), which stays.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);

    const requestSeconds = new Histogram({
      name: 'fitstream_http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      // Around what a page load and an API call should take; above 10 s is a failure anyway.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const observe = (method: string | undefined, route: string, statusCode: number, seconds: number) =>
      requestSeconds.observe({ method: method && METHODS.has(method) ? method : 'other', route, status_code: String(statusCode) }, seconds);

    // The route's pattern (`/api/v1/classes/:id`), never the URL: one series per route, not per id.
    // A callback hook: no promise per request (decision 080).
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    app.decorate('countAssetAnswer', (request: IncomingMessage, response: ServerResponse, startedAt: number) =>
      observe(request.method, STATIC_ROUTE, response.statusCode, (performance.now() - startedAt) / 1000),
    );

    // The database's connections, read at scrape time.
    new Gauge({
      name: 'fitstream_db_pool_connections',
      help: 'Database connections by state (total, idle); PGlite is one connection in the process',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse(app.db);
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'fitstream_db_pool_waiting',
      help: 'Queries or transactions waiting for a database connection',
      registers: [registry],
      collect() {
        const use = poolUse(app.db);
        if (use) this.set(use.waiting);
      },
    });
  },
  { name: 'metrics', dependencies: ['config-and-database'] },
);
