// The built single-page app (dist/, served from memory), stored uploads at /uploads/<name>,
// and what unknown paths answer: JSON 404 under /api (and /uploads, /sandbox), 404 for a
// missing hashed asset, index.html for the app's deep links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeSchema } from '../contract';
import { sendError } from '../plugins/app/error-handler';
import type { HeaderSet } from '../plugins/external/security';
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

/**
 * Everything an asset's answer carries, built once per asset and encoding at start: the
 * security headers, cache policy, ETag, Vary and encoding. A request then sets one object.
 */
interface PreparedAsset {
  etag: string;
  asset: AppAsset;
  notModified: HeaderSet;
  identity: HeaderSet;
  br: HeaderSet | null;
  gzip: HeaderSet | null;
}

function prepare(asset: AppAsset, security: HeaderSet): PreparedAsset {
  const common: Record<string, string> = {
    ...security,
    'cache-control': asset.cacheControl,
    etag: asset.etag,
    ...(asset.br || asset.gzip ? { vary: 'Accept-Encoding' } : {}),
  };
  const withType = { ...common, 'content-type': asset.contentType };
  return {
    etag: asset.etag,
    asset,
    notModified: Object.freeze(common),
    identity: Object.freeze(withType),
    br: asset.br ? Object.freeze({ ...withType, 'content-encoding': 'br' }) : null,
    gzip: asset.gzip ? Object.freeze({ ...withType, 'content-encoding': 'gzip' }) : null,
  };
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAsset): FastifyReply {
  if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).headers(prepared.notModified).send();
  const { encoding, body } = pickEncoding(prepared.asset, request.headers['accept-encoding']);
  return reply.headers((encoding && prepared[encoding]) || prepared.identity).send(body);
}

export default fp<{ assets: AppAssets }>(
  async (app, { assets }) => {
    await app.register(uploadsRoute);
    const prepared = new Map([...assets].map(([pathname, asset]) => [pathname, prepare(asset, app.securityHeaders)]));
    const index = prepared.get('/index.html');
    if (index) prepared.set('/', index);
    else app.log.warn(`No built app in ${app.config.distDir}: run \`npm run build\`.`);

    // GET (and HEAD) of anything no other route answers.
    // Its answers set the security headers themselves (one precomputed set per asset).
    app.get('/*', { config: { presetSecurityHeaders: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const api = isApiPath(pathname);
      const asset = api ? undefined : prepared.get(pathname);
      if (asset) return sendAsset(request, reply, asset);
      // A missing hashed file is a stale page asking for an old build, not a deep link.
      const deepLink = !api && !pathname.startsWith('/assets/');
      if (deepLink && index) return sendAsset(request, reply, index);
      reply.headers(app.securityHeaders);
      if (deepLink) return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
      return sendError(reply, 404, 'request.notFound', { method: 'GET', path: pathname });
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, 404, 'request.notFound', { method: request.method, path: request.url.split('?')[0] ?? '/' }),
    );
  },
  { name: 'static-routes', dependencies: ['config-and-database'] },
);
