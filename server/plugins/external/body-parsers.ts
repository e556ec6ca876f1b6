// External layer: cookies, forms, multipart uploads (5 MiB, one file) and a JSON parser that
// reads an empty body as "no body" (the app POSTs some endpoints without one).
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_FILE_LIMIT = 5 * 1024 * 1024;

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    // Own `__proto__` keys are dropped so later merges cannot pollute prototypes.
    return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

export default fp(
  async (app) => {
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_FILE_LIMIT, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    // No endpoint takes plain text: refusing it (415) beats a confusing schema error.
    app.removeContentTypeParser('text/plain');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJson(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
  },
  { name: 'body-parsers' },
);
