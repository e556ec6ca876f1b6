// External layer: `app.changeFeed`, the database's change notifications (server/db/notifications.ts,
// decision 018), which the in-memory session list and the cached tables listen to.
import fp from 'fastify-plugin';
import { openChangeFeed, type ChangeFeed } from '@server/db/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

export default fp(
  async (app) => {
    const feed = await openChangeFeed(app.db, (error) =>
      app.log.warn({ err: error }, 'database notifications interrupted: caches and the session list catch up by reading'),
    );
    app.decorate('changeFeed', feed);
    app.addHook('onClose', async () => feed.close());
  },
  { name: 'change-feed', dependencies: ['config-and-database'] },
);
