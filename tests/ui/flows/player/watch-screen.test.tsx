// The player's screens that need no video (/watch/:id) in English and Spanish: every screen in
// use with the devices and "Stop watching there", each refusal with its way on, and failures.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlaybackStart, RefusalReason, WatchingDevice } from '@domain/playback';
import type { Outcome } from '@domain/request-outcome';
import { fakeApi, renderApp, currentPath, OWNER_PROFILE } from '../../support/screens-harness';

/** A start call that always answers `start` (StrictMode starts the screen's actor twice). */
const answering = (start: PlaybackStart) =>
  vi.fn(async (_input: { classId: string; deviceId: string }, _signal?: AbortSignal): Promise<Outcome<PlaybackStart>> => ({ kind: 'ok', data: start }));

const laptop: WatchingDevice = { session_id: '11111111-1111-4111-8111-111111111111', device_name: 'Chrome on macOS', profile_name: 'Leo', started_at: '2026-11-22T20:00:00.000Z', class_id: 'yoga' };

// The first test also loads the lazy watch screen, slow on a busy machine.
describe('watch screen', { timeout: 20_000 }, () => {
  it('lists the devices using every screen, and stopping one starts a session here', async () => {
    const startPlayback = answering({ kind: 'screenLimit', screens: 1, watching: [laptop] });
    const stopPlayback = vi.fn(async (): Promise<Outcome<object>> => ({ kind: 'ok', data: {} }));
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback, stopPlayback }) });
    await screen.findByRole('heading', { name: 'Too many devices are watching on this account right now' }, { timeout: 15_000 });
    expect(screen.getByText('Your plan plays on 1 screen at a time. Stop one of them to watch here.')).toBeTruthy();
    expect(screen.getByText('Started Nov 22, 2026, 8:00 PM', { exact: false })).toBeTruthy();
    const startsBefore = startPlayback.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Stop watching there (Chrome on macOS · Leo)' }));
    await waitFor(() => expect(stopPlayback).toHaveBeenCalledWith({ sessionId: laptop.session_id }, expect.any(AbortSignal)));
    await waitFor(() => expect(startPlayback.mock.calls.length).toBe(startsBefore + 1));
    expect(startPlayback.mock.calls.at(-1)?.[0]).toEqual({ classId: 'yoga', deviceId: expect.any(String) });
  });

  it('says in Spanish that every screen is in use', async () => {
    const startPlayback = answering({ kind: 'screenLimit', screens: 2, watching: [laptop, { ...laptop, session_id: '2' }] });
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback }), language: 'es' });
    await screen.findByRole('heading', { name: 'Hay demasiados dispositivos viendo clases en esta cuenta ahora mismo' }, { timeout: 15_000 });
    expect(screen.getAllByRole('button', { name: 'Dejar de ver allí (Chrome en macOS · Leo)' })).toHaveLength(2);
  });

  it.each([
    ['no_subscription', 'Choose a plan to start watching. Every plan includes every class.', 'Choose a plan', '/pricing'],
    ['subscription_ended', 'Your subscription has ended. Choose a plan to keep watching.', 'Choose a plan', '/pricing'],
    ['payment_required', 'Your last payment did not go through, so playback is paused. Update your card in Billing to keep watching.', 'Go to Billing', '/billing'],
    ['subscription_paused', 'Your subscription is paused. Resume it in Billing to keep watching.', 'Go to Billing', '/billing'],
    ['device_not_allowed', 'The Mobile plan plays on phones and tablets only. Watch on your phone or tablet, or change to a plan for every screen.', 'See the plans', '/pricing'],
  ] as const)('refused with %s: says why and links on', async (reason: RefusalReason, text, link, path) => {
    const startPlayback = answering({ kind: 'refused', reason });
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback }) });
    await screen.findByText(text, undefined, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('link', { name: link }));
    await waitFor(() => expect(currentPath()).toBe(path));
  });

  it.each(['payment_required', 'subscription_paused'] as const)('refused with %s on another profile than the owner\'s: says only the owner opens Billing', async (reason) => {
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback: answering({ kind: 'refused', reason }) }), language: 'es', profile: { ...OWNER_PROFILE, id: 'profile-leo', name: 'Leo', owner: false } });
    await screen.findByText('Solo el titular de la cuenta puede abrir Facturación.', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: 'Ir a Facturación' })).toBeNull();
  });

  it('says a class is still being prepared, and tries again', async () => {
    const startPlayback = vi.fn(async (): Promise<Outcome<PlaybackStart>> => ({ kind: 'failed', status: 503, body: { message: 'x' } }));
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback }), language: 'es' });
    await screen.findByText('Esta clase aún se está preparando. Vuelve a intentarlo en un minuto.', undefined, { timeout: 15_000 });
    const startsBefore = startPlayback.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(startPlayback.mock.calls.length).toBe(startsBefore + 1));
  });

  it('says how long the preparation still takes, in English and in Spanish, and tries again', async () => {
    const startPlayback = answering({ kind: 'preparing', readyInSeconds: 150 });
    const { unmount } = renderApp('/watch/yoga', { api: fakeApi({ startPlayback }) });
    await screen.findByText('This class is being prepared. It will be ready in about 3 minutes.', undefined, { timeout: 15_000 });
    const startsBefore = startPlayback.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(startPlayback.mock.calls.length).toBe(startsBefore + 1));
    unmount();
    renderApp('/watch/yoga', { api: fakeApi({ startPlayback: answering({ kind: 'preparing', readyInSeconds: 40 }) }), language: 'es' });
    await screen.findByText('Esta clase se está preparando. Estará lista en alrededor de un minuto.', undefined, { timeout: 15_000 });
  });
});
