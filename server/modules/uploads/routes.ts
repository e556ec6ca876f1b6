// Uploads API: a profile image as multipart field `fileToUpload`, recognised by its bytes
// (JPEG, PNG, GIF, WebP), at most 5 MiB, at most UPLOADS_PER_DAY a day per account; nothing is
// stored unless all of that holds.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { acceptMultipart } from '@server/plugins/external/body-parsers';
import { detectImageType } from './store';

/**
 * The bytes of the one `fileToUpload` file. Every part is read, so a second file is refused
 * (413) rather than silently dropped; a body the multipart parser cannot read is a 400.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  try {
    let bytes: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'fileToUpload') {
        part.file.resume();
        throw new HttpError(400, 'uploads.wrongField');
      }
      // Throws a 413 (FST_REQ_FILE_TOO_LARGE) past the 5 MiB limit, before anything is stored.
      bytes = await part.toBuffer();
    }
    if (!bytes) throw new HttpError(400, 'uploads.noFile');
    return bytes;
  } catch (error) {
    const status = (error as FastifyError).statusCode;
    if (error instanceof HttpError || (typeof status === 'number' && status >= 400 && status < 500)) throw error;
    // The parser's own errors (no boundary, a truncated body, bare LF line ends) carry no status.
    throw new HttpError(400, 'uploads.malformed');
  }
}

export default async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  await acceptMultipart(app);
  app.post(
    '/api/v1/uploads',
    { schema: routeSchema('POST', '/api/v1/uploads'), preHandler: app.authenticateOwner },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'uploads.notMultipart');
      }
      const wait = await app.uploads.quotaWait(request.user.id);
      if (wait > 0) {
        throw new HttpError(429, 'uploads.tooManyToday', { headers: { 'Retry-After': String(wait) } });
      }
      const bytes = await readImagePart(request);
      const type = await detectImageType(bytes);
      if (!type) throw new HttpError(400, 'uploads.notAnImage');
      const image = await app.uploads.store(request.user.id, bytes, type);
      reply.code(201);
      return { isSuccess: true, image };
    },
  );
}
