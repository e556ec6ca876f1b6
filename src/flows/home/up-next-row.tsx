// The subscriber's home's first row while a programme is under way: "Up next in <programme>",
// the next class with Play, and how far the programme got (decision 033).
import { defineMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ClassesHome } from '@domain/catalog';
import { routes } from '@domain/routes';
import { ClassPoster } from '@components';
import { useClassTexts } from '@components/class-texts';

const titleMessage = defineMessage<{ programme: string }>({ id: 'subscriberHome.upNext', defaultMessage: 'Up next in {programme}' });
const progressMessage = defineMessage<{ done: number; total: number }>({
  id: 'subscriberHome.upNext.progress',
  defaultMessage: '{done} of {total, plural, one {# class} other {# classes}} done',
});
const playMessage = defineMessage({ id: 'subscriberHome.upNext.play', defaultMessage: 'Play' });
const programmeMessage = defineMessage({ id: 'subscriberHome.upNext.programme', defaultMessage: 'See the programme' });

export function UpNextRow({ upNext }: { upNext: NonNullable<ClassesHome['upNext']> }) {
  const intl = useIntl();
  const t = useClassTexts();
  const next = upNext.class;
  return (
    <section className="home-row up-next" aria-labelledby="home-up-next">
      <div className="home-row__header">
        <h2 id="home-up-next">{intl.formatMessage(titleMessage, { programme: t.text(upNext.programme.title) })}</h2>
        <Link href={routes.programmeDetail.href(upNext.programme.id)} className="home-row__more">
          {intl.formatMessage(programmeMessage)}
        </Link>
      </div>
      <article className="card up-next__card">
        <div className="up-next__poster">
          <ClassPoster src={t.poster(next.posterUrl)} title={t.text(next.title)} disciplineId={next.discipline.id} width={320} height={180} />
        </div>
        <div className="stack">
          <h3>{t.text(next.title)}</h3>
          <p className="class-card__meta">
            {next.instructor.name}
            <span aria-hidden="true"> · </span>
            {t.duration(next.durationSeconds)}
          </p>
          <p>{intl.formatMessage(progressMessage, { done: upNext.done, total: upNext.total })}</p>
          <div>
            <Link href={routes.watch.href(next.id)} className="btn btn--primary">
              <span aria-hidden="true">▶ </span>
              {intl.formatMessage(playMessage)}
            </Link>
          </div>
        </div>
      </article>
    </section>
  );
}
