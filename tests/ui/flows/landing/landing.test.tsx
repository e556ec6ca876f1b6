// The landing screen in English and Spanish: its pictures, a one-time sign-in link, the price
// range, and the email sent on to sign-up.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Outcome } from '@domain/request-outcome';
import type { SessionUser } from '@domain/session-user';
import { loadMessages } from '@i18n';
import { currentPath, fakeApi, OWNER_PROFILE, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    signingIn: 'Signing you in…',
  },
  es: {
    signingIn: 'Iniciando sesión…',
  },
} as const;

// The app loads the stored language's catalogue before its first render (src/app/boot.tsx); the
// harness does not, so the pictures' first names would be English. In screens-auth the login
// tests before these loaded it; here the file does, as boot does.
beforeAll(() => loadMessages('es'));

describe.each(['en', 'es'] as Language[])('landing screen (%s)', (language) => {
  it('shows the classes with pictures described in the UI language', async () => {
    renderApp('/', { signedIn: false, language });
    const pictures = await screen.findAllByRole('img');
    const alts = pictures.map((picture) => picture.getAttribute('alt')).filter(Boolean);
    expect(alts).toContain(language === 'en' ? 'An illustrated person lifting a barbell overhead' : 'Ilustración de una persona levantando una barra por encima de la cabeza');
    for (const picture of pictures.filter((element) => element.tagName === 'IMG')) {
      expect(picture.getAttribute('src')).toMatch(/^\/images\/landing\/[a-z-]+\.svg$/);
      expect(picture.getAttribute('width')).toBeTruthy();
      expect(picture.getAttribute('height')).toBeTruthy();
    }
    expect(pictures.filter((element) => element.tagName === 'IMG')).toHaveLength(4);
  });

  it('exchanges a one-time link with a spinner, then lands on /home', async () => {
    let answer: (value: Outcome<SessionUser>) => void = () => {};
    const api = fakeApi({ exchangeLinkToken: vi.fn(() => new Promise<Outcome<SessionUser>>((resolve) => (answer = resolve))) });
    renderApp('/?nftoken=abc&device_id=device-12345', { signedIn: false, api, language });
    expect(await screen.findByText(texts[language].signingIn)).toBeTruthy();
    // The spinner screen has a heading (a page a screen reader can land on).
    expect(screen.getByRole('heading', { level: 1, name: language === 'en' ? 'Signing you in' : 'Iniciando sesión' })).toBeTruthy();
    expect(api.exchangeLinkToken).toHaveBeenCalledWith({ token: 'abc', deviceId: 'device-12345' }, expect.any(AbortSignal));
    answer({ kind: 'ok', data: { email: 'ana@example.com', token: 'jwt', profile: OWNER_PROFILE } });
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it('shows a refused link in the banner and the landing page', async () => {
    const api = fakeApi({ exchangeLinkToken: vi.fn(async () => ({ kind: 'failed' as const, status: 401, body: { message: 'This sign-in link has expired.' } })) });
    renderApp('/?nftoken=old', { signedIn: false, api, language });
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in link has expired.');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  const ranged = {
    en: { hero: 'Plans from €8.99 to €17.99 a month. Cancel anytime.', amounts: ['€8.99', '€17.99'], noRange: 'Watch anywhere. Cancel anytime.', cost: 'How much does FitStream cost?' },
    es: { hero: 'Planes desde 8,99 € hasta 17,99 € al mes. Cancela cuando quieras.', amounts: ['8,99 €', '17,99 €'], noRange: 'Mira donde quieras. Cancela cuando quieras.', cost: '¿Cuánto cuesta FitStream?' },
  }[language];
  // Intl puts a no-break space between a Spanish amount and its sign.
  const textOf = (element: Element | null) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

  it('shows the price range from the server in the hero and the FAQ, formatted for the language', async () => {
    const api = fakeApi({ priceRange: vi.fn(async () => ({ kind: 'ok' as const, data: { min: 899, max: 1799, currency: 'EUR' } })) });
    renderApp('/', { signedIn: false, api, language });
    await waitFor(() => expect(textOf(document.querySelector('.hero__lead'))).toBe(ranged.hero));
    await userEvent.click(screen.getByText(ranged.cost));
    const answer = textOf(document.querySelector('.faq__details[open] .faq__answer'));
    for (const amount of ranged.amounts) expect(answer).toContain(amount);
    expect(api.priceRange).toHaveBeenCalled();
  });

  it('keeps the range-free copy, without a banner, when the range cannot be loaded', async () => {
    const api = fakeApi({ priceRange: vi.fn(async () => ({ kind: 'unreachable' as const })) });
    renderApp('/', { signedIn: false, api, language });
    await waitFor(() => expect(api.priceRange).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(textOf(document.querySelector('.hero__lead'))).toBe(ranged.noRange);
    await userEvent.click(screen.getByText(ranged.cost));
    expect(textOf(document.querySelector('.faq__details[open] .faq__answer'))).not.toMatch(/€/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the typed email to sign-up', async () => {
    renderApp('/', { signedIn: false, language });
    const input = await screen.findByLabelText(language === 'en' ? 'Email address' : /correo/i);
    await userEvent.type(input, 'ana@example.com{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/register?email=ana%40example.com'));
  });
});
