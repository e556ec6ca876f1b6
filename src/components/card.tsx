// Card: a bordered surface that groups one subject; `as` keeps the right landmark or sectioning
// element, and `tone="raised"` lifts the card that matters most on a screen.
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'aside';
  tone?: 'flat' | 'raised' | 'brand';
  children: ReactNode;
}

export function Card({ as: Element = 'div', tone = 'flat', className, children, ...rest }: CardProps) {
  const look = `card card--${tone}`;
  return (
    <Element {...rest} className={className ? `${look} ${className}` : look}>
      {children}
    </Element>
  );
}
