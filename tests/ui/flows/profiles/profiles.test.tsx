// "Who's training?" (/profiles) in the app: a sign-in with no profile chosen goes there and comes
// back to the page asked for; a locked profile asks its PIN (focused, the server's refusal under
// it); the remembered profile, or an account's only one, is chosen at once; a member is kept off
// the owner's pages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '@domain/session-user';
import { currentPath, fakeApi, MemoryStorage, OWNER_PROFILE, renderApp, tokenFor } from '../../support/screens-harness';

const leo: Profile = { id: 'profile-leo', name: 'Leo', image: null, language: 'es', owner: false, locked: true };
const mia: Profile = { id: 'profile-mia', name: 'Mia', image: 'mia.png', language: 'en', owner: false, locked: false };
const household = { kind: 'ok' as const, data: { profiles: [OWNER_PROFILE, leo, mia], chosen: null, limit: 5 } };
const token = tokenFor('account-ana');
const chosen = (profile: Profile) => ({ kind: 'ok' as const, data: { token: `jwt-${profile.id}`, profile, language: profile.language } });

describe("Who's training?", { timeout: 20_000 }, () => {
  it('is where a sign-in with no profile chosen lands; choosing goes back to the page asked for', async () => {
    const api = fakeApi({ listProfiles: vi.fn(async () => household), chooseProfile: vi.fn(async () => chosen(mia)) });
    const { actors, local } = renderApp('/classes', { api, profile: null, token });
    expect(await screen.findByRole('heading', { level: 1, name: "Who's training?" }, { timeout: 15_000 })).toBeTruthy();
    expect(currentPath()).toBe('/profiles');
    // A button per profile; the locked one says so.
    expect(await screen.findByRole('button', { name: 'Ana' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leo PIN' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage profiles' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mia' }));
    await waitFor(() => expect(currentPath()).toBe('/classes'));
    expect(api.chooseProfile).toHaveBeenCalledWith({ profileId: mia.id }, expect.any(AbortSignal));
    expect(actors.session.getSnapshot().context.user).toMatchObject({ token: 'jwt-profile-mia', profile: mia });
    // Remembered on this device for the account.
    expect(local.getItem('fitstream.profile.account-ana')).toBe(JSON.stringify(mia.id));
  });

  it("asks a locked profile's PIN in a focused, labelled field and shows the server's refusal under it", async () => {
    const chooseProfile = vi
      .fn()
      .mockResolvedValueOnce({ kind: 'failed', status: 403, body: { isSuccess: false, statusCode: 403, code: 'profiles.wrongPin', message: 'Wrong PIN: 4 tries left.' } })
      .mockResolvedValueOnce(chosen(leo));
    const api = fakeApi({ listProfiles: vi.fn(async () => household), chooseProfile });
    renderApp('/profiles', { api, profile: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Leo PIN' }));
    const field = await screen.findByLabelText('PIN (4 digits)');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 4 digits of the PIN.')).toBeTruthy();
    await userEvent.type(field, '34');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong PIN: 4 tries left.')).toBeTruthy();
    expect(chooseProfile).toHaveBeenLastCalledWith({ profileId: leo.id, pin: '1234' }, expect.any(AbortSignal));
    const again = screen.getByLabelText('PIN (4 digits)');
    expect(again.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(again, '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it('goes straight in on the only profile of an account (a session kept before profiles too)', async () => {
    const api = fakeApi({
      listProfiles: vi.fn(async () => ({ kind: 'ok' as const, data: { profiles: [OWNER_PROFILE], chosen: OWNER_PROFILE.id, limit: 5 } })),
      chooseProfile: vi.fn(async () => chosen(OWNER_PROFILE)),
    });
    const { actors } = renderApp('/schedule', { api, profile: null, token });
    await waitFor(() => expect(currentPath()).toBe('/schedule'), { timeout: 15_000 });
    expect(api.chooseProfile).toHaveBeenCalledWith({ profileId: OWNER_PROFILE.id }, expect.any(AbortSignal));
    expect(actors.session.getSnapshot().context.user?.profile).toEqual(OWNER_PROFILE);
  });

  it('chooses at once the profile this device remembered for the account, and asks the PIN of a locked one', async () => {
    const api = fakeApi({ listProfiles: vi.fn(async () => household), chooseProfile: vi.fn(async () => chosen(mia)) });
    const localStorage = new MemoryStorage();
    localStorage.setItem('fitstream.profile.account-ana', JSON.stringify(mia.id));
    const first = renderApp('/schedule', { api, profile: null, token, localStorage });
    await waitFor(() => expect(currentPath()).toBe('/schedule'));
    expect(api.chooseProfile).toHaveBeenCalledWith({ profileId: mia.id }, expect.any(AbortSignal));
    first.unmount();
    localStorage.setItem('fitstream.profile.account-ana', JSON.stringify(leo.id));
    renderApp('/profiles', { api, profile: null, token, localStorage });
    expect(await screen.findByRole('heading', { name: "Leo's PIN" })).toBeTruthy();
    expect(api.chooseProfile).toHaveBeenCalledTimes(1);
  });

  it('offers the owner Manage profiles and marks the current profile when switching', async () => {
    const api = fakeApi({ listProfiles: vi.fn(async () => ({ ...household, data: { ...household.data, chosen: OWNER_PROFILE.id } })) });
    renderApp('/profiles', { api });
    const manage = await screen.findByRole('link', { name: 'Manage profiles' });
    expect(manage.getAttribute('href')).toBe('/account#profiles');
    expect((await screen.findByRole('button', { name: 'Ana' })).getAttribute('aria-current')).toBe('true');
    const account = screen.getByRole('button', { name: 'Your account' });
    const menu = document.getElementById(account.getAttribute('aria-controls') ?? '')!;
    expect(within(menu).getByRole('link', { name: 'Switch profile' }).getAttribute('href')).toBe('/profiles');
  });

  it("sends another profile than the owner's from billing home, replacing history", async () => {
    renderApp('/billing', { profile: mia });
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(screen.queryByRole('link', { name: 'Billing & Subscriptions' })).toBeNull();
  });

  it('says why the profiles could not be loaded, and tries again', async () => {
    let online = false;
    const listProfiles = vi.fn(async () => (online ? household : { kind: 'unreachable' as const }));
    renderApp('/profiles', { api: fakeApi({ listProfiles }), profile: null });
    expect(await screen.findByRole('heading', { name: 'The profiles could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Could not reach FitStream. Please try again.')).toBeTruthy();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Ana' })).toBeTruthy();
  });
});
