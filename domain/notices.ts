// The messages a flow shows in its banner, and the one place that maps a failed call to the
// message a user reads (which statuses carry a message written for users:
// docs/decisions/001-api-errors-and-statuses.md). A notice holds either the server's own
// text or a message descriptor the view translates.
import { defineMessages } from '@formatjs/intl';
import { errorNotice, genericNoticeMessages, type Notice } from './failure-notice';
import type { Outcome } from './request-outcome';
import { serverMessage } from './request-outcome';

export { errorNotice, genericNoticeMessages, infoNotice, serverFailureNotice, successNotice, type Notice, type NoticeMessage } from './failure-notice';

const flowMessages = defineMessages({
  loginFailed: { id: 'notice.login.failed', defaultMessage: 'Login Failed...' },
  loginUnreachable: { id: 'notice.login.unreachable', defaultMessage: 'Failed to Login In. Try Again...' },
  registerFailed: { id: 'notice.register.failed', defaultMessage: 'Register Failed...' },
  registerUnreachable: { id: 'notice.register.unreachable', defaultMessage: 'Failed to Register. Try Again...' },
  detailsFailed: { id: 'notice.details.failed', defaultMessage: 'Personnel details Failed...' },
  detailsUnreachable: {
    id: 'notice.details.unreachable',
    defaultMessage: 'Failed to add personnel details. Try Again...',
  },
  imageFailed: { id: 'notice.image.failed', defaultMessage: 'Failed to add image...' },
  subscriptionCancelled: { id: 'notice.subscription.cancelled', defaultMessage: 'Your subscription has been cancelled' },
  subscriptionReactivated: { id: 'notice.subscription.reactivated', defaultMessage: 'Your subscription will renew again' },
  subscriptionPaused: { id: 'notice.subscription.paused', defaultMessage: 'Your subscription is paused' },
  halfOffAccepted: { id: 'notice.subscription.halfOff', defaultMessage: 'Done: 50 % off your next month' },
  subscriptionPauseEnded: { id: 'notice.subscription.pauseEnded', defaultMessage: 'Your subscription is running again' },
  planChangeUndone: { id: 'notice.planChange.undone', defaultMessage: 'Change undone: your plan stays as it is' },
  paymentMethodUpdated: { id: 'notice.paymentMethod.updated', defaultMessage: 'Your payment method was updated' },
  passwordResetRequestFailed: { id: 'notice.passwordReset.requestFailed', defaultMessage: 'We could not send the link. Please try again.' },
  passwordResetFailed: { id: 'notice.passwordReset.resetFailed', defaultMessage: 'We could not change the password. Please try again.' },
});

export const noticeMessages = { ...flowMessages, ...genericNoticeMessages };

/** Statuses whose messages were written for users (docs/decisions/001-api-errors-and-statuses.md). */
const USER_FACING_STATUSES = new Set([400, 401, 404, 409, 429]);

/** Sign-in and sign-up: the server's text when it was written for users, else the form's own line. */
export function accountFailureNotice(outcome: Outcome<unknown>, flow: 'signIn' | 'signUp'): Notice {
  const generic = flow === 'signIn' ? noticeMessages.loginFailed : noticeMessages.registerFailed;
  if (outcome.kind !== 'failed') {
    return errorNotice(flow === 'signIn' ? noticeMessages.loginUnreachable : noticeMessages.registerUnreachable);
  }
  const text = serverMessage(outcome);
  const refused = outcome.body?.isSuccess === false && outcome.status < 400;
  if (text && (refused || USER_FACING_STATUSES.has(outcome.status))) return errorNotice(text);
  return errorNotice(generic);
}

/** Profile details: isSuccess false on a 2xx, the server's text on 400/401, else generic. */
export function profileFailureNotice(outcome: Outcome<unknown>): Notice {
  if (outcome.kind !== 'failed') return errorNotice(noticeMessages.detailsUnreachable);
  if (outcome.status < 400 && outcome.body?.isSuccess === false) return errorNotice(noticeMessages.registerFailed);
  const text = serverMessage(outcome);
  if (text && (outcome.status === 400 || outcome.status === 401)) return errorNotice(text);
  return errorNotice(noticeMessages.detailsFailed);
}


/** English text of a notice, for logs and tests. */
export function noticeText(notice: Notice | null): string | null {
  if (!notice) return null;
  return typeof notice.message === 'string' ? notice.message : String(notice.message.defaultMessage ?? '');
}
