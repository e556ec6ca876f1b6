// The pause dialog (decision 065), in two steps read from the billing machine: choose 1, 2 or 3
// months, then confirm what happens (classes play to the end of the paid period; nothing is
// charged until the resume date). Keeping the subscription as it is stays the safe default.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button, Dialog } from '@components';
import { pauseMonthChoices, type PauseMonths, type Subscription } from '@domain/subscriptions';

const messages = defineMessages({
  title: { id: 'billing.pauseDialog.title', defaultMessage: 'Pause your subscription' },
  confirmTitle: { id: 'billing.pauseDialog.confirmTitle', defaultMessage: 'Pause your subscription?' },
  length: { id: 'billing.pauseDialog.length', defaultMessage: 'How long?' },
  keep: { id: 'billing.pauseDialog.keep', defaultMessage: 'Keep subscription' },
  next: { id: 'billing.pauseDialog.next', defaultMessage: 'Continue' },
  back: { id: 'billing.pauseDialog.back', defaultMessage: 'Back' },
  confirm: { id: 'billing.pauseDialog.confirm', defaultMessage: 'Pause' },
});
const monthsLabel = defineMessage<{ months: number }>({ id: 'billing.pauseDialog.months', defaultMessage: '{months, plural, one {# month} other {# months}}' });
const chooseText = defineMessage<{ date: string }>({
  id: 'billing.pauseDialog.text',
  defaultMessage: 'Your classes keep playing until {date}. The pause starts then, and nothing is charged while it lasts. You can resume at any time.',
});
const confirmText = defineMessage<{ from: string; until: string }>({
  id: 'billing.pauseDialog.confirmText',
  defaultMessage: 'Classes play until {from}. From then until {until} you cannot watch and are not charged; on {until} your plan renews by itself. We email you a week before.',
});

export type PauseStep = 'choose' | 'confirm';

export interface PauseDialogProps {
  step: PauseStep | null;
  months: PauseMonths;
  subscription: Subscription | null;
  onMonths: (months: PauseMonths) => void;
  onNext: () => void;
  onBack: () => void;
  onKeep: () => void;
  onConfirm: () => void;
}

/** The day a pause of `months` from the end of the paid period would end (calendar months, UTC). */
function resumeDate(periodEnd: string, months: number): string {
  const date = new Date(periodEnd);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

export function PauseDialog({ step, months, subscription, onMonths, onNext, onBack, onKeep, onConfirm }: PauseDialogProps) {
  const intl = useIntl();
  const format = (value: string) => intl.formatDate(value, { dateStyle: 'long' });
  const from = subscription ? format(subscription.current_period_end) : '';
  const until = subscription ? format(resumeDate(subscription.current_period_end, months)) : '';
  if (step === 'confirm') {
    return (
      <Dialog open role="alertdialog" title={intl.formatMessage(messages.confirmTitle)} description={<p>{intl.formatMessage(confirmText, { from, until })}</p>} onClose={onKeep}>
        <Button variant="secondary" onClick={onBack}>
          {intl.formatMessage(messages.back)}
        </Button>
        <Button data-autofocus onClick={onConfirm}>
          {intl.formatMessage(messages.confirm)}
        </Button>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={step === 'choose'}
      title={intl.formatMessage(messages.title)}
      description={
        <>
          <p>{intl.formatMessage(chooseText, { date: from })}</p>
          <fieldset className="billing-pause__months">
            <legend>{intl.formatMessage(messages.length)}</legend>
            {pauseMonthChoices.map((choice) => (
              <label key={choice} className="billing-pause__month">
                <input type="radio" name="pause-months" value={choice} checked={months === choice} onChange={() => onMonths(choice)} />
                <span>{intl.formatMessage(monthsLabel, { months: choice })}</span>
              </label>
            ))}
          </fieldset>
        </>
      }
      onClose={onKeep}
    >
      <Button variant="secondary" data-autofocus onClick={onKeep}>
        {intl.formatMessage(messages.keep)}
      </Button>
      <Button onClick={onNext}>{intl.formatMessage(messages.next)}</Button>
    </Dialog>
  );
}
