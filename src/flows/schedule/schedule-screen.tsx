// /schedule: a view of the schedule machine. The first time, "Your time zone" (the browser's
// proposed); then the week, Monday first: each day with its planned classes (a list of days on a
// phone, seven columns on a wide screen), each class with Move (a day and time) and Remove, and
// previous / this / next week.
import type { FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Badge, Button, Card, Spinner } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import { ScheduleWhen } from '@components/schedule-when';
import { TimeZoneSelect } from '@components/time-zone-select';
import { useZoneLabel } from '@components/time-zones';
import { useClassTexts } from '@components/class-texts';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { routes } from '@domain/routes';
import { browserTimeZone, weekDays, type ScheduleItem } from '@domain/schedule';
import { scheduleMachine, type MoveDraft } from '@machines/schedule.machine';

const messages = defineMessages({
  title: { id: 'schedule.title', defaultMessage: 'Your schedule' },
  loading: { id: 'schedule.loading', defaultMessage: 'Loading your schedule…' },
  loadFailed: { id: 'schedule.loadFailed', defaultMessage: 'We could not load your schedule.' },
  retry: { id: 'schedule.retry', defaultMessage: 'Try again' },
  zoneTitle: { id: 'schedule.zone.title', defaultMessage: 'Your time zone' },
  zoneText: {
    id: 'schedule.zone.text',
    defaultMessage: 'Your schedule, its reminders and your calendar use the days and times of this zone. You can change it on your account page.',
  },
  zoneLabel: { id: 'schedule.zone.label', defaultMessage: 'Time zone' },
  zoneSave: { id: 'schedule.zone.save', defaultMessage: 'Save and show my week' },
  previous: { id: 'schedule.week.previous', defaultMessage: 'Previous week' },
  current: { id: 'schedule.week.current', defaultMessage: 'This week' },
  next: { id: 'schedule.week.next', defaultMessage: 'Next week' },
  nothing: { id: 'schedule.day.nothing', defaultMessage: 'Nothing planned' },
  anyTime: { id: 'schedule.item.anyTime', defaultMessage: 'Any time' },
  done: { id: 'schedule.item.done', defaultMessage: 'Done' },
  today: { id: 'schedule.day.today', defaultMessage: 'Today' },
  save: { id: 'schedule.move.save', defaultMessage: 'Save' },
  cancel: { id: 'schedule.move.cancel', defaultMessage: 'Cancel' },
  empty: { id: 'schedule.week.empty', defaultMessage: 'Nothing is planned this week. Open a class and choose “Add to schedule”.' },
  browse: { id: 'schedule.browse', defaultMessage: 'Browse the classes' },
});
const weekOf = defineMessage<{ date: string }>({ id: 'schedule.week.of', defaultMessage: 'Week of {date}' });
const zoneNote = defineMessage<{ zone: string }>({ id: 'schedule.zone.note', defaultMessage: 'Days and times in {zone}.' });
const moveNamed = defineMessage<{ title: string }>({ id: 'schedule.item.move', defaultMessage: 'Move {title}' });
const removeNamed = defineMessage<{ title: string }>({ id: 'schedule.item.remove', defaultMessage: 'Remove {title}' });
const moveFormNamed = defineMessage<{ title: string }>({ id: 'schedule.move.title', defaultMessage: 'Move {title} to' });

const asDate = (date: string) => new Date(`${date}T12:00:00Z`);

type Send = ReturnType<typeof useFlow<typeof scheduleMachine>>[1];

function Item({ item, draft, today, busy, send }: { item: ScheduleItem; draft: MoveDraft | null; today: string; busy: boolean; send: Send }) {
  const intl = useIntl();
  const t = useClassTexts();
  const title = t.text(item.classTitle);
  const editing = draft?.id === item.id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'move.submit' });
  };
  return (
    <li className="schedule-item">
      <p className="schedule-item__when">{item.time ?? intl.formatMessage(messages.anyTime)}</p>
      <p className="schedule-item__title">
        <Link href={routes.classDetail.href(item.classId)}>{title}</Link>
        {item.programmeTitle && <span className="schedule-item__programme">{t.text(item.programmeTitle)}</span>}
      </p>
      {item.done && <Badge tone="success">{intl.formatMessage(messages.done)}</Badge>}
      {editing && draft ? (
        <form className="schedule-item__form stack" aria-label={intl.formatMessage(moveFormNamed, { title })} onSubmit={submit}>
          <ScheduleWhen idPrefix={`move-${item.id}`} date={draft.date} time={draft.time} min={today} onChange={(change) => send({ type: 'move.change', ...change })} />
          <div className="schedule-item__actions">
            <Button type="submit" busy={busy}>
              {intl.formatMessage(messages.save)}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'move.cancel' })}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          </div>
        </form>
      ) : (
        item.kind === 'class' && (
          <div className="schedule-item__actions">
            <Button variant="secondary" disabled={busy || draft !== null} onClick={() => send({ type: 'move.open', id: item.id })}>
              {intl.formatMessage(moveNamed, { title })}
            </Button>
            <Button variant="ghost" disabled={busy || draft !== null} onClick={() => send({ type: 'item.remove', id: item.id })}>
              {intl.formatMessage(removeNamed, { title })}
            </Button>
          </div>
        )
      )}
    </li>
  );
}

export default function ScheduleScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(scheduleMachine, { proposedZone: browserTimeZone() });
  const { weekStart, today, timeZone, items, draft, notice, scrollToTop, proposedZone } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  // Zones by their localised names (the IANA id is only the value sent).
  const zoneLabel = useZoneLabel();
  const busy = snapshot.hasTag('busy');

  if (snapshot.hasTag('loading')) {
    return (
      <div className="page">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <Spinner size="lg" label={messages.loading} />
      </div>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <div className="page">
        <NoticeBanner notice={notice} />
        <h1>{intl.formatMessage(messages.title)}</h1>
        <p>{intl.formatMessage(messages.loadFailed)}</p>
        <Button onClick={() => send({ type: 'schedule.retry' })}>{intl.formatMessage(messages.retry)}</Button>
      </div>
    );
  }
  if (snapshot.matches('askingZone') || snapshot.matches('savingZone')) {
    return (
      <div className="page schedule">
        <NoticeBanner notice={notice} />
        <h1>{intl.formatMessage(messages.title)}</h1>
        <Card as="section" aria-labelledby="schedule-zone" className="schedule__zone stack">
          <h2 id="schedule-zone">{intl.formatMessage(messages.zoneTitle)}</h2>
          <p>{intl.formatMessage(messages.zoneText)}</p>
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'zone.confirm' });
            }}
          >
            <TimeZoneSelect
              id="schedule-zone-select"
              label={intl.formatMessage(messages.zoneLabel)}
              value={proposedZone}
              onChange={(timeZone) => send({ type: 'zone.change', timeZone })}
            />
            <Button type="submit" busy={busy}>
              {intl.formatMessage(messages.zoneSave)}
            </Button>
          </form>
        </Card>
      </div>
    );
  }

  const days = weekStart ? weekDays(weekStart) : [];
  const dayName = (date: string) => intl.formatDate(asDate(date), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <div className="page schedule">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <h1>{intl.formatMessage(messages.title)}</h1>
      <div className="schedule__bar">
        <h2 className="schedule__week" aria-live="polite">
          {weekStart && intl.formatMessage(weekOf, { date: intl.formatDate(asDate(weekStart), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) })}
        </h2>
        <div className="schedule__nav">
          <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'week.previous' })}>
            {intl.formatMessage(messages.previous)}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'week.current' })}>
            {intl.formatMessage(messages.current)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'week.next' })}>
            {intl.formatMessage(messages.next)}
          </Button>
        </div>
      </div>
      {timeZone && <p className="schedule__zone-note">{intl.formatMessage(zoneNote, { zone: zoneLabel(timeZone) })}</p>}
      {items.length === 0 && (
        <p className="schedule__empty">
          {intl.formatMessage(messages.empty)} <Link href={routes.classes.href()}>{intl.formatMessage(messages.browse)}</Link>
        </p>
      )}
      <ol className="schedule__days">
        {days.map((date) => {
          const planned = items.filter((item) => item.date === date);
          const headingId = `schedule-day-${date}`;
          return (
            <li key={date} className={`schedule-day${date === today ? ' schedule-day--today' : ''}`} aria-labelledby={headingId}>
              <h3 id={headingId} className="schedule-day__name">
                {dayName(date)}
                {date === today && <span className="schedule-day__today"> · {intl.formatMessage(messages.today)}</span>}
              </h3>
              {planned.length === 0 ? (
                <p className="schedule-day__nothing">{intl.formatMessage(messages.nothing)}</p>
              ) : (
                <ul className="schedule-day__items">
                  {planned.map((item) => (
                    <Item key={item.id} item={item} draft={draft} today={today ?? date} busy={busy} send={send} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
