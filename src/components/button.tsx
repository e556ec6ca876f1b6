// Button: the app's one button, in the variants of the design system (docs/design-system.md).
// `buttonClass` gives a link the same look when a call to action navigates instead of acting.
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}): string {
  return ['btn', `btn--${variant}`, size === 'lg' ? 'btn--lg' : '', block ? 'btn--block' : ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button shows it is working and ignores presses, but keeps its focus. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, block, busy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  const look = buttonClass({ variant, size, block });
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-busy={busy || undefined}
      className={className ? `${look} ${className}` : look}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
