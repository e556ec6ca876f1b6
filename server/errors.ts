// The one error type handlers throw: the error handler answers it as
// `{ isSuccess: false, message, statusCode, code }` with its status and headers, the message in
// the request's language (server/i18n.ts).
import { translate, type MessageCode, type MessageValues } from './i18n';

export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: MessageCode;
  readonly values: MessageValues | undefined;
  readonly headers: Record<string, string>;

  constructor(
    public readonly statusCode: number,
    code: MessageCode,
    options: { values?: MessageValues; headers?: Record<string, string> } = {},
  ) {
    // English in logs; the answer is translated per request.
    super(translate('en', code, options.values));
    this.code = code;
    this.values = options.values;
    this.headers = options.headers ?? {};
  }
}

/** The body of every error response (openapi.yaml, `Error`). */
export interface ErrorBody {
  isSuccess: false;
  message: string;
  statusCode: number;
  code: MessageCode;
}

export function errorBody(statusCode: number, code: MessageCode, message: string): ErrorBody {
  return { isSuccess: false, message, statusCode, code };
}
