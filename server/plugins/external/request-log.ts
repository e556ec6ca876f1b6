// External layer: one log line per API request (and per failed request of any kind), with its
// status and time. Successful requests for the app's static files are not logged: at a line
// each they cost a fifth of the server's time and say nothing an operator needs.
import fp from 'fastify-plugin';

const LOGGED_PREFIXES = ['/api/', '/sandbox/', '/uploads/'];

export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const logged = reply.statusCode >= 400 || LOGGED_PREFIXES.some((prefix) => request.url.startsWith(prefix));
      if (logged) {
        request.log.info(
          { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'request completed',
        );
      }
      done();
    });
  },
  { name: 'request-log' },
);
