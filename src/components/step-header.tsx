// StepHeader: where people are in the four sign-up steps ("Step N of 4") above the step's
// title, so the journey's length is never a surprise.
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
