// /programmes: a view of the programmes machine: discipline and level filters, and a card per
// programme (level, weeks, classes, minutes, instructors, and the account's progress in it).
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { EmptyState, Spinner, useMessageText } from '@components';
import { useFlow } from '@lib/flow';
import { noProgrammeFilters, type ClassLevel, type ProgrammeCard } from '@domain/programmes';
import { routes } from '@domain/routes';
import { programmesMachine } from '@machines/programmes.machine';
import { useClassTexts } from '@components/class-texts';

const messages = defineMessages({
  title: { id: 'programmes.title', defaultMessage: 'Programmes' },
  intro: { id: 'programmes.intro', defaultMessage: 'Plans of a few weeks, a few classes a week, built from our classes.' },
  discipline: { id: 'programmes.filter.discipline', defaultMessage: 'Discipline' },
  level: { id: 'programmes.filter.level', defaultMessage: 'Level' },
  any: { id: 'programmes.filter.any', defaultMessage: 'All' },
  loading: { id: 'programmes.loading', defaultMessage: 'Loading the programmes…' },
  emptyTitle: { id: 'programmes.empty.title', defaultMessage: 'No programme matches' },
  emptyText: { id: 'programmes.empty.text', defaultMessage: 'Try another discipline or level.' },
  failedTitle: { id: 'programmes.failed.title', defaultMessage: 'The programmes could not be loaded' },
  retry: { id: 'programmes.retry', defaultMessage: 'Try again' },
  active: { id: 'programmes.following.active', defaultMessage: 'Under way' },
  paused: { id: 'programmes.following.paused', defaultMessage: 'Paused' },
  finished: { id: 'programmes.following.finished', defaultMessage: 'Finished' },
});
const factsMessage = defineMessage<{ weeks: number; classes: number; minutes: string }>({
  id: 'programmes.facts',
  defaultMessage: '{weeks, plural, one {# week} other {# weeks}} · {classes, plural, one {# class} other {# classes}} · {minutes}',
});
export const progressMessage = defineMessage<{ done: number; total: number }>({
  id: 'programmes.progress',
  defaultMessage: '{done} of {total, plural, one {# class} other {# classes}}',
});

function Card({ programme }: { programme: ProgrammeCard }) {
  const intl = useIntl();
  const t = useClassTexts();
  const { following } = programme;
  return (
    <article className="card stack programme-card">
      <h2 className="programme-card__title">
        <Link href={routes.programmeDetail.href(programme.id)}>{t.text(programme.title)}</Link>
      </h2>
      <p className="class-card__meta">
        {t.text(programme.discipline.name)}
        <span aria-hidden="true"> · </span>
        {t.level(programme.level)}
      </p>
      <p>{t.text(programme.description)}</p>
      <p className="class-card__meta">
        {intl.formatMessage(factsMessage, {
          weeks: programme.weeks,
          classes: programme.classCount,
          minutes: intl.formatNumber(programme.totalMinutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
        })}
      </p>
      <p className="class-card__meta">{programme.instructors.map((i) => i.name).join(', ')}</p>
      {following && (
        <p>
          <strong>{intl.formatMessage(messages[following.status])}</strong>
          <span aria-hidden="true"> · </span>
          {intl.formatMessage(progressMessage, { done: following.done, total: following.total })}
        </p>
      )}
    </article>
  );
}

export default function ProgrammesScreen() {
  const intl = useIntl();
  const t = useClassTexts();
  const messageText = useMessageText();
  const [snapshot, send] = useFlow(programmesMachine, { filters: noProgrammeFilters });
  const { filters, facets, programmes, failure } = snapshot.context;
  return (
    <div className="page stack">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
      <div className="programmes__filters">
        <label className="field">
          <span>{intl.formatMessage(messages.discipline)}</span>
          <select
            className="field__input field__select"
            value={filters.discipline ?? ''}
            onChange={(event) => send({ type: 'filter', filters: { ...filters, discipline: event.target.value || null } })}
          >
            <option value="">{intl.formatMessage(messages.any)}</option>
            {facets?.disciplines.map((d) => (
              <option key={d.id} value={d.id}>
                {t.text(d.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{intl.formatMessage(messages.level)}</span>
          <select
            className="field__input field__select"
            value={filters.level ?? ''}
            onChange={(event) => send({ type: 'filter', filters: { ...filters, level: (event.target.value || null) as ClassLevel | null } })}
          >
            <option value="">{intl.formatMessage(messages.any)}</option>
            {(facets?.levels ?? (['beginner', 'intermediate', 'advanced'] as const)).map((level) => (
              <option key={level} value={level}>
                {t.level(level)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {snapshot.hasTag('loading') && <Spinner size="lg" label={messages.loading} />}
      {snapshot.matches('listing') && (
        <ul className="programmes__list">
          {programmes.map((programme) => (
            <li key={programme.id}>
              <Card programme={programme} />
            </li>
          ))}
        </ul>
      )}
      {snapshot.matches('empty') && (
        <EmptyState title={intl.formatMessage(messages.emptyTitle)}>
          <p>{intl.formatMessage(messages.emptyText)}</p>
        </EmptyState>
      )}
      {snapshot.matches('failed') && (
        <div className="catalog__state card stack" role="alert">
          <h2>{intl.formatMessage(messages.failedTitle)}</h2>
          {failure && <p>{messageText(failure.message)}</p>}
          <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
            {intl.formatMessage(messages.retry)}
          </button>
        </div>
      )}
    </div>
  );
}
