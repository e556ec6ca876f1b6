// GET /flows: the flows site (docs/flows/site, written by `npm run flows`) for the people who
// build and review the app, served only when config.flowsSiteDir is set (never with
// NODE_ENV=production). Not part of the API contract.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flows site not built</title></head>
<body><main><h1>The flows site has not been built yet</h1><p>Run <code>npm test</code> (for screenshots and walked paths), then <code>npm run flows</code>, and reload this page.</p></main></body></html>`;

// Mermaid styles the chart it draws with inline <style> and style attributes.
const FLOWS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

export default async function flowsRoutes(app: FastifyInstance): Promise<void> {
  const dir = app.config.flowsSiteDir;
  if (!dir) return;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', FLOWS_CSP).header('Cache-Control', 'no-store');
  });
  if (!existsSync(path.join(dir, 'index.html'))) {
    const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).type('text/html; charset=utf-8').send(notBuiltPage);
    app.get('/flows', notBuilt);
    app.get('/flows/*', notBuilt);
    return;
  }
  // The app ignores trailing slashes, so /flows/ lands here too; the pages' relative links need
  // a page address inside the folder.
  app.get('/flows', async (_request, reply) => reply.redirect('/flows/index.html', 301));
  await app.register(fastifyStatic, { root: dir, prefix: '/flows/', decorateReply: false, cacheControl: false, index: false });
}
