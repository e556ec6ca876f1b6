// TextField: a labelled input whose error is announced with it (aria-describedby and
// aria-invalid), in the shared FieldFrame so fields line up and errors move nothing.
import type { ReactNode, Ref } from 'react';
import { FieldFrame, fieldErrorId } from './field-frame';
import type { MessageLike } from './message-like';

export interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'search';
  error?: MessageLike | null;
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, type = 'text', error, hint, inputRef, ...rest } = props;
  const errorId = fieldErrorId(id);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input
        id={id}
        ref={inputRef}
        className="field__input"
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        name={rest.name ?? id}
        placeholder={rest.placeholder}
        autoComplete={rest.autoComplete}
        required={rest.required}
        disabled={rest.disabled}
      />
      {hint ? <p id={hintId} className="field__hint">{hint}</p> : null}
    </FieldFrame>
  );
}
