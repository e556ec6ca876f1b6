// A class (/classes/:id) in English and Spanish: Play or "Choose a plan", and an unknown class.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detail } from '../../../machines/catalog-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { play: 'Play', continue: 'Continue', plan: 'Choose a plan to start watching', notFound: 'This class is not in the catalog' },
  es: { play: 'Reproducir', continue: 'Continuar', plan: 'Elige un plan para empezar a ver', notFound: 'Esta clase no está en el catálogo' },
} as const;

describe.each(['en', 'es'] as Language[])('classes screens (%s)', (language) => {
  const t = texts[language];

  it('offers Play (or Continue) to an account that may watch, a plan to one that may not', async () => {
    const getClass = vi.fn(async () => ({ kind: 'ok' as const, data: { class: detail('a'), canPlay: true } }));
    const { unmount } = renderApp('/classes/a', { language, api: fakeApi({ getClass }) });
    expect((await screen.findByRole('link', { name: t.play }, { timeout: 5000 })).getAttribute('href')).toBe('/watch/a');
    unmount();
    const started = vi.fn(async () => ({ kind: 'ok' as const, data: { class: detail('a', { positionSeconds: 300, completed: false, updatedAt: '2026-11-21T08:00:00.000Z' }), canPlay: true } }));
    const second = renderApp('/classes/a', { language, api: fakeApi({ getClass: started }) });
    expect((await screen.findByRole('link', { name: t.continue }, { timeout: 5000 })).getAttribute('href')).toBe('/watch/a');
    second.unmount();
    const locked = vi.fn(async () => ({ kind: 'ok' as const, data: { class: detail('a'), canPlay: false } }));
    renderApp('/classes/a', { language, api: fakeApi({ getClass: locked }) });
    expect((await screen.findByRole('link', { name: t.plan }, { timeout: 5000 })).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: t.play })).toBeNull();
  });

  it('says an unknown class is not in the catalog', async () => {
    const getClass = vi.fn(async () => ({ kind: 'failed' as const, status: 404, body: { isSuccess: false, message: 'There is no such class.' } }));
    renderApp('/classes/nope', { language, api: fakeApi({ getClass }) });
    expect(await screen.findByRole('heading', { name: t.notFound }, { timeout: 5000 })).toBeTruthy();
  });
});
