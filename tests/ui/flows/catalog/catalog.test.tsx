// The catalog (/classes) in English and Spanish: its cards and filters (a filter is a new
// address, Back restores the view), and no match.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card, facets } from '../../../machines/catalog-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { title: 'Classes', count: '2 classes', strength: 'Strength', empty: 'No classes match', clear: 'Clear filters', minutes: '20 min', cardTitle: 'Class a' },
  es: { title: 'Clases', count: '2 clases', strength: 'Fuerza', empty: 'Ninguna clase coincide', clear: 'Quitar filtros', minutes: '20 min', cardTitle: 'Clase a' },
} as const;

const page = (ids: string[]) => ({ kind: 'ok' as const, data: { classes: ids.map((id) => card(id)), total: ids.length, nextCursor: null, facets } });
const search = () => window.location.search;

describe.each(['en', 'es'] as Language[])('classes screens (%s)', (language) => {
  const t = texts[language];

  it('lists the cards in the language, and a filter is a new address that Back undoes', async () => {
    const listClasses = vi.fn(async () => page(['a', 'b']));
    renderApp('/classes', { language, api: fakeApi({ listClasses }) });
    // The first render loads the lazy screen: give it time.
    expect(await screen.findByText(t.count, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeTruthy();
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading', { name: t.cardTitle })).toBeTruthy();
    expect(within(first).getByText(t.minutes)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.strength }));
    await waitFor(() => expect(search()).toBe('?discipline=strength'));
    expect(screen.getByRole('button', { name: t.strength }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(listClasses).toHaveBeenLastCalledWith({ filters: expect.objectContaining({ disciplines: ['strength'] }), cursor: null }, expect.any(AbortSignal)));
    act(() => window.history.back());
    await waitFor(() => expect(search()).toBe(''));
    await waitFor(() => expect(screen.getByRole('button', { name: t.strength }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('says nothing matches, and Clear filters goes back to every class', async () => {
    const listClasses = vi.fn(async (input: { filters: { levels: string[] } }) => (input.filters.levels.length ? page([]) : page(['a', 'b'])));
    renderApp('/classes?level=beginner', { language, api: fakeApi({ listClasses: listClasses as never }) });
    expect(await screen.findByRole('heading', { name: t.empty }, { timeout: 5000 })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: t.clear }).at(-1)!);
    expect(await screen.findByText(t.count)).toBeTruthy();
    expect(window.location.pathname + search()).toBe('/classes');
  });
});
