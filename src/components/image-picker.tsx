// ImagePicker: the optional profile picture with its round preview, so people see what they
// chose before saving. It only hands over the file: reading and uploading it happen elsewhere.
import { useRef, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useMessageText, type MessageLike } from './message-like';

const messages = defineMessages({
  remove: { id: 'imagePicker.remove', defaultMessage: 'Delete picture' },
  previewAlt: { id: 'imagePicker.previewAlt', defaultMessage: 'Your profile picture' },
  noImage: { id: 'imagePicker.none', defaultMessage: 'No picture chosen' },
});

export interface ImagePickerProps {
  id: string;
  label: ReactNode;
  src: string | null;
  onPick: (file: File) => void;
  onDelete: () => void;
  busy?: boolean;
  error?: MessageLike | null;
  previewAlt?: string;
}

export function ImagePicker({ id, label, src, onPick, onDelete, busy, error, previewAlt }: ImagePickerProps) {
  const intl = useIntl();
  const text = useMessageText();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  return (
    <div className="image-picker" aria-busy={busy || undefined}>
      <div className="image-picker__preview">
        {src ? (
          <img src={src} alt={previewAlt ?? intl.formatMessage(messages.previewAlt)} />
        ) : (
          <span className="image-picker__placeholder" role="img" aria-label={intl.formatMessage(messages.noImage)}>
            <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false" fill="currentColor">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8z" />
            </svg>
          </span>
        )}
      </div>
      <div className="image-picker__actions">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          name={id}
          type="file"
          accept="image/*"
          className="image-picker__input"
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            event.target.value = '';
          }}
        />
        {src ? (
          <button type="button" className="btn btn--ghost" onClick={onDelete} disabled={busy}>
            {intl.formatMessage(messages.remove)}
          </button>
        ) : null}
        <p id={errorId} className="field__error">{error ? text(error) : null}</p>
      </div>
    </div>
  );
}
