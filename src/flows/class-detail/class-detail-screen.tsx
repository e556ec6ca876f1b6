// /classes/:id: a view of the class-detail machine: poster, what the class is (discipline,
// level, length, instructor, equipment), how far the account got, and Play / Continue (to the
// player) or "Choose a plan to start watching" (to /pricing). An unknown id has its own page.
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { SaveButton } from '@components/save-button';
import { ClassPoster, DateText, Spinner, useMessageText } from '@components';
import { useFlow } from '@lib/flow';
import { isInProgress, minutesOf, progressShare, type ClassDetail } from '@domain/catalog';
import { routes } from '@domain/routes';
import { classDetailMachine } from '@machines/class-detail.machine';
import { useClassTexts } from '@components/class-texts';
import { DownloadPanel } from '@features/downloads';
import { AddToSchedule } from './add-to-schedule';

const messages = defineMessages({
  back: { id: 'classDetail.back', defaultMessage: 'All classes' },
  loading: { id: 'classDetail.loading', defaultMessage: 'Loading the class…' },
  play: { id: 'classDetail.play', defaultMessage: 'Play' },
  continue: { id: 'classDetail.continue', defaultMessage: 'Continue' },
  playAgain: { id: 'classDetail.playAgain', defaultMessage: 'Play again' },
  choosePlan: { id: 'classDetail.choosePlan', defaultMessage: 'Choose a plan to start watching' },
  locked: { id: 'classDetail.locked', defaultMessage: 'Classes play with a FitStream subscription.' },
  completed: { id: 'classDetail.completed', defaultMessage: 'You have completed this class' },
  about: { id: 'classDetail.about', defaultMessage: 'About this class' },
  details: { id: 'classDetail.details', defaultMessage: 'Details' },
  discipline: { id: 'classDetail.discipline', defaultMessage: 'Discipline' },
  level: { id: 'classDetail.level', defaultMessage: 'Level' },
  duration: { id: 'classDetail.duration', defaultMessage: 'Length' },
  instructor: { id: 'classDetail.instructor', defaultMessage: 'Instructor' },
  published: { id: 'classDetail.published', defaultMessage: 'Published' },
  equipment: { id: 'classDetail.equipment', defaultMessage: 'Equipment' },
  noEquipment: { id: 'classDetail.noEquipment', defaultMessage: 'No equipment needed' },
  notFoundTitle: { id: 'classDetail.notFound.title', defaultMessage: 'This class is not in the catalog' },
  notFoundText: { id: 'classDetail.notFound.text', defaultMessage: 'It may have been removed, or the link is mistyped.' },
  browse: { id: 'classDetail.browse', defaultMessage: 'Browse the classes' },
  failedTitle: { id: 'classDetail.failed.title', defaultMessage: 'The class could not be loaded' },
  retry: { id: 'classDetail.retry', defaultMessage: 'Try again' },
});
const remainingMessage = defineMessage<{ minutes: string }>({ id: 'classDetail.remaining', defaultMessage: '{minutes} left' });

function Actions({ detail, canPlay }: { detail: ClassDetail; canPlay: boolean }) {
  const intl = useIntl();
  const t = useClassTexts();
  if (!canPlay) {
    return (
      <div className="class-detail__actions">
        <p>{intl.formatMessage(messages.locked)}</p>
        <Link href={routes.pricing.href()} className="btn btn--primary">
          {intl.formatMessage(messages.choosePlan)}
        </Link>
      </div>
    );
  }
  const { progress } = detail;
  const share = progressShare(detail);
  const label = isInProgress(progress) ? messages.continue : progress?.completed ? messages.playAgain : messages.play;
  return (
    <div className="class-detail__actions">
      {share !== null && (
        <div className="class-card__progress">
          <span className="class-card__bar" aria-hidden="true">
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </span>
          <span>
            {progress?.completed
              ? intl.formatMessage(messages.completed)
              : intl.formatMessage(remainingMessage, {
                  minutes: t.duration(Math.max(60, detail.durationSeconds - (progress?.positionSeconds ?? 0)), 'long'),
                })}
          </span>
        </div>
      )}
      <Link href={routes.watch.href(detail.id)} className="btn btn--primary class-detail__play">
        <span aria-hidden="true">▶ </span>
        {intl.formatMessage(label)}
      </Link>
    </div>
  );
}

function Detail({ detail, canPlay, children }: { detail: ClassDetail; canPlay: boolean; children?: ReactNode }) {
  const intl = useIntl();
  const t = useClassTexts();
  const equipment = t.locale.startsWith('es') ? detail.equipment.es : detail.equipment.en;
  return (
    <article className="class-detail">
      <div className="class-detail__poster">
        <ClassPoster src={t.poster(detail.posterUrl)} title={t.text(detail.title)} disciplineId={detail.discipline.id} width={640} height={360} />
      </div>
      <div className="class-detail__body stack">
        <h1>{t.text(detail.title)}</h1>
        <p className="class-detail__meta">
          {detail.instructor.name}
          <span aria-hidden="true"> · </span>
          {t.duration(detail.durationSeconds, 'long')}
        </p>
        <SaveButton classId={detail.id} />
        <Actions detail={detail} canPlay={canPlay} />
        {canPlay && <DownloadPanel download={{ classId: detail.id, title: detail.title, durationSeconds: detail.durationSeconds }} />}
        {children}
        <section aria-labelledby="class-about">
          <h2 id="class-about">{intl.formatMessage(messages.about)}</h2>
          <p>{t.text(detail.description)}</p>
        </section>
        <section aria-labelledby="class-details">
          <h2 id="class-details">{intl.formatMessage(messages.details)}</h2>
          <dl className="class-detail__facts">
            <dt>{intl.formatMessage(messages.discipline)}</dt>
            <dd>{t.text(detail.discipline.name)}</dd>
            <dt>{intl.formatMessage(messages.level)}</dt>
            <dd>{t.level(detail.level)}</dd>
            <dt>{intl.formatMessage(messages.duration)}</dt>
            <dd>{intl.formatNumber(minutesOf(detail.durationSeconds), { style: 'unit', unit: 'minute', unitDisplay: 'long' })}</dd>
            <dt>{intl.formatMessage(messages.published)}</dt>
            <dd>
              <DateText value={detail.publishedAt} />
            </dd>
            <dt>{intl.formatMessage(messages.equipment)}</dt>
            <dd>
              {equipment.length ? (
                <ul className="class-detail__equipment">
                  {equipment.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                intl.formatMessage(messages.noEquipment)
              )}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="class-instructor">
          <h2 id="class-instructor">{intl.formatMessage(messages.instructor)}</h2>
          <p>
            <strong>{detail.instructor.name}</strong>
          </p>
          <p>{t.text(detail.instructor.bio)}</p>
        </section>
      </div>
    </article>
  );
}

function ClassDetailView({ id }: { id: string }) {
  const intl = useIntl();
  const messageText = useMessageText();
  const [snapshot, send] = useFlow(classDetailMachine, { id });
  const { detail, failure } = snapshot.context;
  return (
    <div className="page">
      <p className="class-detail__back">
        <Link href={routes.classes.href()}>
          <span aria-hidden="true">← </span>
          {intl.formatMessage(messages.back)}
        </Link>
      </p>
      {snapshot.hasTag('loading') && <Spinner size="lg" label={messages.loading} />}
      {(snapshot.matches('playable') || snapshot.matches('locked')) && detail && (
        <Detail detail={detail} canPlay={snapshot.matches('playable')}>
          <AddToSchedule actor={snapshot.children.scheduleAdd} send={send} />
        </Detail>
      )}
      {snapshot.matches('notFound') && (
        <div className="catalog__state card stack">
          <h1>{intl.formatMessage(messages.notFoundTitle)}</h1>
          <p>{intl.formatMessage(messages.notFoundText)}</p>
          <Link href={routes.classes.href()} className="btn btn--primary">
            {intl.formatMessage(messages.browse)}
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

export default function ClassDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  // A new class is a new machine (its own loading, progress and access).
  return <ClassDetailView key={id} id={id} />;
}
