// What's new: the newest release's changes in a dialog over the page, with a link to the whole
// changelog. machines/whats-new.machine.ts decides when it opens (once per version, signed in).
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button } from '@components/button';
import { Dialog } from '@components/dialog';
import { useAppActors, useSession } from '@lib/app-actors';
import { useFlow } from '@lib/flow';
import { newestRelease } from '@domain/changelog';
import { routes } from '@domain/routes';
import { whatsNewMachine } from '@machines/whats-new.machine';

const title = defineMessage<{ version: string }>({ id: 'whatsNew.title', defaultMessage: "What's new in version {version}" });
const m = defineMessages({
  close: { id: 'whatsNew.close', defaultMessage: 'Got it' },
  changelog: { id: 'whatsNew.changelog', defaultMessage: 'See every change' },
});

export default function WhatsNewDialog() {
  const intl = useIntl();
  const { persistence } = useAppActors();
  const signedIn = useSession((snapshot) => snapshot.context.user !== null);
  const { version, changes } = newestRelease;
  const [snapshot, send] = useFlow(whatsNewMachine, { version, lastSeen: persistence.readSeenVersion(), signedIn });
  useEffect(() => send({ type: 'session.changed', signedIn }), [send, signedIn]);
  const close = () => send({ type: 'whatsNew.close' });
  return (
    <Dialog
      open={snapshot.matches('open')}
      title={intl.formatMessage(title, { version })}
      description={
        <ul>
          {changes.map((change) => (
            <li key={String(change.id)}>{intl.formatMessage(change)}</li>
          ))}
        </ul>
      }
      onClose={close}
    >
      <Link href={routes.changelog.href()} onClick={close}>
        {intl.formatMessage(m.changelog)}
      </Link>
      <Button variant="primary" data-autofocus onClick={close}>
        {intl.formatMessage(m.close)}
      </Button>
    </Dialog>
  );
}
