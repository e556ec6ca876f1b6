// /success: the checkout went through.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { routes } from '@domain/routes';

const messages = defineMessages({
  title: { id: 'success.title', defaultMessage: 'Transaction Successful!' },
  text: {
    id: 'success.text',
    defaultMessage: 'Your subscription is now active! Enjoy unlimited access to all features and content.',
  },
  action: { id: 'success.action', defaultMessage: 'View Subscription' },
  watch: { id: 'success.watch', defaultMessage: 'Start watching' },
});

export default function SuccessScreen() {
  const intl = useIntl();
  return (
    <div className="page page--narrow">
      <div className="card stack">
        <h1>
          <span aria-hidden="true">✓ </span>
          {intl.formatMessage(messages.title)}
        </h1>
        <p>{intl.formatMessage(messages.text)}</p>
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
