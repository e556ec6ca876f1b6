// The links /billing adds for plan change and invoices (docs/decisions/022): 'Change plan' and
// 'Payment History and invoices'.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { buttonClass } from '@components';
import { routes } from '@domain/routes';

const messages = defineMessages({
  changePlan: { id: 'billing.changePlan', defaultMessage: 'Change plan' },
  invoices: { id: 'billing.invoices', defaultMessage: 'Payment History and invoices' },
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
      <Link href={routes.paymentHistory.href()} className={buttonClass({ variant: 'ghost' })}>
        {intl.formatMessage(messages.invoices)}
      </Link>
    </>
  );
}
