// The one HTTP client of the app: openapi-fetch typed by the contract (schema.d.ts), with the
// auth behaviour in one place. Every authenticated request carries `FitStream <token>`; on a
// 401 it asks the session for a fresh token (one shared refresh however many requests
// failed), retries once with `Bearer <new token>`, and never retries a retry: a second 401
// tells the session the user is signed out. A refresh that got no answer makes the request
// 'unreachable' (the screen's 'Try Again'), and the user stays signed in.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { cancelled, failed, ok, unreachable, type ErrorBody, type Outcome } from '@domain/request-outcome';
import type { paths } from '@domain/api-schema';

/** What a refresh gave a request that was refused with 401. */
export type FreshToken =
  | { kind: 'token'; token: string }
  /** The server refused the refresh: the session signed the user out. */
  | { kind: 'signedOut' }
  /** The refresh got no answer (network down, server trouble): still signed in, no new token. */
  | { kind: 'noResponse' };

/** What the client needs from the session (src/app/session-token.ts implements it). */
export interface AuthBridge {
  /** The current access token, or null for a visitor. */
  token(): string | null;
  /** A token newer than `used`: waits for the (single, shared) refresh. */
  freshToken(used: string): Promise<FreshToken>;
  /** The retry with a fresh token was refused too: the session signs the user out. */
  expired(): void;
}

export type ApiClient = Client<paths>;

/** Calls that carry no access token and whose 401 means "wrong credentials", not "expired". */
const WITHOUT_ACCESS_TOKEN = new Set<string>([
  '/api/v1/auth/sign-in',
  '/api/v1/auth/sign-up',
  '/api/v1/refresh',
  '/api/v1/auth/logout',
  '/api/v1/payments/index',
]);

/** Thrown when the token could not be refreshed for lack of an answer: the call is 'unreachable'. */
export class NoResponseError extends Error {
  override name = 'NoResponseError';
  constructor() {
    super('No response: the access token could not be refreshed.');
  }
}

export function authMiddleware(auth: AuthBridge): Middleware {
  // The request as first sent (a clone, since fetch consumes the body) and its token.
  const sent = new Map<string, { request: Request; token: string }>();
  return {
    onRequest({ request, schemaPath, id }) {
      if (WITHOUT_ACCESS_TOKEN.has(schemaPath)) return undefined;
      const token = auth.token();
      if (!token) return undefined;
      request.headers.set('Authorization', `FitStream ${token}`);
      sent.set(id, { request: request.clone(), token });
      return request;
    },
    async onResponse({ response, id, options }) {
      const first = sent.get(id);
      sent.delete(id);
      if (!first || response.status !== 401) return undefined;
      const fresh = await auth.freshToken(first.token);
      // Signed out: the 401 reaches the screen, which says nothing (the session goes to /login).
      if (fresh.kind === 'signedOut') return undefined;
      // The request failed for lack of a network, like any request that got no answer.
      if (fresh.kind === 'noResponse') throw new NoResponseError();
      const retry = new Request(first.request);
      retry.headers.set('Authorization', `Bearer ${fresh.token}`);
      // options.fetch is the bare fetch: the retry does not pass through this middleware again.
      const second = await options.fetch(retry);
      if (second.status === 401) auth.expired();
      return second;
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
}

/**
 * Every request says the interface's language, so the server answers its messages (errors,
 * notices) in it and records it where a later page needs it (the sandbox checkout).
 */
export function languageMiddleware(language: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept-Language', language());
      return request;
    },
  };
}

export interface ApiClientOptions {
  auth: AuthBridge;
  /** The interface language, read at each request (it can change while the app runs). */
  language?: () => string;
  /** The transport (tests pass a fake); the browser's fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  baseUrl?: string;
}

export function createApiClient({ auth, language, fetch, baseUrl = '' }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    // Resolve `fetch` at call time so tests and the dev inspector can swap it.
    fetch: (request: Request) => (fetch ?? globalThis.fetch)(request),
  });
  // First, so the request the auth middleware keeps for its retry says the language too.
  if (language) client.use(languageMiddleware(language));
  client.use(authMiddleware(auth));
  return client;
}

function errorBodyOf(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { isSuccess, message, statusCode, code } = value as Record<string, unknown>;
  return {
    ...(typeof isSuccess === 'boolean' ? { isSuccess } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * Turns one openapi-fetch call into an Outcome the machines understand. A 2xx body with
 * `isSuccess: false` is a refusal; a thrown abort is 'cancelled'; anything else thrown
 * (network down, a body that is not JSON) is 'unreachable'.
 */
export async function outcomeOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  signal?: AbortSignal,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (signal?.aborted) return cancelled;
    const refused = (data as { isSuccess?: unknown } | undefined)?.isSuccess === false;
    if (response.ok && data !== undefined && !refused) return ok(data);
    return failed(response.status, errorBodyOf(error ?? data));
  } catch (error) {
    return isAbort(error, signal) ? cancelled : unreachable;
  }
}
