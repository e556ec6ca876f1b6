// On Billing's plan card, what a failed renewal means now (decision 067): when the payment
// failed, when it is tried next (or that the tries are over), and until when classes play.
import { defineMessage, useIntl } from 'react-intl';
import type { PaymentFailure } from '@domain/subscriptions';

type Dated = { date: string };
const failed = defineMessage<Dated>({ id: 'billing.paymentFailure.failed', defaultMessage: 'Your payment failed on {date}.' });
const nextRetry = defineMessage<Dated>({ id: 'billing.paymentFailure.nextRetry', defaultMessage: 'We will try again on {date}, or at once when you update your card.' });
const inGrace = defineMessage<Dated>({ id: 'billing.paymentFailure.inGrace', defaultMessage: 'Your classes keep playing until {date}.' });
const stopped = defineMessage<Dated>({ id: 'billing.paymentFailure.stopped', defaultMessage: 'Your classes stopped on {date} until the payment goes through.' });
const noRetry = defineMessage({ id: 'billing.paymentFailure.noRetry', defaultMessage: 'We will not try again: update your card to pay.' });

export function PaymentFailureNote({ failure }: { failure: PaymentFailure }) {
  const intl = useIntl();
  const format = (value: string) => intl.formatDate(value, { dateStyle: 'long' });
  return (
    <div className="billing-plan__failure">
      <p>{intl.formatMessage(failed, { date: format(failure.failed_at) })}</p>
      <p>{failure.next_retry_at ? intl.formatMessage(nextRetry, { date: format(failure.next_retry_at) }) : intl.formatMessage(noRetry)}</p>
      <p>{intl.formatMessage(failure.in_grace ? inGrace : stopped, { date: format(failure.grace_ends_at) })}</p>
    </div>
  );
}
