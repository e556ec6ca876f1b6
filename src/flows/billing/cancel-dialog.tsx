// "Cancel your subscription?": asked before anything is sent, saying what happens (access
// until the end of the paid period, resumable until then). Keeping it is the safe default.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button, Dialog } from '@components';
import type { Subscription } from '@domain/subscriptions';

const messages = defineMessages({
  title: { id: 'billing.cancelDialog.title', defaultMessage: 'Cancel your subscription?' },
  keep: { id: 'billing.cancelDialog.keep', defaultMessage: 'Keep subscription' },
  confirm: { id: 'billing.cancelDialog.confirm', defaultMessage: 'Yes, cancel' },
});

const text = defineMessage<{ date: string }>({
  id: 'billing.cancelDialog.text',
  defaultMessage: 'You keep access to every class until {date}. Until then you can resume at any time, and you will not be charged again.',
});

export interface CancelDialogProps {
  open: boolean;
  subscription: Subscription | null;
  onKeep: () => void;
  onConfirm: () => void;
}

export function CancelDialog({ open, subscription, onKeep, onConfirm }: CancelDialogProps) {
  const intl = useIntl();
  const date = subscription ? intl.formatDate(subscription.current_period_end, { dateStyle: 'long' }) : '';
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={intl.formatMessage(messages.title)}
      description={<p>{intl.formatMessage(text, { date })}</p>}
      onClose={onKeep}
    >
      <Button variant="secondary" data-autofocus onClick={onKeep}>
        {intl.formatMessage(messages.keep)}
      </Button>
      <Button variant="danger" onClick={onConfirm}>
        {intl.formatMessage(messages.confirm)}
      </Button>
    </Dialog>
  );
}
