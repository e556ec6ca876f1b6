// /settings (issue 41, decision 064): a member profile opens its own settings from the account
// menu (which has no Account or Billing for it), turns new-class notifications on and changes its
// language, which the app speaks at once; the account itself is never read. The owner's profile
// opening /settings lands on /account, where its settings are.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@domain/request-outcome';
import type { Profile } from '@domain/session-user';
import { currentPath, fakeApi, renderApp } from '../../support/screens-harness';

const LEO: Profile = { id: 'profile-leo', name: 'Leo', image: null, language: 'en', owner: false, locked: false };
const notifications = (enabled: boolean) =>
  ok({
    isSuccess: true as const,
    notifications: { enabled, disciplines: [], push: { publicKey: 'BKey', subscribed: false } },
    available: [{ id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } }],
  });
const schedule = { timeZone: 'Europe/Madrid', reminders: false, hasFeedLink: false, feedLinkRevoked: null };

function memberApi() {
  return fakeApi({
    notifications: vi.fn(async () => notifications(false)),
    saveNotifications: vi.fn(async (body: { enabled: boolean }) => notifications(body.enabled)),
    scheduleSettings: vi.fn(async () => ok(schedule)),
    setAccountLanguage: vi.fn(async (body: { language: 'en' | 'es' }) => ok({ language: body.language })),
  });
}

describe('/settings, a member profile', () => {
  it('is in the account menu in place of Account and Billing, and shows the profile its own sections', async () => {
    const user = userEvent.setup();
    const api = memberApi();
    renderApp('/home', { api, profile: LEO });
    await user.click(await screen.findByRole('button', { name: 'Your account' }));
    const menu = screen.getByRole('button', { name: 'Your account' }).parentElement!;
    expect(within(menu).queryByRole('link', { name: 'Account' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Billing & Subscriptions' })).toBeNull();
    await user.click(within(menu).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your settings' })).toBeTruthy();
    expect(currentPath()).toBe('/settings');
    await waitFor(() => expect(document.title).toBe('Your settings · FitStream'));
    expect(screen.getByText("Leo's own settings: the household's other profiles keep theirs.")).toBeTruthy();
    for (const section of ['Language', 'New classes', 'Data saver', 'Schedule and calendar']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    }
    expect(api.account).not.toHaveBeenCalled();
    // The time zone is the account's, not the profile's: the page says so where it is chosen.
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone.getAttribute('aria-describedby')).toBe('account-schedule-zone-hint');
    expect(document.getElementById('account-schedule-zone-hint')?.textContent).toBe('Every profile on the account shares this time zone: changing it here changes it for everyone.');
  });

  it('turns new-class notifications on and says so in that section', async () => {
    const user = userEvent.setup();
    const api = memberApi();
    renderApp('/settings', { api, profile: LEO });
    const section = within((await screen.findByRole('heading', { name: 'New classes' })).closest('section')!);
    await user.click(await section.findByRole('checkbox', { name: 'Tell me when new classes arrive' }));
    await user.click(section.getByRole('button', { name: 'Save notifications' }));
    expect(api.saveNotifications).toHaveBeenCalledWith({ enabled: true, disciplines: [] }, expect.anything());
    expect(await section.findByText('Your new-class notifications have been saved.')).toBeTruthy();
  });

  it('changes the language to Spanish and speaks it at once', async () => {
    const user = userEvent.setup();
    const api = memberApi();
    renderApp('/settings', { api, profile: LEO });
    await screen.findByRole('heading', { level: 1, name: 'Your settings' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the app and of our emails' }), 'es');
    expect(api.setAccountLanguage).toHaveBeenCalledWith({ language: 'es' }, expect.anything());
    expect(await screen.findByRole('heading', { level: 1, name: 'Tus ajustes' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Idioma de la aplicación y de nuestros correos' }) as HTMLSelectElement).value).toBe('es');
  });
});

describe('/settings, the owner', () => {
  it("goes to /account, which has the owner's settings with the account's", async () => {
    const api = memberApi();
    renderApp('/settings', { api });
    await waitFor(() => expect(currentPath()).toBe('/account'));
    await waitFor(() => expect(api.account).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { level: 1, name: 'Your settings' })).toBeNull();
  });
});
