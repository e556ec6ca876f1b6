// The failed-renewal banner on every signed-in page (decision 067): what happened, until when
// classes still play (or that they have stopped), and a link to Billing to update the card (to
// another profile than the owner's, who cannot open Billing: who can). A polite status, not an alert: it is there on every page and must not interrupt each one.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { routes } from '@domain/routes';
import type { PaymentFailure } from '@domain/subscriptions';

const inGrace = defineMessage<{ date: string }>({ id: 'paymentFailure.banner.inGrace', defaultMessage: 'Your classes keep playing until {date}.' });

const messages = defineMessages({
  title: { id: 'paymentFailure.banner.title', defaultMessage: 'Your payment failed — update your card' },
  stopped: { id: 'paymentFailure.banner.stopped', defaultMessage: 'Your classes have stopped until the payment goes through.' },
  action: { id: 'paymentFailure.banner.action', defaultMessage: 'Update your card' },
  ownerOnly: { id: 'paymentFailure.banner.ownerOnly', defaultMessage: 'The account owner can update the card in Billing.' },
});

/** `owner`: the profile training now is the account owner's, who alone opens Billing (decision 064). */
export function PaymentFailureBanner({ failure, owner }: { failure: PaymentFailure | null; owner: boolean }) {
  const intl = useIntl();
  if (!failure) return null;
  const date = intl.formatDate(failure.grace_ends_at, { dateStyle: 'long' });
  return (
    <div className="banner banner--error payment-failure-banner" role="status" aria-labelledby="payment-failure-title">
      <span className="banner__icon" aria-hidden="true">!</span>
      <p className="banner__text">
        <strong id="payment-failure-title">{intl.formatMessage(messages.title)}</strong>{' '}
        {failure.in_grace ? intl.formatMessage(inGrace, { date }) : intl.formatMessage(messages.stopped)}{' '}
        {owner ? (
          <Link href={routes.billing.href()} className="payment-failure-banner__link">
            {intl.formatMessage(messages.action)}
          </Link>
        ) : (
          intl.formatMessage(messages.ownerOnly)
        )}
      </p>
    </div>
  );
}
