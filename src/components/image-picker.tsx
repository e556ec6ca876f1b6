// ImagePicker: the optional profile picture with its round preview, so people see what they
// chose before saving. The native file input is visually hidden (it stays focusable and
// labelled): its button and "No file chosen" text are the browser's, in the browser's language,
// and too wide for a phone. The visible control is its label, styled as a button, in the UI
// language. It only hands over the file: reading and uploading it happen elsewhere.
import { useRef, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useMessageText, type MessageLike } from './message-like';

const messages = defineMessages({
  remove: { id: 'imagePicker.remove', defaultMessage: 'Delete picture' },
  previewAlt: { id: 'imagePicker.previewAlt', defaultMessage: 'Your profile picture' },
  noImage: { id: 'imagePicker.none', defaultMessage: 'No picture chosen' },
  choose: { id: 'imagePicker.choose', defaultMessage: 'Choose a picture' },
  change: { id: 'imagePicker.change', defaultMessage: 'Change picture' },
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
          className="image-picker__input visually-hidden"
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className="btn btn--secondary image-picker__button" aria-disabled={busy || undefined}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h3l2-3h6l2 3h3v13H4z" />
            <circle cx="12" cy="13" r="4" />
          </svg>
          {intl.formatMessage(src ? messages.change : messages.choose)}
        </label>
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
