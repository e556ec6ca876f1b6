// The built single-page app (dist/, served from memory) and what unknown paths answer: JSON
// 404 under /api (and /uploads, /sandbox, /media, /metrics, and /offline: a download's local
// files, only ever answered by the device's service worker), 404 for a missing hashed asset, index.html for the
// app's deep links. The public pages (`/`, `/login`, …) are their pre-rendered HTML in the
// visitor's language (prerendered-pages.ts, docs/decisions/042). The app's own files (and those pages)
// are answered on Node's response before Fastify (`app.answerAsset`, called by the server
// app.ts makes): no request object, hooks or routing for the requests a page load makes most.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '@server/plugins/app/error-handler';
import type { HeaderSet } from '@server/plugins/external/security';
import { pickEncoding, type AppAsset, type AppAssets, type PreparedAsset } from './app-assets';
import { CachedRead } from '@server/db/cached-read';
import { prerenderedPages, type PageChooser } from './prerendered-pages';

// `/metrics`: a scraper pointed at the public port by mistake gets a 404, not the app's page
// (the metrics are on METRICS_PORT only, docs/decisions/054).
const API_PREFIXES = ['/api/', '/uploads/', '/sandbox/', '/media/', '/offline/', '/metrics/'];

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FitStream is not built</title></head>
<body><h1>The app has not been built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>), then reload this page.</p></body></html>`;

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}


declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET or HEAD of a file of the built app on Node's response; false for anything else. */
    answerAsset?: (request: IncomingMessage, response: ServerResponse) => boolean;
  }
}

function prepare(asset: AppAsset, security: HeaderSet, extra: HeaderSet = {}): PreparedAsset {
  const common: Record<string, string> = {
    ...security,
    'cache-control': asset.cacheControl,
    etag: asset.etag,
    ...(asset.br || asset.gzip ? { vary: 'Accept-Encoding' } : {}),
    ...extra,
  };
  const withBody = (body: Buffer, encoding?: string) =>
    Object.freeze({ ...common, 'content-type': asset.contentType, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) });
  return {
    etag: asset.etag,
    asset,
    notModified: Object.freeze(common),
    identity: withBody(asset.body),
    br: asset.br ? withBody(asset.br, 'br') : null,
    gzip: asset.gzip ? withBody(asset.gzip, 'gzip') : null,
  };
}

/** What a request for `prepared` gets: 304 for its ETag, else the encoding it prefers. */
function answerFor(prepared: PreparedAsset, headers: IncomingHttpHeaders): { status: 200 | 304; headers: HeaderSet; body: Buffer | null } {
  if (headers['if-none-match'] === prepared.etag) return { status: 304, headers: prepared.notModified, body: null };
  const { encoding, body } = pickEncoding(prepared.asset, headers['accept-encoding']);
  return { status: 200, headers: (encoding && prepared[encoding]) || prepared.identity, body };
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAsset): FastifyReply {
  const answer = answerFor(prepared, request.headers);
  return reply.code(answer.status).headers(answer.headers).send(answer.body ?? undefined);
}

/** `sendAsset` on Node's own response: the same status, headers and bytes (a test compares them). */
function answerOnNode(prepared: ReadonlyMap<string, PreparedAsset>, page: PageChooser) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const chosen = page(pathname, request.headers);
    // A priced page still waiting on the plans: Fastify's route below waits for it.
    if (chosen instanceof Promise) return false;
    const found = chosen ?? prepared.get(pathname);
    if (!found) return false;
    const answer = answerFor(found, request.headers);
    response.writeHead(answer.status, answer.headers);
    if (request.method === 'HEAD' || !answer.body) response.end();
    else response.end(answer.body);
    return true;
  };
}

export default fp<{ assets: AppAssets }>(
  async (app, { assets }) => {
    // The landing quotes the plans' price range (decision 063): read as the price-range API reads
    // it, kept until the plans change.
    const priceRange = new CachedRead(() => app.payments.priceRange(), { tables: ['plans'], maxAgeMs: 60_000 }).listen(app.changeFeed);
    const page = prerenderedPages(assets, app.securityHeaders, prepare, () => priceRange.current());
    // The pre-rendered files are only ever answered at their page's path, with their script's hash.
    const served = [...assets].filter(([pathname]) => !pathname.startsWith('/prerendered/'));
    const prepared = new Map(served.map(([pathname, asset]) => [pathname, prepare(asset, app.securityHeaders)]));
    const index = prepared.get('/index.html');
    if (index) prepared.set('/', index);
    else app.log.warn(`No built app in ${app.config.distDir}: run \`npm run build\`.`);
    app.decorate('answerAsset', answerOnNode(prepared, page));

    // GET (and HEAD) of anything no other route answers. An asset's precomputed set of headers
    // includes the security headers the onRequest hook set already (security.ts).
    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const api = isApiPath(pathname);
      const asset = api ? undefined : ((await page(pathname, request.headers)) ?? prepared.get(pathname));
      if (asset) return sendAsset(request, reply, asset);
      // A missing hashed file is a stale page asking for an old build, not a deep link.
      const deepLink = !api && !pathname.startsWith('/assets/');
      if (deepLink && index) return sendAsset(request, reply, index);
      if (deepLink) return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
      return sendError(reply, 404, 'request.notFound', { method: 'GET', path: pathname });
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, 404, 'request.notFound', { method: request.method, path: request.url.split('?')[0] ?? '/' }),
    );
  },
  { name: 'static-routes', dependencies: ['config-and-database', 'change-feed', 'payments-service'] },
);
