// A notice (what a flow shows in its banner) and the generic one for a failed call, apart from
// every flow's own messages (domain/notices.ts, which re-exports these): the session, which
// every page starts, needs only these, so the first page does not carry the sign-in, sign-up
// and profile lines.
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { Outcome } from './request-outcome';
import { serverMessage } from './request-outcome';

export const genericNoticeMessages = defineMessages({
  somethingFailed: { id: 'notice.generic.failed', defaultMessage: 'Something went wrong. Please try again.' },
  unreachable: { id: 'notice.generic.unreachable', defaultMessage: 'Could not reach FitStream. Please try again.' },
});

export type NoticeMessage = string | MessageDescriptor;

export interface Notice {
  /** error: something failed; success: something the user did worked; info: neither (nothing to do). */
  tone: 'error' | 'success' | 'info';
  /** A string is the server's text, shown as is; a descriptor is translated by the view. */
  message: NoticeMessage;
}

export const errorNotice = (message: NoticeMessage): Notice => ({ tone: 'error', message });
export const successNotice = (message: NoticeMessage): Notice => ({ tone: 'success', message });
export const infoNotice = (message: NoticeMessage): Notice => ({ tone: 'info', message });

/**
 * Plans, subscribe, home, billing, cancel, token login: the server's message, or without one a
 * generic line, so a failure is never silent on screen.
 */
export function serverFailureNotice(outcome: Outcome<unknown>): Notice {
  if (outcome.kind !== 'failed') return errorNotice(genericNoticeMessages.unreachable);
  return errorNotice(serverMessage(outcome) ?? genericNoticeMessages.somethingFailed);
}
