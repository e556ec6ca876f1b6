// App layer: `app.uploads`, the profile images kept in the database: the daily quota, storing
// one, and reading one back. At start, images an older version kept on disk move in.
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { uploadQuotaWait } from './retention';
import { moveUploadFilesIntoDatabase, readUpload, storeUpload } from './store';

export function uploadsService(db: Database) {
  return {
    /** Seconds until the account may upload again; 0 when it may now. */
    quotaWait: (userId: string) => uploadQuotaWait(db, userId),
    store: (userId: string, bytes: Buffer, type: { mime: string; ext: string }) => storeUpload(db, userId, bytes, type),
    read: (name: string) => readUpload(db, name),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: ReturnType<typeof uploadsService>;
  }
}

export default fp(
  async (app) => {
    const moved = await moveUploadFilesIntoDatabase(app.db, app.config.dataDir);
    if (moved > 0) app.log.info(`moved ${moved} uploaded images from ${app.config.dataDir}/uploads into the database`);
    app.decorate('uploads', uploadsService(app.db));
  },
  { name: 'uploads-service', dependencies: ['config-and-database'] },
);
