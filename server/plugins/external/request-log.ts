// External layer: one log line per API request (and per failed request of any kind), with its
// status and time. A successful read (GET, HEAD, or a route marked `config: { logAsRead: true }`)
// is logged at `debug`: a profile under load (decision 043) put the line at about 8 % of the
// server's time per request, and it tells an operator nothing a write or a failure does not.
// Writes and failures stay at `info`. Successful requests for the app's static files are not
// logged at all. A successful read below `debug` costs a few comparisons: no line is made, and
// the route's options (an object per request) are only read for a POST (decision 080).
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The paths whose successful requests are logged (every failure is). */
const isLoggedPath = (url: string) => url.startsWith('/api/') || url.startsWith('/sandbox/') || url.startsWith('/uploads/');

/** The levels at which a successful read is logged. */
const DEBUG_LEVELS = new Set(['debug', 'trace']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (e.g. the plans list): logged like a GET. */
    logAsRead?: boolean;
  }
}

function logLine(request: FastifyRequest, reply: FastifyReply, level: 'info' | 'debug'): void {
  request.log[level]({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
}

export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode >= 400) logLine(request, reply, 'info');
      else if (isLoggedPath(request.url)) {
        const read = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.logAsRead === true;
        if (!read) logLine(request, reply, 'info');
        // Below `debug` a read's line is never made, nor its fields.
        else if (DEBUG_LEVELS.has(request.log.level)) logLine(request, reply, 'debug');
      }
      done();
    });
  },
  { name: 'request-log' },
);
