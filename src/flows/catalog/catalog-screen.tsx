// /classes: a view of the catalog machine. The address's query is the filters: read at start,
// and told to the machine whenever it changes under the screen (Back, Forward, a link); the
// machine makes every change the user asks for a new address itself.
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { EmptyState, Spinner, useMessageText } from '@components';
import { useFavourites } from '@features/favourites';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { hasFilters, parseCatalogQuery } from '@domain/catalog';
import { catalogMachine } from '@machines/catalog.machine';
import { CatalogFiltersPanel } from './catalog-filters';
import { ClassCardView } from '@components/class-card';

const messages = defineMessages({
  title: { id: 'classes.title', defaultMessage: 'Classes' },
  results: { id: 'classes.results', defaultMessage: 'Classes found' },
  loading: { id: 'classes.loading', defaultMessage: 'Loading classes…' },
  more: { id: 'classes.more', defaultMessage: 'Show more' },
  loadingMore: { id: 'classes.loadingMore', defaultMessage: 'Loading more…' },
  emptyTitle: { id: 'classes.empty.title', defaultMessage: 'No classes match' },
  emptyText: { id: 'classes.empty.text', defaultMessage: 'Try other words, or fewer filters.' },
  emptyClear: { id: 'classes.empty.clear', defaultMessage: 'Clear filters' },
  failedTitle: { id: 'classes.failed.title', defaultMessage: 'The classes could not be loaded' },
  retry: { id: 'classes.retry', defaultMessage: 'Try again' },
  lists: { id: 'classes.lists', defaultMessage: 'Show' },
  all: { id: 'classes.all', defaultMessage: 'All classes' },
  myList: { id: 'classes.myList', defaultMessage: 'My list' },
  myListEmpty: { id: 'classes.myList.empty', defaultMessage: 'Nothing saved yet. Press "Save" on a class to keep it here.' },
});

/** /classes?list=mine: the saved classes instead of the catalog, the same on every device. */
function MyList() {
  const intl = useIntl();
  const { classes, refresh } = useFavourites();
  useEffect(() => refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arriving
  return (
    <section className="catalog__results" aria-labelledby="catalog-my-list">
      <h2 id="catalog-my-list" className="visually-hidden">
        {intl.formatMessage(messages.myList)}
      </h2>
      {classes.length === 0 ? (
        <p role="status">{intl.formatMessage(messages.myListEmpty)}</p>
      ) : (
        <ul className="class-grid">
          {classes.map((card) => (
            <li key={card.id}>
              <ClassCardView card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
const countMessage = defineMessage<{ count: number }>({ id: 'classes.count', defaultMessage: '{count, plural, one {# class} other {# classes}}' });
const shownMessage = defineMessage<{ shown: number; total: number }>({ id: 'classes.shown', defaultMessage: 'Showing {shown} of {total}' });

export default function CatalogScreen() {
  const intl = useIntl();
  const messageText = useMessageText();
  const search = useSearch();
  const [snapshot, send] = useFlow(catalogMachine, { filters: parseCatalogQuery(search) });
  const { filters, facets, classes, total, failure } = snapshot.context;

  useEffect(() => {
    send({ type: 'address.change', filters: parseCatalogQuery(search) });
  }, [search, send]);

  const clear = () => send({ type: 'filters.clear' });
  const loading = snapshot.hasTag('loading');
  const mine = new URLSearchParams(search).get('list') === 'mine';
  return (
    <div className="page catalog">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <nav className="catalog__lists" aria-label={intl.formatMessage(messages.lists)}>
        <Link href={routes.classes.href()} className="chip" aria-current={mine ? undefined : 'page'}>
          {intl.formatMessage(messages.all)}
        </Link>
        <Link href={routes.classes.href('list=mine')} className="chip" aria-current={mine ? 'page' : undefined}>
          {intl.formatMessage(messages.myList)}
        </Link>
      </nav>
      {mine ? (
        <MyList />
      ) : (
      <div className="catalog__layout">
        <CatalogFiltersPanel
          filters={filters}
          facets={facets}
          onToggle={(facet, value) => send({ type: 'facet.toggle', facet, value })}
          onDuration={(duration) => send({ type: 'duration.select', duration })}
          onSearch={(q) => send({ type: 'search.submit', q })}
          onClear={clear}
        />
        <section className="catalog__results" aria-labelledby="catalog-results" aria-busy={loading}>
          <h2 id="catalog-results" className="visually-hidden">
            {intl.formatMessage(messages.results)}
          </h2>
          {loading && <Spinner size="lg" label={messages.loading} />}
          {snapshot.matches('failed') && (
            <div className="catalog__state card stack" role="alert">
              <h3>{intl.formatMessage(messages.failedTitle)}</h3>
              {failure && <p>{messageText(failure.message)}</p>}
              <div className="catalog__state-actions">
                <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
                  {intl.formatMessage(messages.retry)}
                </button>
                {hasFilters(filters) && (
                  <button type="button" className="btn btn--ghost" onClick={clear}>
                    {intl.formatMessage(messages.emptyClear)}
                  </button>
                )}
              </div>
            </div>
          )}
          {snapshot.matches('empty') && (
            <div className="catalog__state" role="status">
              <EmptyState
                headingLevel={3}
                title={intl.formatMessage(messages.emptyTitle)}
                action={
                  hasFilters(filters) && (
                    <button type="button" className="btn btn--primary" onClick={clear}>
                      {intl.formatMessage(messages.emptyClear)}
                    </button>
                  )
                }
              >
                {intl.formatMessage(messages.emptyText)}
              </EmptyState>
            </div>
          )}
          {snapshot.matches('browsing') && (
            <>
              <p className="catalog__count" role="status">
                {intl.formatMessage(countMessage, { count: total })}
              </p>
              <ul className="class-grid">
                {classes.map((card) => (
                  <li key={card.id}>
                    <ClassCardView card={card} />
                  </li>
                ))}
              </ul>
              {snapshot.matches({ browsing: 'moreFailed' }) && failure && (
                <p className="catalog__more-failed" role="alert">
                  {messageText(failure.message)}
                </p>
              )}
              <div className="catalog__more">
                <p>{intl.formatMessage(shownMessage, { shown: classes.length, total })}</p>
                {snapshot.context.nextCursor !== null && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-disabled={snapshot.hasTag('busy')}
                    onClick={() => !snapshot.hasTag('busy') && send({ type: 'more.load' })}
                  >
                    {intl.formatMessage(snapshot.hasTag('busy') ? messages.loadingMore : messages.more)}
                  </button>
                )}
              </div>
            </>
          )}
        </section>
      </div>
      )}
    </div>
  );
}
