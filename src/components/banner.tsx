// Banner: the one message a screen shows about what just happened. Errors interrupt (alert),
// successes and information wait their turn (status); information has no check mark, so a
// refusal that is not an error ("you already subscribe") never looks like a success; it takes focus so keyboard and screen-reader users land
// on it, and its slot keeps its height so the page does not jump as messages come and go (unless
// told not to, where a message only ever follows a press: then an empty slot takes no room).
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useMessageText, type MessageLike } from './message-like';

const messages = defineMessages({
  dismiss: { id: 'banner.dismiss', defaultMessage: 'Dismiss message' },
});

export interface BannerProps {
  message: MessageLike | null | undefined;
  kind?: 'error' | 'success' | 'info';
  reserveSpace?: boolean;
  onDismiss?: () => void;
}

export function Banner({ message, kind = 'error', reserveSpace = true, onDismiss }: BannerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useMessageText();
  const intl = useIntl();
  const shown = message ? text(message) : '';

  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);

  // A slot that keeps no space is not drawn while empty: in a stack its box would still take a gap.
  if (!reserveSpace && !shown) return null;

  return (
    <div className={`banner-slot${reserveSpace ? ' banner-slot--reserved' : ''}`}>
      {shown ? (
        <div
          ref={ref}
          tabIndex={-1}
          className={`banner banner--${kind}`}
          role={kind === 'error' ? 'alert' : 'status'}
          aria-live={kind === 'error' ? 'assertive' : 'polite'}
        >
          <span className="banner__icon" aria-hidden="true">{kind === 'error' ? '!' : kind === 'info' ? 'i' : '✓'}</span>
          <span className="banner__text">{shown}</span>
          {onDismiss ? (
            <button type="button" className="banner__close" onClick={onDismiss} aria-label={intl.formatMessage(messages.dismiss)}>
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
