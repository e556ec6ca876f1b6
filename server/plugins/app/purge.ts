// App layer: purges expired credentials, unused uploads and the ids of progress reports that can
// no longer be replayed once the server is ready and then hourly, in the background; a failed run
// is logged and tried again at the next tick.
import fp from 'fastify-plugin';
import { PURGE_INTERVAL_MS, purgeExpiredCredentials } from '@server/modules/auth/purge-expired';
import { pruneProgressReports } from '@server/modules/playback/prune-reports';
import { deleteUnusedUploads } from '@server/modules/uploads/retention';

export default fp(
  async (app) => {
    const run = async () => {
      await purgeExpiredCredentials(app.db).then(
        (counts) => app.log.debug(counts, 'expired credentials purged'),
        (error: unknown) => app.log.warn({ err: error }, 'purging expired credentials failed'),
      );
      await deleteUnusedUploads(app.db).then(
        (images) => app.log.debug({ images }, 'unused uploads deleted'),
        (error: unknown) => app.log.warn({ err: error }, 'deleting unused uploads failed'),
      );
      await pruneProgressReports(app.db).then(
        (reports) => app.log.debug({ reports }, 'progress report ids pruned'),
        (error: unknown) => app.log.warn({ err: error }, 'pruning progress report ids failed'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      running = run();
      timer = setInterval(() => {
        running = run();
      }, PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'purge-expired', dependencies: ['config-and-database'] },
);
