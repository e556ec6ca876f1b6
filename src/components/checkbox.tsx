// Checkbox: a native checkbox with its label (e.g. "Remember me").
// Props: { id, label: ReactNode, checked, onChange(checked), disabled?, name? }.
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
