// /success: the checkout went through. A checkout that started a free trial says so, with the
// first charge and its date (decisions "Trial start"): nothing was paid yet.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFormatMoney } from '@components';
import { routes } from '@domain/routes';
import { startedTrial } from '@lib/navigation';

const messages = defineMessages({
  title: { id: 'success.title', defaultMessage: 'Transaction Successful!' },
  text: {
    id: 'success.text',
    defaultMessage: 'Your subscription is now active! Enjoy unlimited access to all features and content.',
  },
  trialTitle: { id: 'success.trialTitle', defaultMessage: 'Free trial started!' },
  action: { id: 'success.action', defaultMessage: 'View Subscription' },
  watch: { id: 'success.watch', defaultMessage: 'Start watching' },
});

const trialText = defineMessage<{ plan: string; amount: string; date: string }>({
  id: 'success.trialText',
  defaultMessage: 'Nothing is charged today. Your free trial of {plan} has started; your first payment of {amount} will be on {date}, unless you cancel before then.',
});

export default function SuccessScreen() {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const trial = startedTrial();
  return (
    <div className="page page--narrow">
      <div className="card stack">
        <h1>
          <span aria-hidden="true">✓ </span>
          {intl.formatMessage(trial ? messages.trialTitle : messages.title)}
        </h1>
        <p>
          {trial
            ? intl.formatMessage(trialText, {
                plan: trial.plan,
                amount: formatMoney(trial.amount, trial.currency),
                date: intl.formatDate(trial.firstChargeAt, { dateStyle: 'long' }),
              })
            : intl.formatMessage(messages.text)}
        </p>
        <Link href={routes.home.href()} className="btn btn--primary btn--block">
          {intl.formatMessage(messages.watch)}
        </Link>
        <Link href={routes.billing.href()} className="btn btn--ghost btn--block">
          {intl.formatMessage(messages.action)}
        </Link>
      </div>
    </div>
  );
}
