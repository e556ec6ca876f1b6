// What a new user hits around the screens: the tab's title per page and language, the skip
// link, focus on the new page's heading after a navigation, and /success and /cancel that only
// a checkout return reaches (opened directly they lead somewhere sensible).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fakeApi, renderApp, type Language } from '../support/screens-harness';

const titles = {
  en: { terms: 'Terms of use · FitStream', pricing: 'Plans and pricing · FitStream', billing: 'Billing and subscription · FitStream', skip: 'Skip to content' },
  es: { terms: 'Condiciones de uso · FitStream', pricing: 'Planes y precios · FitStream', billing: 'Facturación y suscripción · FitStream', skip: 'Saltar al contenido' },
} as const;

const noBilling = () => vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } }));

describe.each(['en', 'es'] as Language[])('around every screen (%s)', (language) => {
  const t = titles[language];

  it('titles the tab after the page, in the UI language', async () => {
    renderApp('/terms', { signedIn: false, language });
    await waitFor(() => expect(document.title).toBe(t.terms));
  });

  it('offers a skip link first, which moves focus to the page heading', async () => {
    const user = userEvent.setup();
    renderApp('/terms', { signedIn: false, language });
    const heading = await screen.findByRole('heading', { level: 1 });
    // A page opened directly starts at the top of the document.
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    const skip = screen.getByRole('link', { name: t.skip });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(heading);
  });

  it('moves focus to the new page heading after a navigation, and retitles the tab', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ listBilling: noBilling(), listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: [] })) });
    renderApp('/billing', { language, api });
    await waitFor(() => expect(document.title).toBe(t.billing));
    await user.click(await screen.findByRole('link', { name: language === 'en' ? 'See plans' : 'Ver planes' }, { timeout: 3000 }));
    await waitFor(() => expect(currentPath()).toBe('/pricing'));
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    await waitFor(() => expect(document.title).toBe(t.pricing));
  });

  it('sends a user who opens /success directly to Billing, and /cancel to the plans', async () => {
    const api = fakeApi({ listBilling: noBilling() });
    const first = renderApp('/success', { language, api });
    await waitFor(() => expect(currentPath()).toBe('/billing'));
    first.unmount();
    renderApp('/cancel', { language, api });
    await waitFor(() => expect(currentPath()).toBe('/pricing'));
  });
});
