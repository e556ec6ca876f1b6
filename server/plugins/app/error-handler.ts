// App layer: every error becomes `{ isSuccess: false, message, statusCode, code }` with the right
// status. Bad input is a 4xx naming the problem; only our own faults are 500s (and logged).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, HttpError } from '@server/errors';
import type { AppLocale } from '@domain/locales';
import { negotiateLocale, translate, type MessageCode, type MessageValues } from '@server/i18n';

const tooLarge: Record<string, MessageCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_REQ_FILE_TOO_LARGE: 'uploads.tooLarge',
  FST_FILES_LIMIT: 'uploads.oneFile',
  FST_PARTS_LIMIT: 'uploads.tooManyParts',
  FST_FIELDS_LIMIT: 'uploads.tooManyFields',
};

const unsupported = new Set(['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

interface Classified {
  statusCode: number;
  code: MessageCode;
  values?: MessageValues;
}

/** The status and message an error is answered with. */
export function classifyError(error: FastifyError | HttpError | Error): Classified {
  if (error instanceof HttpError) return { statusCode: error.statusCode, code: error.code, values: error.values };
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  // Validation errors are HttpErrors (server/plugins/app/validation.ts); this is any other.
  if (fastifyError.validation) return { statusCode: 400, code: 'request.invalid.value', values: { field: String(fastifyError.validationContext ?? 'body') } };
  if (code in tooLarge) return { statusCode: 413, code: tooLarge[code]! };
  if (unsupported.has(code)) return { statusCode: 415, code: 'request.unsupportedType' };
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { statusCode: 400, code: 'request.emptyBody' };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return { statusCode: 400, code: 'request.invalidJson' };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // The framework's own wording is English: the answer is the request's language, the log keeps the detail.
    return { statusCode: status, code: 'request.failed' };
  }
  return { statusCode: 500, code: 'server.failed' };
}

/** Answers `{ isSuccess: false, message, statusCode, code }`, the message in the request's language. */
export function sendError(reply: FastifyReply, statusCode: number, code: MessageCode, values?: MessageValues): FastifyReply {
  const message = translate(negotiateLocale(reply.request.headers['accept-language']), code, values);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, code, message));
}

/**
 * Fastify's `frameworkErrors`: what the router rejects before any route or hook runs (a bad
 * percent-encoding, an over-long path parameter) is answered in the contract's shape too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') sendError(reply, 400, 'request.badUrl');
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') sendError(reply, 414, 'request.urlTooLong');
  else {
    const { statusCode, code, values } = classifyError(error);
    sendError(reply, statusCode, code, values);
  }
}

const clientErrors: Record<string, [number, MessageCode]> = {
  HPE_HEADER_OVERFLOW: [431, 'request.headersTooLarge'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request.timeout'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read never becomes a
 * request, so the answer is written to the socket here, in the contract's shape (in English:
 * there are no headers to read a language from).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code] = clientErrors[error.code ?? ''] ?? [400, 'request.notHttp'];
  // As Node's own handler does: only when nothing was written yet. A request that was already
  // answered (its body then turned out malformed, e.g. a bad chunk) must not get a second answer.
  if (socket.writable && socket.bytesWritten === 0) socket.write(rawErrorResponse(statusCode, code, 'en'));
  socket.destroy(error);
}

/** A whole HTTP response in the contract's error shape, for a socket no Fastify reply owns; it closes the connection. */
export function rawErrorResponse(statusCode: number, code: MessageCode, locale: AppLocale): string {
  const body = JSON.stringify(errorBody(statusCode, code, translate(locale, code)));
  return (
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The server message `code` in this request's language (`Accept-Language`). */
    t(code: MessageCode, values?: MessageValues): string;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('t', function t(this: FastifyRequest, code: MessageCode, values?: MessageValues) {
      return translate(negotiateLocale(this.headers['accept-language']), code, values);
    });
    app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const { statusCode, code, values } = classifyError(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ statusCode, code, detail: error.message }, translate('en', code, values));
      if (error instanceof HttpError) reply.headers(error.headers);
      return sendError(reply, statusCode, code, values);
    });
  },
  { name: 'error-handler' },
);
