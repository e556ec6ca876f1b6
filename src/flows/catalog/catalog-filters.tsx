// The catalog's filters: a search box (submitted, so a search is one history entry), then
// discipline, length, level and instructor as groups of toggles. Every toggle is sent at once;
// what is on comes from the machine's filters (the address), never from local state.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { durationRanges, hasFilters, type CatalogFacet, type CatalogFilters, type ClassFacets, type DurationRangeId } from '@domain/catalog';
import { useClassTexts } from '@components/class-texts';

const messages = defineMessages({
  search: { id: 'classes.search.label', defaultMessage: 'Search classes' },
  searchPlaceholder: { id: 'classes.search.placeholder', defaultMessage: 'Title, instructor…' },
  searchButton: { id: 'classes.search.submit', defaultMessage: 'Search' },
  filters: { id: 'classes.filters.title', defaultMessage: 'Filters' },
  discipline: { id: 'classes.filters.discipline', defaultMessage: 'Discipline' },
  duration: { id: 'classes.filters.duration', defaultMessage: 'Length' },
  anyDuration: { id: 'classes.filters.anyDuration', defaultMessage: 'Any length' },
  level: { id: 'classes.filters.level', defaultMessage: 'Level' },
  instructor: { id: 'classes.filters.instructor', defaultMessage: 'Instructor' },
  clear: { id: 'classes.filters.clear', defaultMessage: 'Clear filters' },
});

const activeMessage = defineMessage<{ count: number }>({ id: 'classes.filters.active', defaultMessage: '{count} on' });

export interface CatalogFiltersProps {
  filters: CatalogFilters;
  facets: ClassFacets | null;
  onToggle: (facet: CatalogFacet, value: string) => void;
  onDuration: (duration: DurationRangeId | null) => void;
  onSearch: (q: string) => void;
  onClear: () => void;
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  };
  return (
    <form role="search" className="catalog-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage(messages.search)}
      </label>
      {/* Keyed by the applied search, so Back shows the search of the view it restores. */}
      <input
        key={q}
        id={id}
        name="q"
        type="search"
        className="catalog-search__input"
        defaultValue={q}
        maxLength={100}
        placeholder={intl.formatMessage(messages.searchPlaceholder)}
      />
      <button type="submit" className="btn btn--primary">
        {intl.formatMessage(messages.searchButton)}
      </button>
    </form>
  );
}

function Toggle({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
      {pressed && <span aria-hidden="true">✓ </span>}
      {label}
    </button>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="catalog-filters__group">
      <h2 id={id} className="catalog-filters__label">
        {label}
      </h2>
      <div className="catalog-filters__chips">{children}</div>
    </div>
  );
}

export function CatalogFiltersPanel({ filters, facets, onToggle, onDuration, onSearch, onClear }: CatalogFiltersProps) {
  const intl = useIntl();
  const t = useClassTexts();
  const [wideAtFirst] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 960px)').matches);
  const active = filters.disciplines.length + filters.instructors.length + filters.levels.length + (filters.duration ? 1 : 0);
  return (
    <div className="catalog-filters">
      <SearchBox q={filters.q} onSearch={onSearch} />
      {facets && (
        // Open from the start on wide screens; on a phone the classes come first and the
        // filters open on demand (what is on shows in the summary).
        <details className="catalog-filters__panel" open={wideAtFirst}>
          <summary className="catalog-filters__title">
            {intl.formatMessage(messages.filters)}
            {active > 0 && <span className="catalog-filters__active">{intl.formatMessage(activeMessage, { count: active })}</span>}
          </summary>
          <Group label={intl.formatMessage(messages.discipline)}>
            {facets.disciplines.map((d) => (
              <Toggle key={d.id} label={t.text(d.name)} pressed={filters.disciplines.includes(d.id)} onClick={() => onToggle('discipline', d.id)} />
            ))}
          </Group>
          <Group label={intl.formatMessage(messages.duration)}>
            <Toggle label={intl.formatMessage(messages.anyDuration)} pressed={filters.duration === null} onClick={() => onDuration(null)} />
            {durationRanges.map((range) => (
              <Toggle key={range.id} label={t.durationRange(range.id)} pressed={filters.duration === range.id} onClick={() => onDuration(range.id)} />
            ))}
          </Group>
          <Group label={intl.formatMessage(messages.level)}>
            {facets.levels.map((level) => (
              <Toggle key={level} label={t.level(level)} pressed={filters.levels.includes(level)} onClick={() => onToggle('level', level)} />
            ))}
          </Group>
          <Group label={intl.formatMessage(messages.instructor)}>
            {facets.instructors.map((i) => (
              <Toggle key={i.id} label={i.name} pressed={filters.instructors.includes(i.id)} onClick={() => onToggle('instructor', i.id)} />
            ))}
          </Group>
        </details>
      )}
      {hasFilters(filters) && (
        <button type="button" className="btn btn--ghost" onClick={onClear}>
          {intl.formatMessage(messages.clear)}
        </button>
      )}
    </div>
  );
}

export { messages as filterMessages };
