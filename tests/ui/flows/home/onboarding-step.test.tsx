// Home (/home) for an account without a subscription, in English and Spanish: step 3 of the
// sign-up steps, and a failed home call.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    home: 'Choose your plan',
    step3: 'Step 3 of 4',
    next: 'Next',
    benefits: ['No commitments, cancel anytime.', 'Everything on FitStream for one low price.', 'No ads and no extra fees. Ever.'],
  },
  es: {
    home: 'Elige tu plan',
    step3: 'Paso 3 de 4',
    next: 'Siguiente',
    benefits: ['Sin compromisos, cancela cuando quieras.', 'Todo FitStream por un precio bajo.', 'Sin anuncios ni cargos adicionales. Nunca.'],
  },
} as const;

describe.each(['en', 'es'] as Language[])('home screen (%s)', (language) => {
  const t = texts[language];
  /** The subscriber check: this account has no subscription that gives access. */
  const classesHome = vi.fn(async () => ({ kind: 'ok' as const, data: { canPlay: false, continueWatching: [], newThisWeek: [], disciplines: [] } }));

  it('spins first, then shows step 3 of 4 with three benefits; Next goes to /pricing', async () => {
    const home = vi.fn(async () => ({ kind: 'ok' as const, data: { hasSubscription: false, name: null } }));
    renderApp('/home', { language, api: fakeApi({ home, classesHome }) });
    expect(await screen.findByRole('heading', { name: t.home })).toBeTruthy();
    expect(screen.getByText(t.step3)).toBeTruthy();
    expect(screen.getByText(/^(Loading…|Cargando…)$/).closest('[role="status"]')).toBeTruthy();
    for (const benefit of t.benefits) expect(await screen.findByText(benefit, {}, { timeout: 3000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    await waitFor(() => expect(currentPath()).toBe('/pricing'));
  });

  it('shows the server message of a failed home call', async () => {
    const home = vi.fn(async () => ({ kind: 'failed' as const, status: 502, body: { message: 'Payments are down.' } }));
    renderApp('/home', { language, api: fakeApi({ home, classesHome }) });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('Payments are down.');
  });
});
