// FieldFrame: what every labelled form control shares, so they cannot drift apart: the label,
// the control, and an error line whose space is reserved (an error moves nothing) and which
// the control names in aria-describedby.
import type { ReactNode } from 'react';
import { useMessageText, type MessageLike } from './message-like';

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

export function FieldFrame({ id, label, error, children }: { id: string; label: ReactNode; error?: MessageLike | null; children: ReactNode }) {
  const text = useMessageText();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <p id={fieldErrorId(id)} className="field__error">{error ? text(error) : null}</p>
    </div>
  );
}
