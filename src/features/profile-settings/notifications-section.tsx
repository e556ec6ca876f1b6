// New-class notifications (decision 037), on /account and /settings: a view of the
// account-notifications child machine. "Tell me when new classes arrive" (the weekly email), the disciplines to include
// (none chosen: every one), Save, and Web Push for this device where the browser offers it.
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, Card, Checkbox, Spinner } from '@components';
import type { Notice } from '@domain/notices';
import { NoticeBanner } from '@components/notice-banner';
import type { AccountNotificationsEvent, AccountNotificationsMachine } from '@machines/account-notifications.machine';

const messages = defineMessages({
  title: { id: 'account.notifications.title', defaultMessage: 'New classes' },
  enable: { id: 'account.notifications.enable', defaultMessage: 'Tell me when new classes arrive' },
  hint: { id: 'account.notifications.hint', defaultMessage: 'A weekly email, on Mondays, with the classes published that week. Nothing new, no email.' },
  disciplines: { id: 'account.notifications.disciplines', defaultMessage: 'Only these disciplines (none chosen: every discipline)' },
  save: { id: 'account.notifications.save', defaultMessage: 'Save notifications' },
  unavailable: { id: 'account.notifications.unavailable', defaultMessage: 'Your notifications could not be loaded. Reload the page to try again.' },
  pushTitle: { id: 'account.notifications.pushTitle', defaultMessage: 'On this device' },
  pushOn: { id: 'account.notifications.pushOn', defaultMessage: 'Notify this device' },
  pushOff: { id: 'account.notifications.pushOff', defaultMessage: 'Stop notifying this device' },
  pushActive: { id: 'account.notifications.pushActive', defaultMessage: 'This device is told when new classes arrive.' },
});

export function NotificationsSection({
  actor,
  send,
  notice,
  onDismiss,
}: {
  actor: ActorRefFrom<AccountNotificationsMachine> | undefined;
  send: (event: AccountNotificationsEvent) => void;
  /** How this section's last request ended (its own banner, under its controls). */
  notice: Notice | null;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (descriptor: (typeof messages)[keyof typeof messages]) => intl.formatMessage(descriptor);
  const language = intl.locale.startsWith('es') ? 'es' : 'en';
  const state = useSelector(actor, (task) =>
    task
      ? {
          loading: task.matches('loading'),
          unavailable: task.matches('unavailable'),
          saving: task.matches({ ready: 'saving' }),
          pushing: task.matches({ ready: 'askingPermission' }) || task.matches({ ready: 'subscribing' }) || task.matches({ ready: 'unsubscribing' }),
          busy: task.hasTag('busy'),
          view: task.context.view,
          draft: task.context.draft,
        }
      : null,
  );
  // Only this section's own request holds its controls.
  const busy = state?.busy ?? false;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'notifications.save' });
  };

  return (
    <Card as="section" aria-labelledby="account-notifications" className="account__section">
      <h2 id="account-notifications">{t(messages.title)}</h2>
      {!state || state.loading ? <Spinner /> : null}
      {state?.unavailable ? <p>{t(messages.unavailable)}</p> : null}
      {state?.view ? (
        <>
          <form onSubmit={submit} aria-busy={state.saving || undefined}>
            <Checkbox
              id="notifications-enabled"
              label={t(messages.enable)}
              checked={state.draft.enabled}
              disabled={busy}
              onChange={(enabled) => send({ type: 'notifications.enable', enabled })}
            />
            <p className="account__hint">{t(messages.hint)}</p>
            {state.draft.enabled ? (
              <fieldset className="account__disciplines">
                <legend>{t(messages.disciplines)}</legend>
                {state.view.available.map((discipline) => (
                  <Checkbox
                    key={discipline.id}
                    id={`notifications-discipline-${discipline.id}`}
                    label={discipline.name[language]}
                    checked={state.draft.disciplines.includes(discipline.id)}
                    disabled={busy}
                    onChange={(chosen) => send({ type: 'notifications.discipline', id: discipline.id, chosen })}
                  />
                ))}
              </fieldset>
            ) : null}
            <Button type="submit" busy={state.saving} disabled={busy}>
              {t(messages.save)}
            </Button>
          </form>
          {state.view.push.supported ? (
            <div className="account__push">
              <h3>{t(messages.pushTitle)}</h3>
              {state.view.push.subscribed ? (
                <>
                  <p>{t(messages.pushActive)}</p>
                  <Button variant="secondary" busy={state.pushing} disabled={busy} onClick={() => send({ type: 'push.disable' })}>
                    {t(messages.pushOff)}
                  </Button>
                </>
              ) : (
                <Button variant="secondary" busy={state.pushing} disabled={busy} onClick={() => send({ type: 'push.enable' })}>
                  {t(messages.pushOn)}
                </Button>
              )}
            </div>
          ) : null}
        </>
      ) : null}
      <NoticeBanner notice={notice} onDismiss={onDismiss} reserveSpace={false} />
    </Card>
  );
}
