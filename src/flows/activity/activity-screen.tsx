// /activity: a view of the activity machine. This week and all time, the weekly goal and the
// streak, minutes and effort per week for 12 weeks (lazily loaded SVG charts and the same numbers
// in a table), finished programmes once there are any, and the completed classes, newest first,
// each with its effort and heart-rate summary (issue 43).
import { lazy, Suspense } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Spinner, useMessageText } from '@components';
import { useClassTexts } from '@components/class-texts';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { activityMachine } from '@machines/activity.machine';
import { HeartRateSummaryList } from '@components/heart-rate-summary';
import { GoalForm } from './goal-form';

const ActivityChart = lazy(() => import('./activity-chart'));

const messages = defineMessages({
  title: { id: 'activity.title', defaultMessage: 'Activity' },
  loading: { id: 'activity.loading', defaultMessage: 'Loading your activity…' },
  failedTitle: { id: 'activity.failed', defaultMessage: 'Your activity could not be loaded' },
  retry: { id: 'activity.retry', defaultMessage: 'Try again' },
  thisWeek: { id: 'activity.thisWeek', defaultMessage: 'This week' },
  allTime: { id: 'activity.allTime', defaultMessage: 'All time' },
  goalTitle: { id: 'activity.goal.title', defaultMessage: 'Weekly goal' },
  noGoal: { id: 'activity.goal.none', defaultMessage: 'Set a weekly goal to start a streak.' },
  goalMet: { id: 'activity.goal.met', defaultMessage: 'Goal met this week.' },
  chartTitle: { id: 'activity.weeks.title', defaultMessage: 'Minutes per week' },
  week: { id: 'activity.weeks.week', defaultMessage: 'Week of' },
  minutesColumn: { id: 'activity.weeks.minutes', defaultMessage: 'Minutes' },
  effortColumn: { id: 'activity.weeks.effort', defaultMessage: 'Effort' },
  effortTitle: { id: 'activity.effort.title', defaultMessage: 'Effort per week' },
  effortHow: {
    id: 'activity.effort.how',
    defaultMessage: 'A class with a heart-rate monitor scores its minutes in each zone, weighted 1 to 5; without one, your 1–10 rating times its minutes.',
  },
  classesColumn: { id: 'activity.weeks.classes', defaultMessage: 'Classes' },
  programmes: { id: 'activity.programmes', defaultMessage: 'Finished programmes' },
  history: { id: 'activity.history', defaultMessage: 'Completed classes' },
  historyEmpty: { id: 'activity.history.empty', defaultMessage: 'Classes you finish appear here.' },
  more: { id: 'activity.history.more', defaultMessage: 'Show more' },
  loadingMore: { id: 'activity.history.loadingMore', defaultMessage: 'Loading more…' },
});
const effortText = defineMessage<{ score: number }>({ id: 'activity.history.effort', defaultMessage: 'Effort {score}' });
const ratingText = defineMessage<{ rating: number }>({ id: 'activity.history.rating', defaultMessage: 'Rated {rating}/10' });
const heartRateText = defineMessage<{ average: number; max: number }>({ id: 'activity.history.heartRate', defaultMessage: 'Heart rate: average {average}, maximum {max} bpm' });
const minutesText = defineMessage<{ count: number }>({ id: 'activity.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' });
const classesText = defineMessage<{ count: number }>({ id: 'activity.classes', defaultMessage: '{count, plural, one {# class} other {# classes}}' });
const goalText = defineMessage<{ kind: string; target: number }>({
  id: 'activity.goal.current',
  defaultMessage: '{kind, select, minutes {{target, plural, one {# minute} other {# minutes}}} other {{target, plural, one {# class} other {# classes}}}} a week',
});
const streakText = defineMessage<{ weeks: number }>({ id: 'activity.streak', defaultMessage: '{weeks, plural, =0 {No streak yet} one {# week in a row} other {# weeks in a row}}' });

export default function ActivityScreen() {
  const intl = useIntl();
  const messageText = useMessageText();
  const t = useClassTexts();
  const [snapshot, send] = useFlow(activityMachine);
  const { activity, history, nextCursor, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const day = (date: string) => intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const totals = (minutes: number, classes: number) => `${intl.formatMessage(minutesText, { count: minutes })} · ${intl.formatMessage(classesText, { count: classes })}`;

  return (
    <div className="page activity">
      <h1>{intl.formatMessage(messages.title)}</h1>
      {snapshot.hasTag('loading') && <Spinner size="lg" label={messages.loading} />}
      {snapshot.matches('failed') && (
        <div className="card stack" role="alert">
          <h2>{intl.formatMessage(messages.failedTitle)}</h2>
          {failure && <p>{messageText(failure.message)}</p>}
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
            {intl.formatMessage(messages.retry)}
          </button>
        </div>
      )}
      {activity && !snapshot.matches('failed') && !snapshot.hasTag('loading') && (
        <>
          <section className="activity__totals" aria-label={intl.formatMessage(messages.title)}>
            <div className="card activity__total">
              <h2>{intl.formatMessage(messages.thisWeek)}</h2>
              <p data-testid="activity-this-week">{totals(activity.thisWeek.minutes, activity.thisWeek.classes)}</p>
              <p data-testid="activity-this-week-effort">{intl.formatMessage(effortText, { score: activity.thisWeek.effort })}</p>
            </div>
            <div className="card activity__total">
              <h2>{intl.formatMessage(messages.allTime)}</h2>
              <p data-testid="activity-all-time">{totals(activity.allTime.minutes, activity.allTime.classes)}</p>
            </div>
          </section>

          <section className="card activity-goal" aria-labelledby="activity-goal-title">
            <h2 id="activity-goal-title">{intl.formatMessage(messages.goalTitle)}</h2>
            {activity.goal ? (
              <p className="activity-goal__status" role="status">
                <strong>{intl.formatMessage(goalText, { kind: activity.goal.kind, target: activity.goal.target })}</strong>
                {' · '}
                <span data-testid="activity-streak">{intl.formatMessage(streakText, { weeks: activity.streakWeeks })}</span>
                {activity.goalMetThisWeek && <>{' · '}{intl.formatMessage(messages.goalMet)}</>}
              </p>
            ) : (
              <p role="status">{intl.formatMessage(messages.noGoal)}</p>
            )}
            {failure && (
              <p className="activity__failure" role="alert">
                {messageText(failure.message)}
              </p>
            )}
            <GoalForm
              key={activity.goal ? `${activity.goal.kind}-${activity.goal.target}` : 'none'}
              goal={activity.goal}
              busy={snapshot.matches('savingGoal') || snapshot.matches('clearingGoal')}
              onSave={(goal) => send({ type: 'goal.set', goal })}
              onClear={() => send({ type: 'goal.clear' })}
            />
          </section>

          <section className="card activity-weeks" aria-labelledby="activity-weeks-title">
            <h2 id="activity-weeks-title">{intl.formatMessage(messages.chartTitle)}</h2>
            <Suspense fallback={<div className="activity-chart activity-chart--placeholder" />}>
              <ActivityChart weeks={activity.weeks} goalMinutes={activity.goal?.kind === 'minutes' ? activity.goal.target : null} />
            </Suspense>
            <h3 className="activity-weeks__subtitle">{intl.formatMessage(messages.effortTitle)}</h3>
            <p className="activity-weeks__how">{intl.formatMessage(messages.effortHow)}</p>
            <Suspense fallback={<div className="activity-chart activity-chart--placeholder" />}>
              <ActivityChart weeks={activity.weeks} goalMinutes={null} metric="effort" />
            </Suspense>
            <div className="activity-weeks__table">
              <table>
                <caption className="visually-hidden">{intl.formatMessage(messages.chartTitle)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(messages.week)}</th>
                    <th scope="col">{intl.formatMessage(messages.minutesColumn)}</th>
                    <th scope="col">{intl.formatMessage(messages.classesColumn)}</th>
                    <th scope="col">{intl.formatMessage(messages.effortColumn)}</th>
                  </tr>
                </thead>
                <tbody>
                  {activity.weeks.map((week) => (
                    <tr key={week.weekStart}>
                      <th scope="row">{day(week.weekStart)}</th>
                      <td>{week.minutes}</td>
                      <td>{week.classes}</td>
                      <td>{week.effort}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          {activity.programmes.length > 0 && (
            <section className="card" aria-labelledby="activity-programmes-title">
              <h2 id="activity-programmes-title">{intl.formatMessage(messages.programmes)}</h2>
              <ul>
                {activity.programmes.map((programme) => (
                  <li key={programme.id}>
                    {t.text(programme.title)} · {intl.formatDate(new Date(programme.finishedAt), { dateStyle: 'medium' })}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className="activity-history" aria-labelledby="activity-history-title">
            <h2 id="activity-history-title">{intl.formatMessage(messages.history)}</h2>
            {history.length === 0 ? (
              <p>{intl.formatMessage(messages.historyEmpty)}</p>
            ) : (
              <ol className="activity-history__list">
                {history.map((item) => (
                  <li key={item.id} className="activity-history__item">
                    <Link href={routes.classDetail.href(item.classId)} className="activity-history__title">
                      {t.text(item.title)}
                    </Link>
                    <span className="activity-history__meta">
                      <time dateTime={item.date}>{day(item.date)}</time>
                      <span aria-hidden="true"> · </span>
                      {intl.formatMessage(minutesText, { count: item.minutes })}
                      <span aria-hidden="true"> · </span>
                      {t.text(item.discipline.name)}
                      {item.effort && item.effort.score !== null && (
                        <>
                          <span aria-hidden="true"> · </span>
                          {intl.formatMessage(effortText, { score: item.effort.score })}
                        </>
                      )}
                      {item.effort && item.effort.rating !== null && (
                        <>
                          <span aria-hidden="true"> · </span>
                          {intl.formatMessage(ratingText, { rating: item.effort.rating })}
                        </>
                      )}
                    </span>
                    {item.effort?.heartRate && (
                      <details className="activity-history__heart-rate">
                        <summary>{intl.formatMessage(heartRateText, { average: item.effort.heartRate.averageBpm, max: item.effort.heartRate.maxBpm })}</summary>
                        <HeartRateSummaryList summary={item.effort.heartRate} />
                      </details>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {nextCursor !== null && (
              <button type="button" className="btn btn--ghost" aria-disabled={busy} onClick={() => !busy && send({ type: 'history.more' })}>
                {intl.formatMessage(snapshot.matches('loadingMore') ? messages.loadingMore : messages.more)}
              </button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
