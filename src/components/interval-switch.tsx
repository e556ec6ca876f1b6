// IntervalSwitch: monthly or yearly billing (docs/decisions/066), two toggle buttons
// (aria-pressed) in a labelled group, one row on every screen width; the yearly one says what it
// saves. The screen shows the plans at the interval it reports.
import { defineMessages, useIntl } from 'react-intl';
import type { BillingCycle } from '@domain/plans';

const messages = defineMessages({
  label: { id: 'plan.interval.label', defaultMessage: 'Billing' },
  month: { id: 'plan.interval.month', defaultMessage: 'Monthly' },
  year: { id: 'plan.interval.year', defaultMessage: 'Yearly' },
  saving: { id: 'plan.interval.saving', defaultMessage: '2 months free' },
});

export interface IntervalSwitchProps {
  interval: BillingCycle;
  onChange: (interval: BillingCycle) => void;
  disabled?: boolean;
}

export function IntervalSwitch({ interval, onChange, disabled }: IntervalSwitchProps) {
  const intl = useIntl();
  const option = (value: BillingCycle) => (
    <button
      type="button"
      className="interval-switch__option"
      aria-pressed={interval === value}
      disabled={disabled}
      onClick={() => onChange(value)}
    >
      {intl.formatMessage(messages[value])}
      {value === 'year' ? <span className="interval-switch__saving">{intl.formatMessage(messages.saving)}</span> : null}
    </button>
  );
  return (
    <div role="group" aria-label={intl.formatMessage(messages.label)} className="interval-switch">
      {option('month')}
      {option('year')}
    </div>
  );
}
