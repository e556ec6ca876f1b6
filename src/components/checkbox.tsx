// Checkbox: a native checkbox with its label, so clicking the text toggles it and assistive
// tech reads them as one control (e.g. "Remember me").
import type { ReactNode } from 'react';

export interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}

export function Checkbox({ id, label, checked, onChange, disabled, name }: CheckboxProps) {
  return (
    <div className="checkbox">
      <input
        id={id}
        name={name ?? id}
        type="checkbox"
        className="checkbox__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
