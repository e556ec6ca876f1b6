// What's new after a release: a signed-in user on a device that last saw an older version gets
// the newest changelog entry once, in their language, in an accessible dialog (labelled, focus
// inside, Escape closes); a device's first visit and visitors get nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@lib/persistence';
import { fakeApi, MemoryStorage, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: { title: "What's new in version 1.4.0", change: 'The whole app is now available in Spanish.', close: 'Got it', all: 'See every change' },
  es: { title: 'Novedades de la versión 1.4.0', change: 'Toda la aplicación está ahora disponible en español.', close: 'Entendido', all: 'Ver todos los cambios' },
} as const;

function deviceThatSaw(version: string | null): MemoryStorage {
  const local = new MemoryStorage();
  if (version) local.setItem(STORAGE_KEYS.seenVersion, JSON.stringify(version));
  return local;
}

const api = () => fakeApi({ listBilling: vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } })) });

describe.each(['en', 'es'] as Language[])("What's new (%s)", (language) => {
  const t = texts[language];

  it('shows the newest release once to a signed-in user, focus inside, and Escape closes it for good', async () => {
    const user = userEvent.setup();
    const local = deviceThatSaw('1.3.2');
    const first = renderApp('/billing', { api: api(), language, localStorage: local });
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(within(dialog).getByText(t.change)).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: t.close });
    await waitFor(() => expect(document.activeElement).toBe(close));
    // Tab goes round inside the dialog.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: t.all }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(local.getItem(STORAGE_KEYS.seenVersion) ?? 'null')).toBe('1.4.0');
    first.unmount();

    renderApp('/billing', { api: api(), language, localStorage: local });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing on a device\'s first visit, and records the version', async () => {
    const local = deviceThatSaw(null);
    renderApp('/billing', { api: api(), language, localStorage: local });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(JSON.parse(local.getItem(STORAGE_KEYS.seenVersion) ?? 'null')).toBe('1.4.0'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing to a visitor', async () => {
    const local = deviceThatSaw('1.3.2');
    renderApp('/terms', { signedIn: false, language, localStorage: local });
    await screen.findByRole('heading', { level: 1 });
    // The dialog's code has arrived and decided: still nothing, and nothing recorded.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(local.getItem(STORAGE_KEYS.seenVersion) ?? 'null')).toBe('1.3.2');
  });
});
