// "A new version is available", with Reload and Not now, at the bottom of any page once a new
// version of the app waits (machines/app-update.machine.ts). It takes no focus: it is announced
// politely, and the keyboard reaches its buttons after the page's own.
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@components/button';
import { useFlow } from '@lib/flow';
import { appUpdateMachine } from '@machines/app-update.machine';

const m = defineMessages({
  region: { id: 'appUpdate.region', defaultMessage: 'App update' },
  available: { id: 'appUpdate.available', defaultMessage: 'A new version is available' },
  reload: { id: 'appUpdate.reload', defaultMessage: 'Reload' },
  later: { id: 'appUpdate.later', defaultMessage: 'Not now' },
});

export default function UpdatePrompt() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(appUpdateMachine);
  const open = snapshot.matches('available') || snapshot.matches('reloading');
  return (
    <div className="update-prompt-region" aria-live="polite">
      {open ? (
        <section className="update-prompt" aria-label={intl.formatMessage(m.region)} data-testid="update-prompt">
          <p className="update-prompt__text">{intl.formatMessage(m.available)}</p>
          <div className="update-prompt__actions">
            <Button variant="secondary" disabled={snapshot.hasTag('busy')} onClick={() => send({ type: 'update.dismiss' })}>
              {intl.formatMessage(m.later)}
            </Button>
            <Button variant="primary" busy={snapshot.hasTag('busy')} onClick={() => send({ type: 'update.reload' })}>
              {intl.formatMessage(m.reload)}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
