// The one error type handlers throw: the error handler answers it as
// `{ isSuccess: false, message, statusCode }` with its status and headers.
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The body of every error response (openapi.yaml, `Error`). */
export interface ErrorBody {
  isSuccess: false;
  message: string;
  statusCode: number;
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { isSuccess: false, message, statusCode };
}
