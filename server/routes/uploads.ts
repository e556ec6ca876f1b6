// Uploads API: a profile image as multipart field `fileToUpload`, recognised by its bytes
// (JPEG, PNG, GIF, WebP), at most 5 MiB; nothing is stored unless all of that holds.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../contract';
import { HttpError } from '../errors';
import { detectImageType, moveUploadFilesIntoDatabase, storeUpload } from '../uploads/store';

const NOT_AN_IMAGE = 'Please upload a JPEG, PNG, GIF or WebP image.';

export default async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const moved = await moveUploadFilesIntoDatabase(app.db, app.config.dataDir);
  if (moved > 0) app.log.info(`moved ${moved} uploaded images from ${app.config.dataDir}/uploads into the database`);
  app.post(
    '/api/v1/uploads',
    { schema: routeSchema('POST', '/api/v1/uploads'), preHandler: app.authenticate },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Please send the image as multipart/form-data in the field "fileToUpload".');
      }
      const part = await request.file();
      if (!part) throw new HttpError(400, 'fileToUpload: please choose an image to upload.');
      if (part.fieldname !== 'fileToUpload') {
        part.file.resume();
        throw new HttpError(400, 'fileToUpload: the image must be sent in the field "fileToUpload".');
      }
      // Throws a 413 (FST_REQ_FILE_TOO_LARGE) past the 5 MiB limit, before anything is stored.
      const bytes = await part.toBuffer();
      const type = await detectImageType(bytes);
      if (!type) throw new HttpError(400, NOT_AN_IMAGE);
      const image = await storeUpload(app.db, request.user.id, bytes, type);
      reply.code(201);
      return { isSuccess: true, image };
    },
  );
}
