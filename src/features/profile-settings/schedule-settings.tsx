// The schedule section of /account and /settings, a view of its schedule child machine
// (machines/account-schedule.machine.ts): the time zone (the account's, shared by its profiles),
// morning reminders on or off, and "Add to your calendar": a secret link (https and webcal) made
// or reset here, with Copy, and when a password change, a reset or signing out everywhere ended
// the last one, since when.
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, Card, Checkbox } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import { useZoneOptions } from '@components/time-zones';
import type { Notice } from '@domain/notices';
import type { AccountScheduleEvent, AccountScheduleMachine, FeedLinkRevoked } from '@machines/account-schedule.machine';

const messages = defineMessages({
  title: { id: 'account.schedule.title', defaultMessage: 'Schedule and calendar' },
  unavailable: { id: 'account.schedule.unavailable', defaultMessage: 'Your schedule settings could not be loaded.' },
  zoneLabel: { id: 'account.schedule.zone', defaultMessage: 'Time zone' },
  zoneSave: { id: 'account.schedule.zoneSave', defaultMessage: 'Save time zone' },
  zoneShared: { id: 'account.schedule.zoneShared', defaultMessage: 'Every profile on the account shares this time zone: changing it here changes it for everyone.' },
  reminders: { id: 'account.schedule.reminders', defaultMessage: 'Email me a reminder at 7:00 on the morning of each planned day' },
  calendarTitle: { id: 'account.schedule.calendarTitle', defaultMessage: 'Add to your calendar' },
  calendarText: {
    id: 'account.schedule.calendarText',
    defaultMessage:
      'A private link your calendar app can subscribe to: it shows your planned classes and nothing else. Anyone with the link can see them, so keep it to yourself; “Reset link” makes the old one stop working at once.',
  },
  calendarHas: { id: 'account.schedule.calendarHas', defaultMessage: 'You have a calendar link. For safety we show it only once: reset it to get a new one.' },
  make: { id: 'account.schedule.make', defaultMessage: 'Get my calendar link' },
  reset: { id: 'account.schedule.reset', defaultMessage: 'Reset link' },
  linkLabel: { id: 'account.schedule.linkLabel', defaultMessage: 'Calendar link' },
  copy: { id: 'account.schedule.copy', defaultMessage: 'Copy link' },
  copied: { id: 'account.schedule.copied', defaultMessage: 'Copied' },
  subscribe: { id: 'account.schedule.subscribe', defaultMessage: 'Open in my calendar app' },
});

/** Why the last link stopped working: the owner took the account back, so whoever copied it is out. */
const revokedMessages = defineMessages<FeedLinkRevoked['reason']>({
  password_changed: {
    id: 'account.schedule.revoked.passwordChanged',
    defaultMessage: 'Your calendar link stopped working on {date}, when your password was changed. Get a new link and add it to your calendar again.',
  },
  password_reset: {
    id: 'account.schedule.revoked.passwordReset',
    defaultMessage: 'Your calendar link stopped working on {date}, when your password was reset. Get a new link and add it to your calendar again.',
  },
  signed_out_everywhere: {
    id: 'account.schedule.revoked.signedOutEverywhere',
    defaultMessage: 'Your calendar link stopped working on {date}, when you signed out of all other devices. Get a new link and add it to your calendar again.',
  },
});

export function ScheduleSettings({
  actor,
  send,
  notice,
  onDismiss,
}: {
  actor: ActorRefFrom<AccountScheduleMachine> | undefined;
  send: (event: AccountScheduleEvent) => void;
  /** How this section's last request ended (its own banner, under its controls). */
  notice: Notice | null;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const state = useSelector(actor, (snapshot) => snapshot && { value: snapshot.value, context: snapshot.context, busy: snapshot.hasTag('busy') });
  const zones = useZoneOptions(state?.context.zoneDraft ?? '');
  if (!state || state.value === 'loading') return null;
  const { value, context } = state;
  const pageBusy = state.busy;
  const t = (descriptor: (typeof messages)[keyof typeof messages]) => intl.formatMessage(descriptor);
  const saveZone = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'scheduleZone.save' });
  };
  return (
    <Card as="section" aria-labelledby="account-schedule" className="account__section">
      <h2 id="account-schedule">{t(messages.title)}</h2>
      {value === 'unavailable' || !context.settings ? (
        <p>{t(messages.unavailable)}</p>
      ) : (
        <div className="stack">
          <form className="stack" onSubmit={saveZone}>
            <div className="field">
              <label className="field__label" htmlFor="account-schedule-zone">
                {t(messages.zoneLabel)}
              </label>
              <select
                id="account-schedule-zone"
                className="field__input"
                value={context.zoneDraft}
                aria-describedby="account-schedule-zone-hint"
                onChange={(event) => send({ type: 'scheduleZone.change', timeZone: event.target.value })}
              >
                {zones.map(({ zone, label }) => (
                  <option key={zone} value={zone}>
                    {label}
                  </option>
                ))}
              </select>
              <p id="account-schedule-zone-hint" className="field__hint">
                {t(messages.zoneShared)}
              </p>
            </div>
            <div>
              <Button type="submit" variant="secondary" disabled={pageBusy} busy={value === 'savingZone'}>
                {t(messages.zoneSave)}
              </Button>
            </div>
          </form>
          <Checkbox
            id="account-schedule-reminders"
            label={t(messages.reminders)}
            checked={context.settings.reminders}
            disabled={pageBusy}
            onChange={(enabled) => send({ type: 'reminders.toggle', enabled })}
          />
          <h3>{t(messages.calendarTitle)}</h3>
          <p>{t(messages.calendarText)}</p>
          {context.settings.feedLinkRevoked && !context.link ? (
            <p className="account__warning" role="status">
              {intl.formatMessage(revokedMessages[context.settings.feedLinkRevoked.reason], {
                date: intl.formatDate(context.settings.feedLinkRevoked.at, { dateStyle: 'long' }),
              })}
            </p>
          ) : null}
          {context.link ? (
            <div className="stack">
              <div className="field">
                <label className="field__label" htmlFor="account-schedule-link">
                  {t(messages.linkLabel)}
                </label>
                <input id="account-schedule-link" className="field__input" readOnly value={context.link.url} onFocus={(event) => event.target.select()} />
              </div>
              <div className="schedule-item__actions">
                <Button variant="secondary" onClick={() => send({ type: 'feedLink.copy' })}>
                  {t(messages.copy)}
                </Button>
                <a className="btn btn--ghost" href={context.link.webcalUrl}>
                  {t(messages.subscribe)}
                </a>
                <span role="status">{context.copied ? t(messages.copied) : ''}</span>
              </div>
            </div>
          ) : (
            context.settings.hasFeedLink && <p>{t(messages.calendarHas)}</p>
          )}
          <div>
            <Button
              variant={context.settings.hasFeedLink ? 'ghost' : 'primary'}
              disabled={pageBusy || value === 'rereading'}
              busy={value === 'resettingLink'}
              onClick={() => send({ type: 'feedLink.reset' })}
            >
              {context.settings.hasFeedLink ? t(messages.reset) : t(messages.make)}
            </Button>
          </div>
        </div>
      )}
      <NoticeBanner notice={notice} onDismiss={onDismiss} reserveSpace={false} />
    </Card>
  );
}
