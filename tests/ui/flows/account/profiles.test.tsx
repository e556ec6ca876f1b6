// /account's Profiles section (issue 41, decision 064), anchored #profiles: the household's
// profiles with their marks, Add profile (focus in its first field; disabled and explained at
// the limit), a PIN refused for a wrong password (said in the section, the form kept), and
// Delete behind a dialog that says what is lost, taking focus and giving it back; in English and
// Spanish.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok } from '@domain/request-outcome';
import type { AccountView, Profile, ProfilesView } from '@machines/account.machine';
import { fakeApi, OWNER_PROFILE, renderApp, type Language } from '../../support/screens-harness';

const here = { id: 'a0000000-0000-4000-8000-000000000001', deviceName: 'Chrome on macOS', profileName: 'Ana', signedInAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-22T10:00:00.000Z', current: true };
const account = (language: Language): AccountView => ({
  account: { email: 'ana@example.com', name: 'Ana', image: null, language, createdAt: '2026-10-01T00:00:00.000Z' },
  devices: [here],
});
const ana: Profile = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Ana', image: null, language: 'en', owner: true, locked: false };
const leo: Profile = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Leo', image: 'leo.png', language: 'es', owner: false, locked: true };
const household: ProfilesView = { profiles: [ana, leo], chosen: ana.id, limit: 5 };

async function profilesSection(name = 'Profiles') {
  return within((await screen.findByRole('heading', { name }, { timeout: 15_000 })).closest('section')!);
}

describe('/account, Profiles', { timeout: 20_000 }, () => {
  it('is the #profiles section and lists each profile with its marks and language', async () => {
    renderApp('/account#profiles', { api: fakeApi({ account: vi.fn(async () => ok(account('en'))), listProfiles: vi.fn(async () => ok(household)) }) });
    const section = await profilesSection();
    expect((await screen.findByRole('heading', { name: 'Profiles' })).closest('section')?.id).toBe('profiles');
    await section.findByText('Leo');
    const [first, second] = section.getAllByRole('listitem');
    expect(within(first!).getByText('Owner')).toBeTruthy();
    expect(within(first!).getByText('You')).toBeTruthy();
    expect(within(first!).queryByText('PIN')).toBeNull();
    expect(within(first!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(second!).getByText('PIN')).toBeTruthy();
    expect(within(second!).getByText('Español').getAttribute('lang')).toBe('es');
    expect(within(second!).getByRole('button', { name: 'Change PIN of Leo' })).toBeTruthy();
  });

  it('adds a profile: the form takes focus, the name is checked, and the section says it worked', async () => {
    const mia: Profile = { id: 'b0000000-0000-4000-8000-000000000003', name: 'Mia', image: null, language: 'en', owner: false, locked: false };
    const addProfile = vi.fn(async () => ok({ profile: mia }));
    renderApp('/account', { api: fakeApi({ account: vi.fn(async () => ok(account('en'))), listProfiles: vi.fn(async () => ok(household)), addProfile }) });
    const section = await profilesSection();
    await userEvent.click(await section.findByRole('button', { name: 'Add profile' }));
    const name = section.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await userEvent.click(section.getByRole('button', { name: 'Add profile' }));
    expect(await section.findByText('Please enter a valid name.')).toBeTruthy();
    await userEvent.type(name, 'Mia');
    expect(section.getByLabelText('Language of the app for this profile')).toHaveProperty('value', 'en');
    await userEvent.click(section.getByRole('button', { name: 'Add profile' }));
    expect(await section.findByText('The profile has been added.')).toBeTruthy();
    expect(addProfile).toHaveBeenCalledWith({ name: 'Mia', image: null, language: 'en' }, expect.anything());
    expect(section.getByText('Mia')).toBeTruthy();
    // The form went with the focused button: focus is on the section's notice, not lost.
    expect(document.activeElement).toBe(section.getByRole('status'));
  });

  it('editing the profile this device is on: the session takes it and the app speaks its new language', async () => {
    const updated = { ...OWNER_PROFILE, language: 'es' as const };
    const updateProfile = vi.fn(async () => ok({ profile: updated }));
    const { actors } = renderApp('/account', {
      api: fakeApi({ account: vi.fn(async () => ok(account('en'))), listProfiles: vi.fn(async () => ok({ ...household, profiles: [OWNER_PROFILE, leo], chosen: OWNER_PROFILE.id })), updateProfile }),
    });
    const section = await profilesSection();
    await userEvent.click(await section.findByRole('button', { name: 'Edit Ana' }));
    await userEvent.selectOptions(section.getByLabelText('Language of the app for this profile'), 'es');
    await userEvent.click(section.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('heading', { name: 'Perfiles' })).toBeTruthy();
    expect(updateProfile).toHaveBeenCalledWith({ profileId: OWNER_PROFILE.id, changes: { language: 'es' } }, expect.anything());
    expect(actors.session.getSnapshot().context.user?.profile).toEqual(updated);
  });

  it('at the limit, Add profile is disabled and says why', async () => {
    const five = [ana, leo, ...['Mia', 'Noa', 'Pau'].map((name, index) => ({ ...leo, id: `b0000000-0000-4000-8000-00000000001${index}`, name }))];
    renderApp('/account', { api: fakeApi({ account: vi.fn(async () => ok(account('en'))), listProfiles: vi.fn(async () => ok({ ...household, profiles: five })) }) });
    const section = await profilesSection();
    const add = await section.findByRole('button', { name: 'Add profile' });
    expect(add).toHaveProperty('disabled', true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('This household has 5 profiles, the most it can have. Delete one to add another.');
  });

  it('a wrong password keeps the PIN form and says so in the section', async () => {
    const setProfilePin = vi.fn(async () => failed(400, { isSuccess: false, message: 'The password is not right.', statusCode: 400, code: 'account.wrongPassword' }));
    renderApp('/account', { api: fakeApi({ account: vi.fn(async () => ok(account('en'))), listProfiles: vi.fn(async () => ok(household)), setProfilePin }) });
    const section = await profilesSection();
    await userEvent.click(await section.findByRole('button', { name: 'Set PIN for Ana' }));
    await userEvent.type(section.getByLabelText('New PIN (4 digits)'), '1234');
    await userEvent.type(section.getByLabelText('Your account password'), 'Wrong#Pass1');
    await userEvent.click(section.getByRole('button', { name: 'Save PIN' }));
    expect(await section.findByText('The password is not right.')).toBeTruthy();
    expect(setProfilePin).toHaveBeenCalledWith({ profileId: ana.id, pin: '1234', password: 'Wrong#Pass1' }, expect.anything());
    expect(section.getByLabelText('New PIN (4 digits)')).toHaveProperty('value', '1234');
  });

  it.each(['en', 'es'] as Language[])('deletes a profile behind a dialog that says what is lost (%s)', async (language) => {
    const t =
      language === 'en'
        ? { section: 'Profiles', open: 'Delete Leo', title: 'Delete Leo’s profile?', lost: 'the schedule and its calendar link', devices: 'Devices training as Leo are signed out.', cancel: 'Cancel', confirm: 'Delete profile', done: 'The profile and everything it trained with have been deleted. Its devices have been signed out.' }
        : { section: 'Perfiles', open: 'Eliminar a Leo', title: '¿Eliminar el perfil de Leo?', lost: 'la agenda y su enlace de calendario', devices: 'Se cierra la sesión en los dispositivos que entrenan como Leo.', cancel: 'Cancelar', confirm: 'Eliminar perfil', done: 'Se han borrado el perfil y todo aquello con lo que entrenó. Se ha cerrado la sesión en sus dispositivos.' };
    const deleteProfile = vi.fn(async () => ok({ message: 'Deleted.' }));
    renderApp('/account', { language, api: fakeApi({ account: vi.fn(async () => ok(account(language))), listProfiles: vi.fn(async () => ok(household)), deleteProfile }) });
    const section = await profilesSection(t.section);
    const open = await section.findByRole('button', { name: t.open });

    await userEvent.click(open);
    const dialog = await screen.findByRole('alertdialog', { name: t.title });
    expect(within(dialog).getByText(t.lost)).toBeTruthy();
    expect(within(dialog).getByText(t.devices)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: t.cancel }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(deleteProfile).not.toHaveBeenCalled();

    await userEvent.click(open);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.confirm }));
    expect(await section.findByText(t.done)).toBeTruthy();
    expect(deleteProfile).toHaveBeenCalledWith({ profileId: leo.id }, expect.anything());
    expect(section.queryByText('Leo')).toBeNull();
    // The row went with the focused button: focus is on the section's notice, not lost.
    await waitFor(() => expect(document.activeElement).toBe(section.getByRole('status')));
  });
});
