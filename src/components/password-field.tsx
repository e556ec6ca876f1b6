// PasswordField: a password input people can reveal to check what they typed (fewer failed
// sign-ins on phones); whether it is shown is view-only state, kept here.
import { useState, type ReactNode, type Ref } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { FieldFrame, fieldErrorId } from './field-frame';
import type { MessageLike } from './message-like';

const messages = defineMessages({
  show: { id: 'field.password.show', defaultMessage: 'Show password' },
});

export interface PasswordFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: MessageLike | null;
  placeholder?: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function PasswordField(props: PasswordFieldProps) {
  const { id, label, value, onChange, error, inputRef } = props;
  const [visible, setVisible] = useState(false);
  const intl = useIntl();
  const errorId = fieldErrorId(id);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="field__password">
        <input
          id={id}
          ref={inputRef}
          className="field__input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          name={props.name ?? id}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete ?? 'current-password'}
          required={props.required}
          disabled={props.disabled}
        />
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
          <span className="visually-hidden">{intl.formatMessage(messages.show)}</span>
        </button>
      </div>
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
