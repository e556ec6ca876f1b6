// External layer: the one body the API reads, JSON (an empty body reads as "no body": the app
// POSTs some endpoints without one). Form and multipart bodies are opted into by the few route
// plugins that take them, so no API route ever reads a form (decision 007). Cookies likewise:
// only the route plugins that read or set one (sign-in, playback grants, the sandbox tools)
// register @fastify/cookie, so no other request parses its Cookie header or runs its hooks
// (decision 080).
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@server/errors';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_FILE_LIMIT = 5 * 1024 * 1024;

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    // Own `__proto__` keys are dropped so later merges cannot pollute prototypes.
    return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
  } catch {
    throw new HttpError(400, 'request.invalidJson');
  }
}

/**
 * `request.cookies`, `reply.setCookie` and `reply.clearCookie`, for the route plugin that calls
 * it (before adding a hook that reads them). Elsewhere they are undefined.
 */
export async function acceptCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

/** Form bodies, for the sandbox provider's HTML pages: call it inside their route plugin. */
export async function acceptFormBodies(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
}

/** Multipart bodies (one file of at most 5 MiB), for the uploads route: call it inside its plugin. */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_FILE_LIMIT, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
}

export default fp(
  async (app) => {
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
