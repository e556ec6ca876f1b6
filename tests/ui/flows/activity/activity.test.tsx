// /activity in English and Spanish: the totals, the streak, the chart (lazy) and its table, the
// history; a goal saved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { overview } from '../../../machines/activity-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { title: 'Activity', thisWeek: '40 minutes · 2 classes', streak: '3 weeks in a row', chart: 'Minutes per week, last 12 weeks', history: 'Completed classes', item: 'Class 1', save: 'Save goal', target: 'Each week', classes: 'Classes' },
  es: { title: 'Actividad', thisWeek: '40 minutos · 2 clases', streak: '3 semanas seguidas', chart: 'Minutos por semana, últimas 12 semanas', history: 'Clases completadas', item: 'Clase 1', save: 'Guardar objetivo', target: 'Cada semana', classes: 'Clases' },
} as const;

describe.each(['en', 'es'] as Language[])('activity (%s)', (language) => {
  const t = texts[language];

  it('shows the totals, the streak, the chart with its table and the history; saves a goal', async () => {
    const getActivity = vi.fn(async () => ({ kind: 'ok' as const, data: overview({ kind: 'minutes', target: 60 }) }));
    const setWeeklyGoal = vi.fn(async () => ({ kind: 'ok' as const, data: overview({ kind: 'classes', target: 2 }) }));
    renderApp('/activity', { language, api: fakeApi({ getActivity, setWeeklyGoal }) });
    expect(await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 })).toBeTruthy();
    expect((await screen.findByTestId('activity-this-week')).textContent).toBe(t.thisWeek);
    expect(screen.getByTestId('activity-streak').textContent).toBe(t.streak);
    expect(await screen.findByRole('img', { name: (name) => name.startsWith(t.chart) }, { timeout: 5000 })).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(13);
    const history = screen.getByRole('region', { name: t.history });
    expect(within(history).getByRole('link', { name: t.item }).getAttribute('href')).toBe('/classes/class-1');
    await userEvent.click(screen.getByRole('radio', { name: t.classes }));
    await userEvent.clear(screen.getByLabelText(t.target));
    await userEvent.type(screen.getByLabelText(t.target), '2');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(setWeeklyGoal).toHaveBeenCalledWith({ kind: 'classes', target: 2 }, expect.any(AbortSignal)));
  }, 20_000);
});
