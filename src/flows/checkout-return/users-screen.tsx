// /users: back from the payment provider: 'Please Wait...' while the checkout-return machine
// confirms the checkout, which then goes to /success or /cancel.
import { defineMessages, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { Spinner } from '@components';
import { useAppActors } from '@lib/app-actors';
import { useFlow } from '@lib/flow';
import { checkoutReturnMachine } from '@machines/checkout-return.machine';

const messages = defineMessages({
  wait: { id: 'users.wait', defaultMessage: 'Please Wait...' },
});

export default function UsersScreen() {
  const intl = useIntl();
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  useFlow(checkoutReturnMachine, { sessionId, deviceId: useAppActors().deviceId });
  return (
    <div className="page page--narrow">
      <h1>{intl.formatMessage(messages.wait)}</h1>
      <Spinner size="lg" label={messages.wait} />
    </div>
  );
}
