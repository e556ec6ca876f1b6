// The profile step (/details) in English and Spanish: loading, error banners, field errors, and
// where its buttons lead.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    details: 'Set Up Your Profile',
    step2: 'Step 2 of 4',
    name: 'Name',
    save: 'Save',
    skip: 'Skip for now',
    nameRequired: 'Please enter a valid name.',
    detailsFailed: 'Personnel details Failed...',
    imageFailed: 'Failed to add image...',
    picture: 'Profile picture (optional)',
  },
  es: {
    details: 'Configura tu perfil',
    step2: 'Paso 2 de 4',
    name: 'Nombre',
    save: 'Guardar',
    skip: 'Omitir por ahora',
    nameRequired: 'Introduce un nombre válido.',
    detailsFailed: 'No se pudieron guardar los datos personales...',
    imageFailed: 'No se pudo añadir la imagen...',
    picture: 'Foto de perfil (opcional)',
  },
} as const;

describe.each(['en', 'es'] as Language[])('details screen (%s)', (language) => {
  const t = texts[language];

  it('is step 2 of 4 and requires a name', async () => {
    renderApp('/details', { language });
    expect(await screen.findByRole('heading', { name: t.details })).toBeTruthy();
    expect(screen.getByText(t.step2)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.nameRequired)).toBeTruthy();
  });

  it('shows the generic failure for a server error, then /home after a successful save', async () => {
    const saveDetails = vi
      .fn()
      .mockResolvedValueOnce({ kind: 'failed', status: 500, body: { isSuccess: false, message: 'boom' } })
      .mockResolvedValueOnce({ kind: 'ok', data: {} });
    renderApp('/details', { language, api: fakeApi({ saveDetails }) });
    await userEvent.type(await screen.findByLabelText(t.name), 'José Núñez');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect((await screen.findByRole('alert')).textContent).toContain(t.detailsFailed);
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(saveDetails).toHaveBeenLastCalledWith({ name: 'José Núñez', image: null }, expect.any(AbortSignal));
  });

  it('clears a picture whose upload fails and says so', async () => {
    const uploadImage = vi.fn(async () => ({ kind: 'failed' as const, status: 415, body: { message: 'Not an image' } }));
    renderApp('/details', { language, api: fakeApi({ uploadImage }) });
    const input = await screen.findByLabelText(t.picture);
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain(t.imageFailed);
    expect(uploadImage).toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: /profile picture|foto/i })).toBeNull();
  });

  it('skips to /home', async () => {
    renderApp('/details', { language });
    await userEvent.click(await screen.findByRole('button', { name: t.skip }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });
});
