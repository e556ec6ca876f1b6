// Spinner: something is on its way. It announces itself to assistive tech (status with a
// label), and as an overlay it covers what is busy without moving anything.
import { defineMessages } from 'react-intl';
import { useMessageText, type MessageLike } from './message-like';

const messages = defineMessages({
  loading: { id: 'spinner.loading', defaultMessage: 'Loading…' },
});

export interface SpinnerProps {
  label?: MessageLike;
  overlay?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = messages.loading, overlay = false, size = 'md' }: SpinnerProps) {
  const text = useMessageText();
  return (
    <div role="status" className={`spinner spinner--${size}${overlay ? ' spinner--overlay' : ''}`}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{text(label)}</span>
    </div>
  );
}
