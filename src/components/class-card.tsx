// A class as a card in the catalog and in the home rows: poster, title, instructor, discipline,
// level and length, and how far the account got. The whole card is one link to the class.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { progressShare, type ClassCard as Card } from '@domain/catalog';
import { routes } from '@domain/routes';
import { ClassPoster } from './class-poster';
import { SaveButton } from './save-button';
import { useClassTexts } from './class-texts';

const messages = defineMessages({
  completed: { id: 'classes.card.completed', defaultMessage: 'Completed' },
});
const watchedMessage = defineMessage<{ share: number }>({ id: 'classes.card.watched', defaultMessage: '{share, number, percent} watched' });

export function ClassCardView({ card, headingLevel = 3 }: { card: Card; headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  const t = useClassTexts();
  const share = progressShare(card);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="class-card">
      <Link href={routes.classDetail.href(card.id)} className="class-card__link">
        <div className="class-card__poster">
          <ClassPoster src={t.poster(card.posterUrl)} title={t.text(card.title)} disciplineId={card.discipline.id} width={320} height={180} lazy />
          <span className="class-card__duration">{t.duration(card.durationSeconds)}</span>
        </div>
        <Heading className="class-card__title">{t.text(card.title)}</Heading>
      </Link>
      <p className="class-card__meta">
        {card.instructor.name}
        <span aria-hidden="true"> · </span>
        {t.text(card.discipline.name)}
        <span aria-hidden="true"> · </span>
        {t.level(card.level)}
      </p>
      {share !== null && (
        <div className="class-card__progress">
          <span className="class-card__bar" aria-hidden="true">
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </span>
          <span className="class-card__progress-text">
            {card.progress?.completed ? intl.formatMessage(messages.completed) : intl.formatMessage(watchedMessage, { share })}
          </span>
        </div>
      )}
      <SaveButton classId={card.id} title={t.text(card.title)} />
    </article>
  );
}
