// Billing (/billing) in English and Spanish: loading, the current subscription with its
// badges, cancelling, empty states, payment history, and load errors.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activeSubscription } from '../machines/plan-fixtures';
import type { Payment } from '../../src/domain/subscriptions';
import { fakeApi, renderApp, type Language } from './screens-harness';

const texts = {
  en: {
    title: 'Billing & Subscriptions',
    noSubscription: 'No subscription found',
    noPayments: 'No Payment History',
    paymentsTab: 'Payment History',
    cancel: 'Cancel subscription',
    cancels: 'Cancels At Period End',
    cancelled: 'Your subscription has been cancelled',
    trial: 'Free trial until January 17, 2025',
    price: '€13.99/month',
    paid: 'Paid',
  },
  es: {
    title: 'Facturación y suscripciones',
    noSubscription: 'No se encontró ninguna suscripción',
    noPayments: 'No hay historial de pagos',
    paymentsTab: 'Historial de pagos',
    cancel: 'Cancelar suscripción',
    cancels: null,
    cancelled: 'Tu suscripción ha sido cancelada',
    trial: 'Prueba gratuita hasta el 17 de enero de 2025',
    price: null,
    paid: 'Pagado',
  },
} as const;

const payment: Payment = {
  id: 'in_1',
  created: '2025-01-17T10:00:00.000Z',
  amount: 1399,
  currency: 'EUR',
  status: 'paid',
  card: { brand: 'visa', exp_month: 4, exp_year: 2030 },
  cardlast4: '4242',
};

describe.each(['en', 'es'] as Language[])('billing screen (%s)', (language) => {
  const t = texts[language];

  it('shows the empty states', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling }) });
    expect(await screen.findByRole('heading', { name: t.title })).toBeTruthy();
    expect(await screen.findByText(t.noSubscription)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: t.paymentsTab }));
    expect(await screen.findByText(t.noPayments)).toBeTruthy();
  });

  it('shows the current plan, cancels it at period end, and lists payments', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [payment] } }));
    const cancelSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...activeSubscription, cancel_at_period_end: true } } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, cancelSubscription }) });
    expect(await screen.findByRole('heading', { name: 'STANDARD' })).toBeTruthy();
    expect(screen.getByText(t.trial)).toBeTruthy();
    if (t.price) expect(screen.getByText(t.price)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.cancel }));
    expect(await screen.findByText(t.cancelled)).toBeTruthy();
    if (t.cancels) expect(screen.getByText(t.cancels)).toBeTruthy();
    expect(cancelSubscription).toHaveBeenCalledWith({ subscriptionId: 'sub_sandbox_1' }, expect.any(AbortSignal));
    expect((screen.getByRole('button', { name: t.cancel }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: t.paymentsTab }));
    expect(await screen.findByText('VISA •••• 4242')).toBeTruthy();
    expect(screen.getByText('04/2030')).toBeTruthy();
    expect(screen.getByText(t.paid)).toBeTruthy();
  });

  it('shows a load error in the banner', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'failed' as const, status: 500, body: { message: 'Billing is unavailable.' } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Billing is unavailable.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 2500 });
  });
});
