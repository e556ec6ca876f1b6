// Save (the favourites feature) in English and Spanish: a class card's Save, offered once the
// list is known, toggles its pressed state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card, facets } from '../../../machines/catalog-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { saveCard: /^Save/ },
  es: { saveCard: /^Guardar/ },
} as const;

describe.each(['en', 'es'] as Language[])('activity (%s)', (language) => {
  const t = texts[language];

  it('offers Save on each card once the list is known, pressed for a saved class', async () => {
    const listClasses = vi.fn(async () => ({ kind: 'ok' as const, data: { classes: [card('a'), card('b')], total: 2, nextCursor: null, facets } }));
    const listFavourites = vi.fn(async () => ({ kind: 'ok' as const, data: { classes: [card('b')] } }));
    const setFavourite = vi.fn(async () => ({ kind: 'ok' as const, data: { saved: true } }));
    renderApp('/classes', { language, api: fakeApi({ listClasses, listFavourites, setFavourite }) });
    await waitFor(() => expect(screen.getAllByRole('button', { name: t.saveCard })).toHaveLength(2), { timeout: 5000 });
    const [first, second] = screen.getAllByRole('article');
    expect(within(second!).getByRole('button', { name: t.saveCard }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(first!).getByRole('button', { name: t.saveCard }));
    await waitFor(() => expect(setFavourite).toHaveBeenCalledWith({ classId: 'a', saved: true }, expect.any(AbortSignal)));
  });
});
