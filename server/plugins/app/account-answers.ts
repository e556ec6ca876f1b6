// App layer: `app.accountAnswers`, each account's home, calendar feed and activity answers kept
// serialised in memory (server/db/account-answers.ts, decision 045). Other instances' writes
// and every other writer's reach it by notification; this instance's own signed-in writes drop
// the account's answers before they answer, so the next read sees the change.
import type { onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AccountAnswers } from '@server/db/account-answers';

declare module 'fastify' {
  interface FastifyInstance {
    accountAnswers: AccountAnswers;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route may write: any method but a read's, unless it says it only reads (`logAsRead`). */
export function mayWrite(route: Pick<RouteOptions, 'method' | 'config'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => !READS.has(method)) && route.config?.logAsRead !== true;
}

export default fp(
  async (app) => {
    const answers = new AccountAnswers().listen(app.changeFeed);
    app.decorate('accountAnswers', answers);
    // onSend runs after the handler's writes committed and before a byte of the answer leaves.
    // Only on the routes that may write, decided once as each is added: a read runs no hook.
    const dropAfterWrite: onSendHookHandler = (request, _reply, payload, done) => {
      if (request.user) answers.invalidate(request.user.id);
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (!mayWrite(route)) return;
      const own = route.onSend ?? [];
      route.onSend = [dropAfterWrite, ...(Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'account-answers', dependencies: ['change-feed', 'auth'] },
);
