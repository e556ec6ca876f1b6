// App layer: `app.accountAnswers`, each account's home, calendar feed and activity answers kept
// serialised in memory (server/db/account-answers.ts, decision 045). Other instances' writes
// and every other writer's reach it by notification; this instance's own signed-in writes drop
// the account's answers before they answer, so the next read sees the change.
import fp from 'fastify-plugin';
import { AccountAnswers } from '@server/db/account-answers';

declare module 'fastify' {
  interface FastifyInstance {
    accountAnswers: AccountAnswers;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    const answers = new AccountAnswers().listen(app.changeFeed);
    app.decorate('accountAnswers', answers);
    // onSend runs after the handler's writes committed and before a byte of the answer leaves.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.user && !READS.has(request.method) && request.routeOptions.config.logAsRead !== true) answers.invalidate(request.user.id);
      return payload;
    });
  },
  { name: 'account-answers', dependencies: ['change-feed', 'auth'] },
);
