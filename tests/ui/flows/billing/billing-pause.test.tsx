// Pause on Billing (decision 065) in English and Spanish: Pause asks how long (1, 2 or 3 months)
// and confirms what happens before anything is sent; then "Paused until <date>" with "Resume
// now", which gives the subscription back with its renewal date; a refusal shows in the banner.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@domain/subscriptions';
import { activeSubscription } from '../../../machines/plan-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const active: Subscription = {
  ...activeSubscription,
  subscription_status: 'active',
  trial_end: null,
  current_period_start: '2025-01-10T00:00:00.000Z',
  current_period_end: '2025-02-10T00:00:00.000Z',
};
const paused: Subscription = { ...active, pause: { paused_from: '2025-02-10T00:00:00.000Z', resumes_at: '2025-05-10T00:00:00.000Z' } };

const texts = {
  en: {
    pause: 'Pause',
    dialog: 'Pause your subscription',
    three: '3 months',
    next: 'Continue',
    confirmDialog: 'Pause your subscription?',
    until: 'until May 10, 2025',
    pausedUntil: 'Paused until May 10, 2025',
    paused: 'Your subscription is paused',
    resumeNow: 'Resume now',
    renews: 'Renews on February 10, 2025',
    refused: 'A subscription can be paused at most twice a year.',
  },
  es: {
    pause: 'Pausar',
    dialog: 'Pausar tu suscripción',
    three: '3 meses',
    next: 'Continuar',
    confirmDialog: '¿Pausar tu suscripción?',
    until: 'hasta el 10 de mayo de 2025',
    pausedUntil: 'En pausa hasta el 10 de mayo de 2025',
    paused: 'Tu suscripción está en pausa',
    resumeNow: 'Reanudar ahora',
    renews: 'Se renueva el 10 de febrero de 2025',
    refused: 'Una suscripción se puede pausar como mucho dos veces al año.',
  },
} as const;

describe.each(['en', 'es'] as Language[])('pause on the billing screen (%s)', (language) => {
  const t = texts[language];

  it('pauses for the months chosen after confirming, shows Paused until <date>, and resumes now', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [active], payments: [] } }));
    const pauseSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: paused } }));
    const resumeSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: active } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, pauseSubscription, resumeSubscription }) });
    await userEvent.click(await screen.findByRole('button', { name: t.pause }));
    const choose = screen.getByRole('dialog', { name: t.dialog });
    await userEvent.click(within(choose).getByRole('radio', { name: t.three }));
    await userEvent.click(within(choose).getByRole('button', { name: t.next }));
    const confirm = screen.getByRole('alertdialog', { name: t.confirmDialog });
    expect(confirm.textContent).toContain(t.until);
    expect(pauseSubscription).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: t.pause }));
    expect(pauseSubscription).toHaveBeenCalledWith({ subscriptionId: active.subscription_id, months: 3 }, expect.anything());
    expect(await screen.findByText(t.pausedUntil)).toBeTruthy();
    expect(await screen.findByText(t.paused)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.pause })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: t.resumeNow }));
    expect(resumeSubscription).toHaveBeenCalledWith({ subscriptionId: active.subscription_id }, expect.anything());
    expect(await screen.findByText(t.renews)).toBeTruthy();
    expect(screen.queryByText(t.pausedUntil)).toBeNull();
    expect(screen.getByRole('button', { name: t.pause })).toBeTruthy();
  });

  it("shows the server's refusal in the banner and stays unpaused", async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [active], payments: [] } }));
    const pauseSubscription = vi.fn(async () => ({ kind: 'failed' as const, status: 409, body: { isSuccess: false as const, message: t.refused } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, pauseSubscription }) });
    await userEvent.click(await screen.findByRole('button', { name: t.pause }));
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.pause }));
    expect(await screen.findByText(t.refused)).toBeTruthy();
    expect(screen.getByText(t.renews)).toBeTruthy();
  });
});
