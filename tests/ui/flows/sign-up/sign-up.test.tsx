// The register screen (step 1 of the four sign-up steps) in English and Spanish, and the
// journey of a new account on to /details.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fakeApi, OWNER_PROFILE, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    register: 'Create your account',
    registerFailed: 'Register Failed...',
    createButton: 'Create account',
  },
  es: {
    register: 'Crea tu cuenta',
    registerFailed: 'Error en el registro...',
    createButton: 'Crear cuenta',
  },
} as const;

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
    // A new account has one profile, the owner's: it is on it at once.
    const api = fakeApi({ signUp: vi.fn(async () => ({ kind: 'ok' as const, data: { email: 'ana@example.com', token: 'jwt', profile: OWNER_PROFILE } })) });
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
});
