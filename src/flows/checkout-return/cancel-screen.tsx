// /cancel: the checkout did not go through.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { routes } from '@domain/routes';

const messages = defineMessages({
  title: { id: 'cancel.title', defaultMessage: 'Transaction Failed!' },
  text: {
    id: 'cancel.text',
    defaultMessage: 'Unfortunately, there was an issue with your payment. Please try again later.',
  },
  action: { id: 'cancel.action', defaultMessage: 'Try Again' },
});

export default function CancelScreen() {
  const intl = useIntl();
  return (
    <div className="page page--narrow">
      <div className="card stack">
        <h1>
          <span aria-hidden="true">✕ </span>
          {intl.formatMessage(messages.title)}
        </h1>
        <p>{intl.formatMessage(messages.text)}</p>
        <Link href={routes.pricing.href()} className="btn btn--primary btn--block">
          {intl.formatMessage(messages.action)}
        </Link>
      </div>
    </div>
  );
}
