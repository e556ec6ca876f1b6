// App layer: refuses a request that a browser sent from another site (login CSRF, decision
// 007) when it could change state: every method but GET/HEAD/OPTIONS, and anything under
// /api/ (GET /api/v1/refresh rotates the cookie). Browsers say where a request comes from;
// clients that are not browsers send neither header, hold no victim's cookies, and pass.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@server/errors';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the browser says the request did not come from a page of this server. */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  // Preferred when present: a page under `Referrer-Policy: no-referrer` (the sandbox pages)
  // posts its forms with `Origin: null`, but still as `same-origin`.
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // The request's own host counts as well as PUBLIC_URL, so the app works when opened as
  // localhost or 127.0.0.1 alike.
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

export default fp(
  async (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    // A callback hook, not an async one: it runs on every request, pages and assets included.
    app.addHook('onRequest', (request, _reply, done) => {
      if (READ_ONLY.has(request.method) && !request.url.startsWith('/api/')) return done();
      if (isCrossSite(request, publicOrigin)) {
        return done(new HttpError(403, 'request.crossSite'));
      }
      done();
    });
  },
  { name: 'cross-site-requests', dependencies: ['config-and-database'] },
);
