// StepHeader: "Step N of 4" above the step's title (an <h1>).
// Props: { step: number, total?: number = 4, title: ReactNode }.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface StepHeaderProps {
  step: number;
  total?: number;
  title: ReactNode;
}

export function StepHeader({ step, total = 4, title }: StepHeaderProps) {
  return (
    <header className="step-header">
      <p className="step-header__count">
        <FormattedMessage id="step.count" defaultMessage="Step {step} of {total}" values={{ step, total }} />
      </p>
      <h1 className="step-header__title">{title}</h1>
    </header>
  );
}
