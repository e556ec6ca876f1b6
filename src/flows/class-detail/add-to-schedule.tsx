// "Add to schedule" on a class page: a view of the class page's scheduleAdd child machine
// (machines/schedule-add.machine.ts): a button, then a day and an optional time with Save and
// Cancel, then "on your schedule" with a link to /schedule. The first time anything is planned,
// Save asks for the account's time zone above it (the browser's proposed).
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import { ScheduleWhen } from '@components/schedule-when';
import { TimeZoneSelect } from '@components/time-zone-select';
import { routes } from '@domain/routes';
import { browserTimeZone, todayIn } from '@domain/schedule';
import type { ScheduleAddEvent, ScheduleAddMachine } from '@machines/schedule-add.machine';

const messages = defineMessages({
  add: { id: 'classDetail.schedule.add', defaultMessage: 'Add to schedule' },
  formTitle: { id: 'classDetail.schedule.formTitle', defaultMessage: 'Plan this class' },
  save: { id: 'classDetail.schedule.save', defaultMessage: 'Add to my schedule' },
  cancel: { id: 'classDetail.schedule.cancel', defaultMessage: 'Cancel' },
  open: { id: 'classDetail.schedule.open', defaultMessage: 'Open my schedule' },
  again: { id: 'classDetail.schedule.again', defaultMessage: 'Plan it again' },
  zoneText: {
    id: 'classDetail.schedule.zoneText',
    defaultMessage: 'This is the first class you plan: choose your time zone. Your schedule, its reminders and your calendar use it; you can change it on your account page.',
  },
  zoneLabel: { id: 'classDetail.schedule.zoneLabel', defaultMessage: 'Your time zone' },
});

export function AddToSchedule({ actor, send }: { actor: ActorRefFrom<ScheduleAddMachine> | undefined; send: (event: ScheduleAddEvent) => void }) {
  const intl = useIntl();
  const state = useSelector(actor, (snapshot) => snapshot && { value: snapshot.value, context: snapshot.context, busy: snapshot.hasTag('busy') });
  if (!state) return null;
  const { value, context, busy } = state;
  const open = () => send({ type: 'scheduleAdd.open', today: todayIn(browserTimeZone()), proposedZone: browserTimeZone() });
  const askingZone = value === 'askingZone' || value === 'savingZone';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'scheduleAdd.submit' });
  };
  return (
    <section className="schedule-add stack" aria-label={intl.formatMessage(messages.add)}>
      {value === 'closed' && (
        <Button variant="secondary" onClick={open}>
          {intl.formatMessage(messages.add)}
        </Button>
      )}
      {(value === 'open' || value === 'checkingZone' || askingZone || value === 'adding') && (
        <form className="stack card" onSubmit={submit}>
          <h2 className="schedule-add__title">{intl.formatMessage(messages.formTitle)}</h2>
          <NoticeBanner notice={context.notice} reserveSpace={false} />
          <ScheduleWhen idPrefix="schedule-add" date={context.date} time={context.time} min={context.today} onChange={(change) => send({ type: 'scheduleAdd.change', ...change })} />
          {askingZone && (
            <div className="stack" data-testid="schedule-add-zone">
              <p>{intl.formatMessage(messages.zoneText)}</p>
              <TimeZoneSelect
                id="schedule-add-zone"
                label={intl.formatMessage(messages.zoneLabel)}
                value={context.zone}
                onChange={(timeZone) => send({ type: 'scheduleAdd.zone', timeZone })}
              />
            </div>
          )}
          <div className="schedule-item__actions">
            <Button type="submit" busy={busy}>
              {intl.formatMessage(messages.save)}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'scheduleAdd.cancel' })}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          </div>
        </form>
      )}
      {value === 'added' && (
        <>
          <NoticeBanner notice={context.notice} reserveSpace={false} />
          <div className="schedule-item__actions">
            <Link href={routes.schedule.href()} className="btn btn--primary">
              {intl.formatMessage(messages.open)}
            </Link>
            <Button variant="ghost" onClick={open}>
              {intl.formatMessage(messages.again)}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
