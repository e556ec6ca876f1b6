// The calendar part of /account's schedule section (issue 37): when a password change, a reset
// or signing out everywhere ended the calendar link, the section says so, since when and why, in
// English and Spanish, until a new link is made; ending it from this page (sign out everywhere)
// drops the link shown and says so at once.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@domain/request-outcome';
import type { AccountView } from '@machines/account.machine';
import type { ScheduleSettings } from '@machines/account-schedule.machine';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const here = { id: 'a0000000-0000-4000-8000-000000000001', deviceName: 'Chrome on macOS', profileName: 'Ana', signedInAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-22T10:00:00.000Z', current: true };
const phone = { ...here, id: 'a0000000-0000-4000-8000-000000000002', deviceName: 'Safari on iPhone', current: false };
const view = (language: Language): AccountView => ({
  account: { email: 'ana@example.com', name: 'Ana', image: null, language, createdAt: '2026-10-01T00:00:00.000Z' },
  devices: [here, phone],
});
const settings = { timeZone: 'Europe/Madrid', reminders: false, hasFeedLink: false, feedLinkRevoked: null } satisfies Omit<ScheduleSettings, 'proposedZone'>;
const link = { url: 'https://fitstream.test/api/v1/schedule/feed/abc.ics', webcalUrl: 'webcal://fitstream.test/api/v1/schedule/feed/abc.ics' };
const at = '2026-12-01T09:30:00.000Z';

const texts = {
  en: {
    section: 'Schedule and calendar',
    make: 'Get my calendar link',
    linkLabel: 'Calendar link',
    password_changed: 'Your calendar link stopped working on December 1, 2026, when your password was changed. Get a new link and add it to your calendar again.',
    password_reset: 'Your calendar link stopped working on December 1, 2026, when your password was reset. Get a new link and add it to your calendar again.',
    signed_out_everywhere: 'Your calendar link stopped working on December 1, 2026, when you signed out of all other devices. Get a new link and add it to your calendar again.',
  },
  es: {
    section: 'Agenda y calendario',
    make: 'Obtener mi enlace de calendario',
    linkLabel: 'Enlace del calendario',
    password_changed: 'Tu enlace de calendario dejó de funcionar el 1 de diciembre de 2026, cuando se cambió tu contraseña. Obtén un enlace nuevo y vuelve a añadirlo a tu calendario.',
    password_reset: 'Tu enlace de calendario dejó de funcionar el 1 de diciembre de 2026, cuando se restableció tu contraseña. Obtén un enlace nuevo y vuelve a añadirlo a tu calendario.',
    signed_out_everywhere:
      'Tu enlace de calendario dejó de funcionar el 1 de diciembre de 2026, cuando cerraste la sesión en todos los demás dispositivos. Obtén un enlace nuevo y vuelve a añadirlo a tu calendario.',
  },
};

const reasons = ['password_changed', 'password_reset', 'signed_out_everywhere'] as const;

async function scheduleSection(language: Language) {
  return within((await screen.findByRole('heading', { name: texts[language].section })).closest('section')!);
}

describe.each(['en', 'es'] as Language[])('/account, the calendar link ended (%s)', (language) => {
  const t = texts[language];

  it.each(reasons)('says since when and why (%s), until a new link is made', async (reason) => {
    const resetScheduleFeedLink = vi.fn(async () => ok(link));
    const api = fakeApi({
      account: vi.fn(async () => ok(view(language))),
      scheduleSettings: vi.fn(async () => ok({ ...settings, feedLinkRevoked: { at, reason } })),
      resetScheduleFeedLink,
    });
    renderApp('/account', { language, api });
    const section = await scheduleSection(language);
    // A status: a screen reader hears it when it appears after a change on the page.
    expect((await section.findByText(t[reason])).getAttribute('role')).toBe('status');

    await userEvent.click(section.getByRole('button', { name: t.make }));
    expect(await section.findByLabelText(t.linkLabel)).toHaveProperty('value', link.url);
    expect(section.queryByText(t[reason])).toBeNull();
    expect(resetScheduleFeedLink).toHaveBeenCalledTimes(1);
  });

  it('says nothing of the kind when no link was ended', async () => {
    const api = fakeApi({ account: vi.fn(async () => ok(view(language))), scheduleSettings: vi.fn(async () => ok({ ...settings, hasFeedLink: true })) });
    renderApp('/account', { language, api });
    const section = await scheduleSection(language);
    await section.findByRole('button', { name: language === 'en' ? 'Reset link' : 'Restablecer enlace' });
    for (const reason of reasons) expect(section.queryByText(t[reason])).toBeNull();
  });
});

describe('/account, signing out everywhere from the page', () => {
  it('drops the link just made and says it stopped working, read from the server', async () => {
    const scheduleSettings = vi
      .fn()
      .mockResolvedValueOnce(ok(settings))
      .mockResolvedValueOnce(ok({ ...settings, feedLinkRevoked: { at, reason: 'signed_out_everywhere' } }));
    const api = fakeApi({
      account: vi.fn(async () => ok(view('en'))),
      scheduleSettings,
      resetScheduleFeedLink: vi.fn(async () => ok(link)),
      signOutOtherDevices: vi.fn(async () => ok({ message: 'Every other device has been signed out.' })),
    });
    renderApp('/account', { api });
    const section = await scheduleSection('en');
    await userEvent.click(await section.findByRole('button', { name: texts.en.make }));
    expect(await section.findByLabelText(texts.en.linkLabel)).toHaveProperty('value', link.url);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out of all other devices' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await section.findByText(texts.en.signed_out_everywhere)).toBeTruthy();
    expect(section.queryByLabelText(texts.en.linkLabel)).toBeNull();
    expect(scheduleSettings).toHaveBeenCalledTimes(2);
  });
});
