// The login screen in English and Spanish, and the journeys that sign in: back to the page asked
// for, and a signed-in user kept off /login.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '@domain/request-outcome';
import type { SessionUser } from '@domain/session-user';
import { currentPath, fakeApi, OWNER_PROFILE, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    login: 'Sign In',
    emailRequired: 'Please enter a valid email address.',
    passwordRequired: 'Please enter your password.',
    loginButton: 'Login',
    loginUnreachable: 'Failed to Login In. Try Again...',
    signingIn: 'Signing you in…',
  },
  es: {
    login: 'Inicia sesión',
    emailRequired: 'Introduce una dirección de correo electrónico válida.',
    passwordRequired: 'Introduce tu contraseña.',
    loginButton: 'Iniciar sesión',
    loginUnreachable: 'No se pudo iniciar sesión. Inténtalo de nuevo...',
    signingIn: 'Iniciando sesión…',
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

describe('sign-up and sign-in journeys', () => {
  it('a visitor opening /billing signs in and comes back to /billing; remember me keeps it in localStorage', async () => {
    const api = fakeApi({ signIn: vi.fn(async () => ({ kind: 'ok' as const, data: { email: 'ana@example.com', token: 'jwt', profile: OWNER_PROFILE } })) });
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
});
