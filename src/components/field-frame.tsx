// FieldFrame: the frame every labelled form control shares: the label, the control, and the
// error line (its space reserved, so an error moves nothing) that the control names in its
// aria-describedby as `fieldErrorId(id)`.
// Props: { id (the control's), label: ReactNode, error?: MessageLike | null, children }.
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
