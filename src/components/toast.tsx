// Toast: a short confirmation that something worked, announced politely and shown over the
// bottom of the page without moving it or taking focus. Its lifetime belongs to the caller
// (a machine's notice), so it has no timer of its own; it can always be dismissed.
import { defineMessages, useIntl } from 'react-intl';
import type { ReactNode } from 'react';

const messages = defineMessages({
  dismiss: { id: 'toast.dismiss', defaultMessage: 'Dismiss' },
});

export interface ToastProps {
  /** Nothing is rendered but the live region while there is no message. */
  message: ReactNode;
  tone?: 'success' | 'info';
  onDismiss?: () => void;
}

export function Toast({ message, tone = 'success', onDismiss }: ToastProps) {
  const intl = useIntl();
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {message ? (
        <div className={`toast toast--${tone}`}>
          <span className="toast__icon" aria-hidden="true">{tone === 'success' ? '✓' : 'i'}</span>
          <span className="toast__text">{message}</span>
          {onDismiss ? (
            <button type="button" className="toast__close" onClick={onDismiss} aria-label={intl.formatMessage(messages.dismiss)}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
