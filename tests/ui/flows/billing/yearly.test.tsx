// Yearly plans on Billing and on /billing/plan (docs/decisions/066), in English and Spanish: the
// price per year, the renewal a year on, "per year" in Payment History, a change between monthly
// and yearly scheduled for the renewal, and the plan change's monthly/yearly switch.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoadHistoryOutput } from '@machines/payment-history.machine';
import type { Subscription } from '@domain/subscriptions';
import { activeSubscription, seededPlans } from '../../../machines/plan-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const yearly: Subscription = {
  ...activeSubscription,
  subscription_status: 'active',
  trial_end: null,
  amount: 13990,
  interval: 'year',
  current_period_start: '2026-01-10T10:00:00.000Z',
  current_period_end: '2027-01-10T10:00:00.000Z',
  scheduled_change: null,
};

const texts = {
  en: {
    price: '€139.90/year',
    renews: 'Renews on January 10, 2027',
    duration: '1 year',
    paymentsTab: 'Payment History',
    description: 'Standard plan, per year',
    toMonthly: 'Changes to Basic, billed monthly, on January 10, 2027',
    billing: 'Billing',
    monthly: 'Monthly',
    review: 'Review the change',
    basicMonthly: '€9.99/month',
  },
  es: {
    price: '139,90 €/año',
    renews: 'Se renueva el 10 de enero de 2027',
    duration: '1 año',
    paymentsTab: 'Historial de pagos',
    description: 'Plan Standard, al año',
    toMonthly: 'Cambia a Basic, con pago mensual, el 10 de enero de 2027',
    billing: 'Facturación',
    monthly: 'Mensual',
    review: 'Revisar el cambio',
    basicMonthly: '9,99 €/mes',
  },
} as const;

const history: LoadHistoryOutput = {
  kind: 'ok',
  data: {
    items: [
      {
        payment: { id: 'pay_1', created: yearly.current_period_start, amount: 13990, currency: 'EUR', status: 'paid', description: 'Standard plan', card: yearly.card, cardlast4: '4242' },
        invoice: {
          id: 'inv_1',
          number: 'FS-2026-000001',
          issued_at: yearly.current_period_start,
          total: 13990,
          net: 11562,
          tax: 2428,
          tax_rate: 21,
          currency: 'EUR',
          lines: [{ kind: 'plan', plan_name: 'Standard', interval: 'year', amount: 13990, period_start: yearly.current_period_start, period_end: yearly.current_period_end }],
          pdf_url: '/api/v1/payments/invoices/inv_1/pdf',
        },
      },
    ],
    page: 1,
    pageSize: 10,
    total: 1,
  },
};

describe.each(['en', 'es'] as Language[])('yearly billing (%s)', (language) => {
  const t = texts[language];

  it('shows the yearly price, the renewal a year on, and "per year" in Payment History', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [yearly], payments: [] } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, paymentHistory: vi.fn(async () => history) }) });
    expect(await screen.findByText(t.price)).toBeTruthy();
    expect(screen.getByText(t.renews)).toBeTruthy();
    expect(screen.getByText(t.duration)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: t.paymentsTab }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText(t.description)).toBeTruthy();
  });

  it('says a change to monthly waits for the renewal, naming the interval', async () => {
    const scheduled: Subscription = { ...yearly, scheduled_change: { plan_id: 'basic', product_name: 'Basic', interval: 'month', effective_at: yearly.current_period_end } };
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [scheduled], payments: [] } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling }) });
    expect(await screen.findByText(t.toMonthly)).toBeTruthy();
  });

  it('offers the other interval on /billing/plan: the same plan monthly is a change to review', async () => {
    const loadPlanChange = vi.fn(async () => ({ kind: 'ok' as const, data: { plans: seededPlans, subscription: yearly } }));
    const previewPlanChange = vi.fn(() => new Promise<never>(() => {}));
    renderApp('/billing/plan', { language, api: fakeApi({ loadPlanChange, previewPlanChange }) });
    const group = await screen.findByRole('group', { name: t.billing });
    const review = screen.getByRole('button', { name: t.review });
    // The plan and interval it has: nothing to review yet.
    expect(review.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(group).getByRole('button', { name: t.monthly }));
    expect(screen.getByText(t.basicMonthly)).toBeTruthy();
    expect(review.hasAttribute('disabled')).toBe(false);
    await userEvent.click(review);
    await waitFor(() => expect(previewPlanChange).toHaveBeenCalledWith({ plan: 'standard', interval: 'month' }, expect.any(AbortSignal)));
  });
});
