// The built single-page app (dist/, served from memory), stored uploads at /uploads/<name>,
// and what unknown paths answer: JSON 404 under /api (and /uploads, /sandbox), 404 for a
// missing hashed asset, index.html for the app's deep links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeSchema } from '../contract';
import { sendError } from '../plugins/app/error-handler';
import { pickEncoding, type AppAsset, type AppAssets } from '../static/app-assets';
import { readUpload } from '../uploads/store';

const API_PREFIXES = ['/api/', '/uploads/', '/sandbox/', '/media/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FitStream is not built</title></head>
<body><h1>The app has not been built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>), then reload this page.</p></body></html>`;

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}

async function uploadsRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: routeSchema('GET', '/uploads/{name}') }, async (request, reply) => {
    const upload = await readUpload(app.db, request.params.name);
    if (!upload) return sendError(reply, 404, 'uploads.notFound');
    return reply.type(upload.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', IMMUTABLE).send(upload.data);
  });
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: AppAsset): FastifyReply {
  reply.header('Cache-Control', asset.cacheControl).header('ETag', asset.etag);
  if (asset.br || asset.gzip) reply.header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const { encoding, body } = pickEncoding(asset, request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.type(asset.contentType).send(body);
}

export default fp<{ assets: AppAssets }>(
  async (app, { assets }) => {
    await app.register(uploadsRoute);
    const index = assets.get('/index.html');
    if (!index) app.log.warn(`No built app in ${app.config.distDir}: run \`npm run build\`.`);

    // GET (and HEAD) of anything no other route answers.
    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isApiPath(pathname)) return sendError(reply, 404, 'request.notFound', { method: 'GET', path: pathname });
      const asset = assets.get(pathname);
      if (asset) return sendAsset(request, reply, asset);
      // A missing hashed file is a stale page asking for an old build, not a deep link.
      if (pathname.startsWith('/assets/')) return sendError(reply, 404, 'request.notFound', { method: 'GET', path: pathname });
      if (!index) return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
      return sendAsset(request, reply, index);
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, 404, 'request.notFound', { method: request.method, path: request.url.split('?')[0] ?? '/' }),
    );
  },
  { name: 'static-routes', dependencies: ['config-and-database'] },
);
