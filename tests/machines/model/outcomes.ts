// The outcomes a fake API call can come back with in the model walks (domain/request-outcome),
// and the message a user should read for each.
import type { Outcome } from '@domain/request-outcome';
import { noticeText, type Notice } from '@domain/notices';

export const SERVER_MESSAGE = 'The server says no';

export const refused = (status: number): Outcome<never> => ({
  kind: 'failed',
  status,
  body: { isSuccess: false, message: `${SERVER_MESSAGE} (${status})`, statusCode: status },
});
export const crashed: Outcome<never> = { kind: 'failed', status: 500, body: null };
export const unreachable: Outcome<never> = { kind: 'unreachable' };
export const cancelled: Outcome<never> = { kind: 'cancelled' };
export const ok = <T>(data: T): Outcome<T> => ({ kind: 'ok', data });

/** A success, a refusal with a message, a 401 (session already lost), a bare 500, no response, cancelled. */
export function outcomes<T>(data: T): Outcome<T>[] {
  return [ok(data), refused(400), refused(401), crashed, unreachable, cancelled];
}

export function outputOf(event: object): Outcome<unknown> {
  return (event as { output?: unknown }).output as Outcome<unknown>;
}

export const textOf = (notice: Notice | null): string | null => noticeText(notice);
