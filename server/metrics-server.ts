// The metrics port: a bare node:http server answering `GET /metrics` with the app's registry in
// the Prometheus text format, on METRICS_HOST:METRICS_PORT, never on the public port, so the
// balancer and the edge never expose it (docs/decisions/054). Started and closed by main.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { ConfigError } from './config';

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/** GET (or HEAD) /metrics: the registry's text; anything else 404 or 405. */
function answerScrape(registry: Registry) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`Collecting the metrics failed: ${(error as Error).message}\n`);
      },
    );
  };
}

/** Serves `registry` on `host:port`; a port already taken is a ConfigError naming METRICS_PORT. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server = createServer(answerScrape(registry));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new ConfigError(`METRICS_PORT: port ${port} on ${host} is already in use (another FitStream instance? give each its own METRICS_PORT, or 0 for none).`));
      else if (error.code === 'EADDRNOTAVAIL') reject(new ConfigError(`METRICS_HOST: ${host} is not an address of this machine.`));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A Prometheus keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
