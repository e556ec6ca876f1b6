// The cancel flow's dialog (decision 068), a view of machines/cancel-flow.machine.ts: step 1 asks
// why (a radio group of Stripe's reasons and a labelled text box), step 2 shows the one offer
// the reason brought, with "Cancel anyway" exactly as prominent, or confirms the cancellation.
// Back and Keep subscription at each step; focus moves to each step's first control.
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Button, Dialog, useFormatMoney } from '@components';
import { cancelReasons, cancelTextMaxLength, type CancelReason } from '@domain/cancel-reasons';
import { pauseMonthChoices, type Subscription } from '@domain/subscriptions';
import type { CancelFlowMachine } from '@machines/cancel-flow.machine';
import type { ActorRefFrom } from 'xstate';

const messages = defineMessages({
  reasonTitle: { id: 'billing.cancelFlow.reasonTitle', defaultMessage: 'Why are you cancelling?' },
  reasonText: { id: 'billing.cancelFlow.reasonText', defaultMessage: 'Your answer helps us make FitStream better. Choose the reason closest to yours.' },
  reasons: { id: 'billing.cancelFlow.reasons', defaultMessage: 'Reason' },
  words: { id: 'billing.cancelFlow.words', defaultMessage: 'Anything else you would like to tell us? (optional)' },
  next: { id: 'billing.cancelFlow.next', defaultMessage: 'Continue' },
  keep: { id: 'billing.cancelDialog.keep', defaultMessage: 'Keep subscription' },
  back: { id: 'billing.cancelFlow.back', defaultMessage: 'Back' },
  checking: { id: 'billing.cancelFlow.checking', defaultMessage: 'One moment…' },
  pauseTitle: { id: 'billing.cancelFlow.pauseTitle', defaultMessage: 'Take a break instead?' },
  pauseLength: { id: 'billing.cancelFlow.pauseLength', defaultMessage: 'Pause for' },
  pauseAccept: { id: 'billing.cancelFlow.pauseAccept', defaultMessage: 'Pause instead' },
  halfOffTitle: { id: 'billing.cancelFlow.halfOffTitle', defaultMessage: 'How about 50 % off your next month?' },
  halfOffAccept: { id: 'billing.cancelFlow.halfOffAccept', defaultMessage: 'Take 50 % off' },
  cancelAnyway: { id: 'billing.cancelFlow.cancelAnyway', defaultMessage: 'Cancel anyway' },
  confirmTitle: { id: 'billing.cancelDialog.title', defaultMessage: 'Cancel your subscription?' },
  confirm: { id: 'billing.cancelDialog.confirm', defaultMessage: 'Yes, cancel' },
  working: { id: 'billing.cancelFlow.working', defaultMessage: 'Working…' },
});

const reasonLabels: Record<CancelReason, MessageDescriptor> = defineMessages({
  too_expensive: { id: 'billing.cancelFlow.reason.tooExpensive', defaultMessage: 'It’s too expensive' },
  missing_features: { id: 'billing.cancelFlow.reason.missingFeatures', defaultMessage: 'Some features are missing' },
  switched_service: { id: 'billing.cancelFlow.reason.switchedService', defaultMessage: 'I’m switching to another service' },
  unused: { id: 'billing.cancelFlow.reason.unused', defaultMessage: 'I don’t use it enough' },
  customer_service: { id: 'billing.cancelFlow.reason.customerService', defaultMessage: 'Customer service was not good enough' },
  too_complex: { id: 'billing.cancelFlow.reason.tooComplex', defaultMessage: 'It’s too hard to use' },
  low_quality: { id: 'billing.cancelFlow.reason.lowQuality', defaultMessage: 'The quality was not good enough' },
  other: { id: 'billing.cancelFlow.reason.other', defaultMessage: 'Another reason' },
});

const pauseText = defineMessage<{ date: string }>({
  id: 'billing.cancelFlow.pauseText',
  defaultMessage: 'Keep your plan and pause it for 1 to 3 months: classes play until {date}, nothing is charged while paused, and billing resumes by itself.',
});
const halfOffText = defineMessage<{ date: string; amount: string; full: string }>({
  id: 'billing.cancelFlow.halfOffText',
  defaultMessage: 'Stay, and your next charge on {date} is {amount} instead of {full}. After that your plan costs what it does today. One offer per account.',
});
const confirmText = defineMessage<{ date: string }>({
  id: 'billing.cancelDialog.text',
  defaultMessage: 'You keep access to every class until {date}. Until then you can resume at any time, and you will not be charged again.',
});
const monthsLabel = defineMessage<{ months: number }>({ id: 'billing.pauseDialog.months', defaultMessage: '{months, plural, one {# month} other {# months}}' });

export interface CancelFlowDialogProps {
  actor: ActorRefFrom<CancelFlowMachine> | undefined;
  subscription: Subscription | null;
}

export function CancelFlowDialog({ actor, subscription }: CancelFlowDialogProps) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const snapshot = useSelector(actor, (s) => s);
  const step = snapshot?.value ?? null;
  // Each step's first control takes focus (the dialog itself focuses only when it opens).
  useEffect(() => {
    if (step === 'offering' || step === 'confirming' || step === 'choosingReason') document.querySelector<HTMLElement>('.dialog [data-autofocus]')?.focus();
  }, [step]);
  if (!snapshot || !actor || step === 'done' || !subscription) return null;
  const { reason, text, offer, pauseMonths } = snapshot.context;
  const send = actor.send;
  const busy = snapshot.hasTag('busy');
  const date = intl.formatDate(subscription.current_period_end, { dateStyle: 'long' });
  const keep = () => send({ type: 'cancel.keep' });
  const back = (
    <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'cancel.back' })}>
      {intl.formatMessage(messages.back)}
    </Button>
  );
  const keepButton = (autofocus: boolean) => (
    <Button variant="secondary" disabled={busy} data-autofocus={autofocus || undefined} onClick={keep}>
      {intl.formatMessage(messages.keep)}
    </Button>
  );

  if (step === 'choosingReason' || step === 'findingOffer') {
    return (
      <Dialog
        open
        title={intl.formatMessage(messages.reasonTitle)}
        onClose={busy ? () => {} : keep}
        description={
          <>
            <p>{intl.formatMessage(messages.reasonText)}</p>
            <fieldset className="billing-cancel__reasons" disabled={busy}>
              <legend>{intl.formatMessage(messages.reasons)}</legend>
              {cancelReasons.map((choice, index) => (
                <label key={choice} className="billing-cancel__reason">
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={choice}
                    checked={reason === choice}
                    data-autofocus={(reason === null ? index === 0 : reason === choice) || undefined}
                    onChange={() => send({ type: 'reason.choose', reason: choice })}
                  />
                  <span>{intl.formatMessage(reasonLabels[choice])}</span>
                </label>
              ))}
            </fieldset>
            <label className="billing-cancel__words">
              <span className="field__label">{intl.formatMessage(messages.words)}</span>
              <textarea className="field__input" rows={3} maxLength={cancelTextMaxLength} value={text} disabled={busy} onChange={(event) => send({ type: 'reason.text', text: event.target.value })} />
            </label>
          </>
        }
      >
        {keepButton(false)}
        <Button disabled={reason === null} busy={busy} onClick={() => send({ type: 'reason.next' })}>
          {intl.formatMessage(busy ? messages.checking : messages.next)}
        </Button>
      </Dialog>
    );
  }

  const working = intl.formatMessage(messages.working);
  if (offer !== null && (step === 'offering' || step === 'pausing' || step === 'acceptingHalfOff' || (step === 'cancelling' && snapshot.context.offer !== null))) {
    const half = { amount: formatMoney(Math.floor(subscription.amount / 2), subscription.currency), full: formatMoney(subscription.amount, subscription.currency) };
    return (
      <Dialog
        open
        title={intl.formatMessage(offer === 'pause' ? messages.pauseTitle : messages.halfOffTitle)}
        onClose={busy ? () => {} : keep}
        description={
          offer === 'pause' ? (
            <>
              <p>{intl.formatMessage(pauseText, { date })}</p>
              <fieldset className="billing-pause__months" disabled={busy}>
                <legend>{intl.formatMessage(messages.pauseLength)}</legend>
                {pauseMonthChoices.map((choice) => (
                  <label key={choice} className="billing-pause__month">
                    <input type="radio" name="cancel-pause-months" value={choice} checked={pauseMonths === choice} onChange={() => send({ type: 'pause.months', months: choice })} />
                    <span>{intl.formatMessage(monthsLabel, { months: choice })}</span>
                  </label>
                ))}
              </fieldset>
            </>
          ) : (
            <p>{intl.formatMessage(halfOffText, { date, ...half })}</p>
          )
        }
      >
        {back}
        {keepButton(false)}
        {/* The offer and "Cancel anyway" share one look: same size, same weight (decisions.md). */}
        <Button data-autofocus disabled={busy && step !== 'pausing' && step !== 'acceptingHalfOff'} busy={step === 'pausing' || step === 'acceptingHalfOff'} onClick={() => send({ type: 'offer.accept' })}>
          {step === 'pausing' || step === 'acceptingHalfOff' ? working : intl.formatMessage(offer === 'pause' ? messages.pauseAccept : messages.halfOffAccept)}
        </Button>
        <Button disabled={busy && step !== 'cancelling'} busy={step === 'cancelling'} onClick={() => send({ type: 'cancel.anyway' })}>
          {step === 'cancelling' ? working : intl.formatMessage(messages.cancelAnyway)}
        </Button>
      </Dialog>
    );
  }

  return (
    <Dialog open role="alertdialog" title={intl.formatMessage(messages.confirmTitle)} onClose={busy ? () => {} : keep} description={<p>{intl.formatMessage(confirmText, { date })}</p>}>
      {back}
      {keepButton(true)}
      <Button variant="danger" busy={busy} onClick={() => send({ type: 'cancel.confirm' })}>
        {intl.formatMessage(busy ? messages.working : messages.confirm)}
      </Button>
    </Dialog>
  );
}
