// The built single-page app (dist/), stored uploads at /uploads/<name>, and what unknown paths
// answer: JSON 404 under /api (and /uploads, /sandbox), index.html for the app's deep links.
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeSchema } from '../contract';
import { sendError } from '../plugins/app/error-handler';
import { findUpload, uploadsDir } from '../uploads/store';

const API_PREFIXES = ['/api/', '/uploads/', '/sandbox/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FitStream is not built</title></head>
<body><h1>The app has not been built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>), then reload this page.</p></body></html>`;

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}

async function uploadsRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: routeSchema('GET', '/uploads/{name}') }, async (request, reply) => {
    const upload = await findUpload(app.db, request.params.name);
    if (!upload) return sendError(reply, 404, 'No such image.');
    const file = path.join(uploadsDir(app.config.dataDir), upload.name);
    if (!existsSync(file)) return sendError(reply, 404, 'No such image.');
    return reply
      .type(upload.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', IMMUTABLE)
      .header('Content-Length', upload.size)
      .send(createReadStream(file));
  });
}

export default fp(
  async (app) => {
    await app.register(uploadsRoute);
    const indexFile = path.join(app.config.distDir, 'index.html');
    if (existsSync(indexFile)) {
      await app.register(fastifyStatic, {
        root: app.config.distDir,
        cacheControl: false,
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders: (reply, filePath) => {
          const assets = `${path.sep}assets${path.sep}`;
          reply.header('Cache-Control', filePath.includes(assets) ? IMMUTABLE : 'no-cache');
        },
      });
    } else {
      app.log.warn(`No built app in ${app.config.distDir}: run \`npm run build\`.`);
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url)) {
        return sendError(reply, 404, `There is nothing at ${request.method} ${request.url.split('?')[0]}.`);
      }
      let html: string;
      try {
        html = await readFile(indexFile, 'utf8');
      } catch {
        return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
      }
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    });
  },
  { name: 'static-routes', dependencies: ['config-and-database'] },
);
