// The link /billing adds for plan change (docs/decisions/022): 'Change plan'. (Invoices are on
// the Payment History tab.)
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { buttonClass } from '@components';
import { routes } from '@domain/routes';

const messages = defineMessages({
  changePlan: { id: 'billing.changePlan', defaultMessage: 'Change plan' },
});

export function BillingLinks({ canChangePlan }: { canChangePlan: boolean }) {
  const intl = useIntl();
  return (
    <>
      {canChangePlan ? (
        <Link href={routes.planChange.href()} className={buttonClass({ variant: 'primary' })}>
          {intl.formatMessage(messages.changePlan)}
        </Link>
      ) : null}
    </>
  );
}
