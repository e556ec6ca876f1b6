// App layer: every error becomes `{ isSuccess: false, message, statusCode }` with the right
// status. Bad input is a 4xx naming the problem; only our own faults are 500s (and logged).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, HttpError } from '../../errors';

const tooLarge: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (at most 1 MiB).',
  FST_REQ_FILE_TOO_LARGE: 'The image is too large (at most 5 MiB).',
  FST_FILES_LIMIT: 'Please upload one file at a time.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
};

const unsupported = new Set(['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

/** The status and message an error is answered with. */
export function classifyError(error: FastifyError | HttpError | Error): { statusCode: number; message: string } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  if (fastifyError.validation) return { statusCode: 400, message: error.message };
  if (code in tooLarge) return { statusCode: 413, message: tooLarge[code]! };
  if (unsupported.has(code)) return { statusCode: 415, message: 'This content type is not accepted here.' };
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { statusCode: 400, message: 'The request body is empty.' };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { statusCode: 400, message: 'The request body is not valid JSON.' };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, message: error.message || 'The request could not be handled.' };
  }
  return { statusCode: 500, message: 'Something went wrong on our side. Please try again later.' };
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, message));
}

/**
 * Fastify's `frameworkErrors`: what the router rejects before any route or hook runs (a bad
 * percent-encoding, an over-long path parameter) is answered in the contract's shape too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') sendError(reply, 400, 'The address of the request is not validly encoded.');
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') sendError(reply, 414, 'The address of the request is too long.');
  else {
    const { statusCode, message } = classifyError(error);
    sendError(reply, statusCode, message);
  }
}

const clientErrors: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read never becomes a
 * request, so the answer is written to the socket here, in the contract's shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] = clientErrors[error.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody(statusCode, message));
  // As Node's own handler does: only when nothing was written yet. A request that was already
  // answered (its body then turned out malformed, e.g. a bad chunk) must not get a second answer.
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const { statusCode, message } = classifyError(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ statusCode, code: (error as FastifyError).code }, message);
      // Routes that set their security headers themselves (static.ts) may fail before they do.
      if (request.routeOptions.config.presetSecurityHeaders === true) reply.headers(app.securityHeaders);
      if (error instanceof HttpError) reply.headers(error.headers);
      return sendError(reply, statusCode, message);
    });
  },
  { name: 'error-handler' },
);
