// GET /uploads/<name>: a stored profile image, public and immutable (its name is random and
// never reused), sent as the type its bytes were recognised as.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '@server/contract';
import { sendError } from '@server/plugins/app/error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export default async function uploadedImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: routeSchema('GET', '/uploads/{name}') }, async (request, reply) => {
    const upload = await app.uploads.read(request.params.name);
    if (!upload) return sendError(reply, 404, 'uploads.notFound');
    return reply.type(upload.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', IMMUTABLE).send(upload.data);
  });
}
