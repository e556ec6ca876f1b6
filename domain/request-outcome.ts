// What an API call can come back with, as the machines see it: data, a response that says no,
// no response at all, or a request the app cancelled (which machines ignore silently).
import type { components } from '@domain/api-schema';

/**
 * What a refusal carried: the contract's `Error` body, or a 2xx body with `isSuccess: false`;
 * each field only when the response really had it.
 */
export type ErrorBody = Partial<Omit<components['schemas']['Error'], 'isSuccess'>> & { isSuccess?: boolean };

export type Outcome<T> =
  | { kind: 'ok'; data: T }
  /** A response arrived and refused: an error status, or a 2xx body with `isSuccess: false`. */
  | { kind: 'failed'; status: number; body: ErrorBody | null }
  /** No response: network down, server unreachable, or a body that is not JSON. */
  | { kind: 'unreachable' }
  /** The app aborted the request (the screen went away); nobody should hear about it. */
  | { kind: 'cancelled' };

export type FailedOutcome = Extract<Outcome<unknown>, { kind: 'failed' }>;

export const ok = <T>(data: T): Outcome<T> => ({ kind: 'ok', data });
export const failed = (status: number, body: ErrorBody | null = null): Outcome<never> => ({
  kind: 'failed',
  status,
  body,
});
export const unreachable: Outcome<never> = { kind: 'unreachable' };
export const cancelled: Outcome<never> = { kind: 'cancelled' };

export function isOk<T>(outcome: Outcome<T>): outcome is { kind: 'ok'; data: T } {
  return outcome.kind === 'ok';
}

/** The server's own message, when the response carried one worth showing. */
export function serverMessage(outcome: Outcome<unknown>): string | null {
  if (outcome.kind !== 'failed') return null;
  const message = outcome.body?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * A 401 that reached a machine means the session already gave up (refresh failed or the
 * retry was refused) and is taking the user to /login: the screen says nothing.
 */
export function isSessionLost(outcome: Outcome<unknown>): boolean {
  return outcome.kind === 'failed' && outcome.status === 401;
}
