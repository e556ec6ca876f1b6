// External layer: one log line per API request (and per failed request of any kind), with its
// status and time. A successful read (GET, HEAD, or a route marked `config: { logAsRead: true }`)
// is logged at `debug`: a profile under load (decision 043) put the line at about 8 % of the
// server's time per request, and it tells an operator nothing a write or a failure does not.
// Writes and failures stay at `info`. Successful requests for the app's static files are not
// logged at all.
import fp from 'fastify-plugin';

const LOGGED_PREFIXES = ['/api/', '/sandbox/', '/uploads/'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (e.g. the plans list): logged like a GET. */
    logAsRead?: boolean;
  }
}

export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const failed = reply.statusCode >= 400;
      if (failed || LOGGED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
        const read = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.logAsRead === true;
        const level = failed || !read ? 'info' : 'debug';
        // Below the logger's level pino's method is a no-op: the line is never made.
        request.log[level]({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
      }
      done();
    });
  },
  { name: 'request-log' },
);
