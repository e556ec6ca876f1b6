// External layer: the app's Prometheus metrics (prom-client), one registry per app so that tests
// building several apps in one process never mix their numbers. Every module registers its own
// metrics on `app.metrics` (`registers: [app.metrics]`); main.ts serves the registry on
// METRICS_PORT, never on the public port (docs/decisions/054).
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: register each metric here, never on prom-client's global registry. */
    metrics: Registry;
  }
}

export default fp(
  async (app) => {
    app.decorate('metrics', new Registry());
  },
  { name: 'metrics' },
);
