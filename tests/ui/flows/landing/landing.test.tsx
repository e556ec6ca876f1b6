// Landing, login and register screens, and the route guards, in English and Spanish.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '@domain/request-outcome';
import type { SessionUser } from '@domain/session-user';
import { currentPath, fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    login: 'Sign In',
    emailRequired: 'Please enter a valid email address.',
    passwordRequired: 'Please enter your password.',
    loginButton: 'Login',
    loginUnreachable: 'Failed to Login In. Try Again...',
    signingIn: 'Signing you in…',
    register: 'Create your account',
    registerFailed: 'Register Failed...',
    createButton: 'Create account',
  },
  es: {
    login: 'Inicia sesión',
    emailRequired: 'Introduce una dirección de correo electrónico válida.',
    passwordRequired: 'Introduce tu contraseña.',
    loginButton: 'Iniciar sesión',
    loginUnreachable: 'No se pudo iniciar sesión. Inténtalo de nuevo...',
    signingIn: 'Iniciando sesión…',
    register: 'Crea tu cuenta',
    registerFailed: 'Error en el registro...',
    createButton: 'Crear cuenta',
  },
} as const;

describe.each(['en', 'es'] as Language[])('login screen (%s)', (language) => {
  const t = texts[language];

  it('blocks an empty form with the rule messages', async () => {
    renderApp('/login', { signedIn: false, language });
    await userEvent.click(await screen.findByRole('button', { name: t.loginButton }));
    expect(await screen.findByText(t.emailRequired)).toBeTruthy();
    expect(screen.getByText(t.passwordRequired)).toBeTruthy();
  });

  it('replaces the form with a spinner, then shows the failure in an assertive banner', async () => {
    let answer: (value: Outcome<SessionUser>) => void = () => {};
    const api = fakeApi({ signIn: vi.fn(() => new Promise<Outcome<SessionUser>>((resolve) => (answer = resolve))) });
    renderApp('/login', { signedIn: false, language, api });
    await userEvent.type(await screen.findByLabelText(language === 'en' ? 'Email address' : 'Correo electrónico'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(language === 'en' ? 'Password' : 'Contraseña'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: t.loginButton }));
    expect(await screen.findByText(t.signingIn)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.loginButton })).toBeNull();
    answer({ kind: 'unreachable' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t.loginUnreachable);
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(api.signIn).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'Secret#123', deviceId: '0f8fad5bd9cb469f' }, expect.any(AbortSignal));
  });

  it('shows the server message as the server wrote it', async () => {
    const api = fakeApi({ signIn: vi.fn(async () => ({ kind: 'failed' as const, status: 401, body: { isSuccess: false, message: 'Wrong email or password.' } })) });
    renderApp('/login', { signedIn: false, language, api });
    await userEvent.type(await screen.findByLabelText(language === 'en' ? 'Email address' : 'Correo electrónico'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(language === 'en' ? 'Password' : 'Contraseña'), 'x');
    await userEvent.click(screen.getByRole('button', { name: t.loginButton }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password.');
  });
});

describe.each(['en', 'es'] as Language[])('register screen (%s)', (language) => {
  const t = texts[language];

  it('prefills the email from the landing page, defaults to US, shows a failure banner', async () => {
    const api = fakeApi({ signUp: vi.fn(async () => ({ kind: 'failed' as const, status: 500, body: null })) });
    renderApp('/register?email=ana%40example.com', { signedIn: false, language, api });
    expect(await screen.findByRole('heading', { name: t.register })).toBeTruthy();
    // The first of the four sign-up steps (docs: decisions.md).
    expect(screen.getByText(language === 'en' ? 'Step 1 of 4' : 'Paso 1 de 4')).toBeTruthy();
    expect((screen.getByLabelText(language === 'en' ? 'Email address' : 'Correo electrónico') as HTMLInputElement).value).toBe('ana@example.com');
    expect((screen.getByLabelText(language === 'en' ? 'Country' : 'País') as HTMLSelectElement).value).toBe('US');
    await userEvent.type(screen.getByLabelText(language === 'en' ? 'Password' : 'Contraseña'), 'Secret#123');
    await userEvent.type(screen.getByLabelText(language === 'en' ? 'Confirm password' : 'Confirmar contraseña'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: t.createButton }));
    expect((await screen.findByRole('alert')).textContent).toContain(t.registerFailed);
  });
});

describe('sign-up and sign-in journeys', () => {
  it('a new account goes to /details (step 2 of 4), replacing history', async () => {
    const api = fakeApi({ signUp: vi.fn(async () => ({ kind: 'ok' as const, data: { email: 'ana@example.com', token: 'jwt' } })) });
    const { local, session } = renderApp('/register', { signedIn: false, api });
    await userEvent.type(await screen.findByLabelText('Email address'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Set Up Your Profile' })).toBeTruthy();
    expect(currentPath()).toBe('/details');
    expect(session.getItem('fitstream.session')).toContain('ana@example.com');
    expect(local.getItem('fitstream.session')).toBeNull();
  });

  it('a visitor opening /billing signs in and comes back to /billing; remember me keeps it in localStorage', async () => {
    const api = fakeApi({ signIn: vi.fn(async () => ({ kind: 'ok' as const, data: { email: 'ana@example.com', token: 'jwt' } })) });
    const { local } = renderApp('/billing', { signedIn: false, api });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    await userEvent.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/billing'));
    expect(local.getItem('fitstream.session')).toContain('jwt');
  });

  it('a signed-in user opening /login goes to /home', async () => {
    renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it('unknown paths go to /', async () => {
    renderApp('/nowhere', { signedIn: false });
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('legal pages are public', async () => {
    renderApp('/terms', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(currentPath()).toBe('/terms');
  });

  it('logging out clears the user and goes to /', async () => {
    const { local, api } = renderApp('/success');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(local.getItem('fitstream.session')).toBeNull();
    expect(api.logout).toHaveBeenCalled();
  });
});

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
    answer({ kind: 'ok', data: { email: 'ana@example.com', token: 'jwt' } });
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
