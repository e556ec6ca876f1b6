// "Log out and remove downloads?": asked when the device holds the account's downloads, which
// signing out deletes from it (docs/decisions/038: on a shared computer the next person must not
// find them). Staying signed in is the safe default. A view of the session machine's
// `signedIn.confirmingSignOut`.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button, Dialog } from '@components';
import { useSession, useSessionSend } from '@lib/app-actors';

const messages = defineMessages({
  title: { id: 'app.signOutDialog.title', defaultMessage: 'Log out and remove your downloads?' },
  stay: { id: 'app.signOutDialog.stay', defaultMessage: 'Stay logged in' },
  confirm: { id: 'app.signOutDialog.confirm', defaultMessage: 'Log out and remove' },
});

const text = defineMessage<{ count: number }>({
  id: 'app.signOutDialog.text',
  defaultMessage:
    '{count, plural, one {The class you downloaded on this device will be removed from it, so that nobody else using it can watch it. After you log in again you can download it again.} other {The # classes you downloaded on this device will be removed from it, so that nobody else using it can watch them. After you log in again you can download them again.}}',
});

export function SignOutDialog() {
  const intl = useIntl();
  const send = useSessionSend();
  const open = useSession((snapshot) => snapshot.hasTag('confirmingSignOut'));
  const count = useSession((snapshot) => snapshot.context.heldDownloads);
  const stay = () => send({ type: 'session.signOut.cancel' });
  return (
    <Dialog open={open} role="alertdialog" title={intl.formatMessage(messages.title)} description={<p>{intl.formatMessage(text, { count })}</p>} onClose={stay}>
      <Button variant="secondary" data-autofocus onClick={stay}>
        {intl.formatMessage(messages.stay)}
      </Button>
      <Button variant="danger" onClick={() => send({ type: 'session.signOut.confirm' })}>
        {intl.formatMessage(messages.confirm)}
      </Button>
    </Dialog>
  );
}
