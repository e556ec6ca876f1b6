// Home (/home) for a subscriber, in English and Spanish: the classes' rows instead of the
// onboarding step.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { card } from '../../../machines/catalog-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { newThisWeek: 'New this week', cardTitle: 'Class a' },
  es: { newThisWeek: 'Novedades de esta semana', cardTitle: 'Clase a' },
} as const;

describe.each(['en', 'es'] as Language[])('classes screens (%s)', (language) => {
  const t = texts[language];

  it("shows a subscriber's home rows instead of the onboarding step", async () => {
    const classesHome = vi.fn(async () => ({ kind: 'ok' as const, data: { canPlay: true, continueWatching: [], newThisWeek: [card('a')], disciplines: [] } }));
    const home = vi.fn();
    renderApp('/home', { language, api: fakeApi({ classesHome, home }) });
    const row = await screen.findByRole('region', { name: t.newThisWeek }, { timeout: 5000 });
    expect(within(row).getByRole('link', { name: new RegExp(t.cardTitle) }).getAttribute('href')).toBe('/classes/a');
    expect(home).not.toHaveBeenCalled();
  });
});
