// Offline: a page that needs the network says "You are offline" instead of its content (never
// a spinner or a blank page), the legal pages still show, and the page comes back by itself
// with the connection (src/app/router.tsx, machines/connectivity.machine.ts).
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, type Language } from '../support/screens-harness';

const texts = {
  en: { title: 'You are offline', terms: /terms of service/i },
  es: { title: 'Estás sin conexión', terms: /términos del servicio/i },
} as const;

const api = () => fakeApi({ listBilling: vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } })) });
const go = (online: boolean) => act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));

describe.each(['en', 'es'] as Language[])('offline (%s)', (language) => {
  const t = texts[language];

  it('shows the notice in place of a page that needs the network, and the page again when back online', async () => {
    const view = renderApp('/billing', { api: api(), language });
    await screen.findByRole('heading', { level: 1 });
    go(false);
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeTruthy();
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
    go(true);
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: t.title })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    view.unmount();
  });

  it('still shows the legal pages', async () => {
    const view = renderApp('/terms', { signedIn: false, language });
    go(false);
    expect(await screen.findByRole('heading', { level: 1, name: t.terms })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.title })).toBeNull();
    go(true);
    view.unmount();
  });
});
