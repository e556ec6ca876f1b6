// /programmes/:id: a view of the programme machine: what the programme is, its weeks with each
// class done or not and its planned day, "3 of 9 classes", and what the account may do: choose
// weekdays and Start, "Choose a plan to start" (to /pricing), Pause / Resume / Leave, and the
// completion screen of a finished programme. An active or paused programme shows its days and
// "Change your days" (the day picker with Save and Cancel).
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'wouter';
import { Spinner, useMessageText } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import { useFlow } from '@lib/flow';
import { nextClass, weekdays as allWeekdays, type ProgrammeDetail } from '@domain/programmes';
import { routes } from '@domain/routes';
import { programmeMachine, type ProgrammeEvent } from '@machines/programme.machine';
import { useClassTexts } from '@components/class-texts';
import { progressMessage } from './programmes-screen';

const messages = defineMessages({
  back: { id: 'programme.back', defaultMessage: 'All programmes' },
  loading: { id: 'programme.loading', defaultMessage: 'Loading the programme…' },
  days: { id: 'programme.days', defaultMessage: 'Your days' },
  daysHint: { id: 'programme.days.hint', defaultMessage: 'The classes follow one another on these days, from today.' },
  start: { id: 'programme.start', defaultMessage: 'Start the programme' },
  startAgain: { id: 'programme.startAgain', defaultMessage: 'Start again' },
  pause: { id: 'programme.pause', defaultMessage: 'Pause' },
  resume: { id: 'programme.resume', defaultMessage: 'Resume' },
  leave: { id: 'programme.leave', defaultMessage: 'Leave the programme' },
  locked: { id: 'programme.locked', defaultMessage: 'Programmes are part of a FitStream subscription.' },
  choosePlan: { id: 'programme.choosePlan', defaultMessage: 'Choose a plan to start' },
  pausedNote: { id: 'programme.pausedNote', defaultMessage: 'Paused: your days are on hold. When you resume, the classes still to come move on from that day.' },
  playNext: { id: 'programme.playNext', defaultMessage: 'Play the next class' },
  done: { id: 'programme.done', defaultMessage: 'Done' },
  notDone: { id: 'programme.notDone', defaultMessage: 'Not done yet' },
  weeks: { id: 'programme.weeks', defaultMessage: 'The weeks' },
  finishedTitle: { id: 'programme.finished.title', defaultMessage: 'Programme complete!' },
  finishedText: { id: 'programme.finished.text', defaultMessage: 'You did every class of this programme. Well done.' },
  notFoundTitle: { id: 'programme.notFound.title', defaultMessage: 'There is no such programme' },
  failedTitle: { id: 'programme.failed.title', defaultMessage: 'The programme could not be loaded' },
  retry: { id: 'programme.retry', defaultMessage: 'Try again' },
  changeDays: { id: 'programme.days.change', defaultMessage: 'Change your days' },
  saveDays: { id: 'programme.days.save', defaultMessage: 'Save your days' },
  cancelDays: { id: 'programme.days.cancel', defaultMessage: 'Cancel' },
  changeDaysHint: { id: 'programme.days.changeHint', defaultMessage: 'The classes still to come move to these days, from today.' },
});
const yourDaysMessage = defineMessage<{ days: string }>({ id: 'programme.days.current', defaultMessage: 'Your days: {days}' });
const blockedMessage = defineMessage<{ title: string }>({ id: 'programme.blocked', defaultMessage: 'You are following {title}. Leave it to start this one.' });
const weekMessage = defineMessage<{ week: number }>({ id: 'programme.week', defaultMessage: 'Week {week}' });
const plannedMessage = defineMessage<{ date: string }>({ id: 'programme.planned', defaultMessage: 'Planned for {date}' });

/** Monday 2024-01-01 plus (day − 1) days: the weekday's name in the UI language. */
function weekdayName(locale: string, day: number, style: 'long' | 'short' = 'long') {
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
}

function DayPicker({ chosen, send, hint = messages.daysHint, focusFirst = false }: { chosen: number[]; send: (event: ProgrammeEvent) => void; hint?: MessageDescriptor; focusFirst?: boolean }) {
  const intl = useIntl();
  const first = useRef<HTMLInputElement>(null);
  // Opened by "Change your days": the keyboard lands on the first day, not on the page's top.
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  return (
    <fieldset className="programme__days">
      <legend>{intl.formatMessage(messages.days)}</legend>
      <p className="field__hint">{intl.formatMessage(hint)}</p>
      <div className="programme__day-list">
        {allWeekdays.map((day, index) => (
          <label key={day} className="programme__day">
            <input ref={index === 0 ? first : undefined} type="checkbox" checked={chosen.includes(day)} onChange={() => send({ type: 'day.toggle', day })} />
            {weekdayName(intl.locale, day)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Button({ label, event, send, busy, primary }: { label: MessageDescriptor; event: ProgrammeEvent; send: (event: ProgrammeEvent) => void; busy: boolean; primary?: boolean }) {
  const intl = useIntl();
  return (
    <button type="button" className={`btn ${primary ? 'btn--primary' : 'btn--ghost'}`} disabled={busy} onClick={() => send(event)}>
      {intl.formatMessage(label)}
    </button>
  );
}

function Weeks({ programme }: { programme: ProgrammeDetail }) {
  const intl = useIntl();
  const t = useClassTexts();
  return (
    <section aria-labelledby="programme-weeks" className="stack">
      <h2 id="programme-weeks">{intl.formatMessage(messages.weeks)}</h2>
      {programme.weekList.map(({ week, classes }) => (
        <section key={week} aria-labelledby={`programme-week-${week}`} className="card stack">
          <h3 id={`programme-week-${week}`}>{intl.formatMessage(weekMessage, { week })}</h3>
          <ol className="programme__classes">
            {classes.map((item) => (
              <li key={item.id} className="programme__class">
                <span className={item.done ? 'programme__mark programme__mark--done' : 'programme__mark'} role="img" aria-label={intl.formatMessage(item.done ? messages.done : messages.notDone)}>
                  {item.done ? '✓' : '○'}
                </span>
                <Link href={routes.classDetail.href(item.id)}>{t.text(item.title)}</Link>
                <span className="class-card__meta">
                  {item.instructor.name}
                  <span aria-hidden="true"> · </span>
                  {t.duration(item.durationSeconds)}
                  {item.plannedOn && !item.done && (
                    <>
                      <span aria-hidden="true"> · </span>
                      {intl.formatMessage(plannedMessage, {
                        date: intl.formatDate(new Date(`${item.plannedOn}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
                      })}
                    </>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

function ProgrammeView({ id }: { id: string }) {
  const intl = useIntl();
  const t = useClassTexts();
  const messageText = useMessageText();
  const [snapshot, send] = useFlow(programmeMachine, { id });
  const { programme, weekdays, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const shown = programme && !snapshot.hasTag('loading') && !snapshot.matches('notFound') && !snapshot.matches('failed');
  const next = programme && nextClass(programme);
  const following = programme?.following;
  return (
    <div className="page stack programme">
      <p className="class-detail__back">
        <Link href={routes.programmes.href()}>
          <span aria-hidden="true">← </span>
          {intl.formatMessage(messages.back)}
        </Link>
      </p>
      {snapshot.hasTag('loading') && <Spinner size="lg" label={messages.loading} />}
      {shown && (
        <>
          {snapshot.matches('finished') && (
            <div className="card stack programme__complete" role="status">
              <p className="programme__complete-mark" aria-hidden="true">✓</p>
              <h2>{intl.formatMessage(messages.finishedTitle)}</h2>
              <p>{intl.formatMessage(messages.finishedText)}</p>
            </div>
          )}
          <h1>{t.text(programme.title)}</h1>
          <p className="class-card__meta">
            {t.text(programme.discipline.name)}
            <span aria-hidden="true"> · </span>
            {t.level(programme.level)}
            <span aria-hidden="true"> · </span>
            {intl.formatNumber(programme.totalMinutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' })}
            <span aria-hidden="true"> · </span>
            {programme.instructors.map((i) => i.name).join(', ')}
          </p>
          <p>{t.text(programme.description)}</p>
          {following && (
            <p className="programme__progress">
              <strong>{intl.formatMessage(progressMessage, { done: following.done, total: following.total })}</strong>
            </p>
          )}
          <NoticeBanner notice={failure} reserveSpace={false} />
          <div className="programme__actions stack">
            {(snapshot.matches('ready') || snapshot.matches('finished') || snapshot.matches('starting')) && (
              <>
                <DayPicker chosen={weekdays} send={send} />
                <div>
                  <Button label={snapshot.matches('finished') ? messages.startAgain : messages.start} event={{ type: 'start' }} send={send} busy={busy} primary />
                </div>
              </>
            )}
            {snapshot.matches('locked') && (
              <>
                <p>{intl.formatMessage(messages.locked)}</p>
                <div>
                  <Link href={routes.pricing.href()} className="btn btn--primary">
                    {intl.formatMessage(messages.choosePlan)}
                  </Link>
                </div>
              </>
            )}
            {snapshot.matches('blocked') && programme.blockedBy && (
              <p>
                <Link href={routes.programmeDetail.href(programme.blockedBy.id)}>{intl.formatMessage(blockedMessage, { title: t.text(programme.blockedBy.title) })}</Link>
              </p>
            )}
            {(snapshot.matches('active') || snapshot.matches('pausing') || (snapshot.matches('leaving') && following?.status === 'active')) && (
              <div className="programme__buttons">
                {next && (
                  <Link href={routes.watch.href(next.id)} className="btn btn--primary">
                    <span aria-hidden="true">▶ </span>
                    {intl.formatMessage(messages.playNext)}
                  </Link>
                )}
                <Button label={messages.pause} event={{ type: 'pause' }} send={send} busy={busy} />
                <Button label={messages.leave} event={{ type: 'leave' }} send={send} busy={busy} />
              </div>
            )}
            {following && (following.status === 'active' || following.status === 'paused') && !snapshot.matches('editingDays') && !snapshot.matches('changingDays') && (
              <p className="programme__buttons programme__current-days">
                <span>{intl.formatMessage(yourDaysMessage, { days: intl.formatList(following.weekdays.map((day) => weekdayName(intl.locale, day)), { type: 'conjunction' }) })}</span>
                <Button label={messages.changeDays} event={{ type: 'days.edit' }} send={send} busy={busy} />
              </p>
            )}
            {(snapshot.matches('editingDays') || snapshot.matches('changingDays')) && (
              <>
                <DayPicker chosen={weekdays} send={send} hint={messages.changeDaysHint} focusFirst />
                <div className="programme__buttons">
                  <Button label={messages.saveDays} event={{ type: 'days.save' }} send={send} busy={busy} primary />
                  <Button label={messages.cancelDays} event={{ type: 'days.cancel' }} send={send} busy={busy} />
                </div>
              </>
            )}
            {(snapshot.matches('paused') || snapshot.matches('resuming') || (snapshot.matches('leaving') && following?.status === 'paused')) && (
              <>
                <p>{intl.formatMessage(messages.pausedNote)}</p>
                <div className="programme__buttons">
                  <Button label={messages.resume} event={{ type: 'resume' }} send={send} busy={busy} primary />
                  <Button label={messages.leave} event={{ type: 'leave' }} send={send} busy={busy} />
                </div>
              </>
            )}
          </div>
          <Weeks programme={programme} />
        </>
      )}
      {snapshot.matches('notFound') && (
        <div className="catalog__state card stack">
          <h1>{intl.formatMessage(messages.notFoundTitle)}</h1>
          <Link href={routes.programmes.href()} className="btn btn--primary">
            {intl.formatMessage(messages.back)}
          </Link>
        </div>
      )}
      {snapshot.matches('failed') && (
        <div className="catalog__state card stack" role="alert">
          <h1>{intl.formatMessage(messages.failedTitle)}</h1>
          {failure && <p>{messageText(failure.message)}</p>}
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
            {intl.formatMessage(messages.retry)}
          </button>
        </div>
      )}
    </div>
  );
}

export default function ProgrammeScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return <ProgrammeView key={id} id={id} />;
}
