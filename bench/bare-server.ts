// The throughput baseline: a bare Fastify server that answers the same bytes as the product
// from memory (no database, no auth, no validation, no logging), and optionally a directory
// of files (BARE_STATIC_ROOT) through @fastify/static. Run as a child process by
// bench/server-process.ts with BARE_ROUTES pointing at a JSON list of routes.
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

interface RouteSpec {
  method: 'GET' | 'POST';
  url: string;
  contentType: string;
  contentEncoding?: string;
  /** base64 */
  body: string;
  headers?: Record<string, string>;
}

const specFile = process.env.BARE_ROUTES;
if (!specFile) throw new Error('BARE_ROUTES must name the routes file');
const routes = JSON.parse(await readFile(specFile, 'utf8')) as RouteSpec[];

const app = Fastify({ logger: false });
// Accept any body (the plans call posts an empty JSON body) without parsing it.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));

// Files (class media) under /static/, as a plain static server sends them: ranges, ETag, streaming.
const staticRoot = process.env.BARE_STATIC_ROOT;
if (staticRoot) await app.register(fastifyStatic, { root: staticRoot, prefix: '/static/' });

for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  app.route({
    method: route.method,
    url: route.url,
    handler: async (_request, reply) => {
      if (route.contentEncoding) reply.header('content-encoding', route.contentEncoding);
      return reply.type(route.contentType).send(body);
    },
  });
  // The same bytes with the product's other headers too (security, cache, ETag): what is left
  // between the two is the product's own work per request, not the size of its headers.
  const { headers } = route;
  if (headers) {
    app.route({
      method: route.method,
      url: `/same-headers${route.url}`,
      handler: async (_request, reply) => {
        if (route.contentEncoding) reply.header('content-encoding', route.contentEncoding);
        return reply.headers(headers).type(route.contentType).send(body);
      },
    });
  }
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
