// /home for an account whose subscription gives access: continue watching (started, not
// finished), new this week, and a row per discipline with a link to the rest of it.
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { catalogQuery, noFilters, type ClassCard, type ClassesHome } from '@domain/catalog';
import { routes } from '@domain/routes';
import { ClassCardView } from '@components/class-card';
import { useClassTexts } from '@components/class-texts';
import { useFavourites } from '@features/favourites';
import { UpNextRow } from './up-next-row';

const messages = defineMessages({
  title: { id: 'subscriberHome.title', defaultMessage: 'Your classes' },
  browse: { id: 'subscriberHome.browse', defaultMessage: 'Browse all classes' },
  continue: { id: 'subscriberHome.continue', defaultMessage: 'Continue watching' },
  newThisWeek: { id: 'subscriberHome.newThisWeek', defaultMessage: 'New this week' },
  myList: { id: 'subscriberHome.myList', defaultMessage: 'My list' },
  seeMyList: { id: 'subscriberHome.seeMyList', defaultMessage: 'See my list' },
  empty: { id: 'subscriberHome.empty', defaultMessage: 'No classes yet. Come back soon.' },
});
const seeAllMessage = defineMessage<{ discipline: string }>({ id: 'subscriberHome.seeAll', defaultMessage: 'See all {discipline}' });

function Row({ id, title, classes, more }: { id: string; title: string; classes: ClassCard[]; more?: { href: string; label: string } }) {
  return (
    <section className="home-row" aria-labelledby={id}>
      <div className="home-row__header">
        <h2 id={id}>{title}</h2>
        {more && (
          <Link href={more.href} className="home-row__more">
            {more.label}
          </Link>
        )}
      </div>
      <ul className="home-row__list">
        {classes.map((card) => (
          <li key={card.id}>
            <ClassCardView card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SubscriberHome({ rows }: { rows: ClassesHome }) {
  const intl = useIntl();
  const t = useClassTexts();
  // The saved classes, as another device may have left them.
  const { classes: saved, refresh } = useFavourites();
  useEffect(() => refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arriving
  const nothing = !rows.continueWatching.length && !rows.newThisWeek.length && !rows.disciplines.length;
  return (
    <div className="page subscriber-home">
      <div className="home-row__header">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <Link href={routes.classes.href()} className="btn btn--ghost">
          {intl.formatMessage(messages.browse)}
        </Link>
      </div>
      {rows.upNext && <UpNextRow upNext={rows.upNext} />}
      {nothing && <p>{intl.formatMessage(messages.empty)}</p>}
      {rows.continueWatching.length > 0 && <Row id="home-continue" title={intl.formatMessage(messages.continue)} classes={rows.continueWatching} />}
      {saved.length > 0 && (
        <Row id="home-my-list" title={intl.formatMessage(messages.myList)} classes={saved} more={{ href: routes.classes.href('list=mine'), label: intl.formatMessage(messages.seeMyList) }} />
      )}
      {rows.newThisWeek.length > 0 && <Row id="home-new" title={intl.formatMessage(messages.newThisWeek)} classes={rows.newThisWeek} />}
      {rows.disciplines.map((row) => {
        const name = t.text(row.discipline.name);
        return (
          <Row
            key={row.discipline.id}
            id={`home-discipline-${row.discipline.id}`}
            title={name}
            classes={row.classes}
            more={{
              href: routes.classes.href(catalogQuery({ ...noFilters, disciplines: [row.discipline.id] })),
              label: intl.formatMessage(seeAllMessage, { discipline: name }),
            }}
          />
        );
      })}
    </div>
  );
}

const failedMessages = defineMessages({
  title: { id: 'subscriberHome.failed.title', defaultMessage: 'Your home could not be loaded' },
  retry: { id: 'subscriberHome.failed.retry', defaultMessage: 'Try again' },
});

/** Whether the account may watch is not known yet: the reason and Try again. */
export function HomeUnavailable({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="page page--narrow">
      <div className="card stack" role="alert">
        <h1>{intl.formatMessage(failedMessages.title)}</h1>
        {reason && <p>{reason}</p>}
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {intl.formatMessage(failedMessages.retry)}
        </button>
      </div>
    </div>
  );
}
