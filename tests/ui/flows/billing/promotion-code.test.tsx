// Billing's promotion code (decision 069) in English and Spanish: "Add a promotion code" on a
// current subscription, applied (the subscription shows its code and what it still takes off) or
// refused (the server's words tied to the field), none offered while cancelling or when it has
// one, and Payment History's discount line naming its code.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@domain/subscriptions';
import type { LoadHistoryOutput } from '@machines/payment-history.machine';
import { activeSubscription } from '../../../machines/plan-fixtures';
import { friend10, held, threeOff, welcome50 } from '../../../machines/promotion-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    add: 'Add a promotion code',
    apply: 'Apply',
    every: 'Promotion code FRIEND10: 10 % off every payment',
    next: 'Promotion code WELCOME50: 50 % off your next payment',
    nextTwo: 'Promotion code SPRING3: €3.00 off your next 2 payments',
    paymentsTab: 'Payment History',
    discount: 'Discount (FRIEND10): -€1.40',
  },
  es: {
    add: 'Añadir un código promocional',
    apply: 'Aplicar',
    every: 'Código promocional FRIEND10: 10 % de descuento en cada pago',
    next: 'Código promocional WELCOME50: 50 % de descuento en tu próximo pago',
    nextTwo: 'Código promocional SPRING3: 3,00 € de descuento en tus próximos 2 pagos',
    paymentsTab: 'Historial de pagos',
    discount: 'Descuento (FRIEND10): -1,40 €',
  },
} as const;

const paying: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null };
const billingOf = (subscription: Subscription) => vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [subscription], payments: [] } }));

describe.each(['en', 'es'] as Language[])('billing promotion code (%s)', (language) => {
  const t = texts[language];

  it('applies a code with Enter: the subscription then shows it, and the field goes', async () => {
    const applyPromotionCode = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...paying, discount: held(friend10, null) } } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling: billingOf(paying), applyPromotionCode }) });
    const field = await screen.findByLabelText(t.add, {}, { timeout: 5000 });
    await userEvent.type(field, 'friend10{Enter}');
    expect(await screen.findByText(t.every)).toBeTruthy();
    expect(applyPromotionCode).toHaveBeenCalledWith({ subscriptionId: paying.subscription_id, code: 'FRIEND10' }, expect.any(AbortSignal));
    // Announced where it appears, and no second code offered.
    expect(screen.getByTestId('promotion-discount').getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(screen.queryByLabelText(t.add)).toBeNull());
  });

  it('a refusal shows the server\'s words tied to the field, and changes nothing', async () => {
    const applyPromotionCode = vi.fn(async () => ({
      kind: 'failed' as const,
      status: 409,
      body: { isSuccess: false as const, message: 'Only for a first subscription', statusCode: 409, code: 'payments.promotionCodeFirstSubscriptionOnly' },
    }));
    renderApp('/billing', { language, api: fakeApi({ listBilling: billingOf(paying), applyPromotionCode }) });
    const field = await screen.findByLabelText(t.add, {}, { timeout: 5000 });
    await userEvent.type(field, 'welcome50');
    await userEvent.click(screen.getByRole('button', { name: t.apply }));
    const reason = await screen.findByText('Only for a first subscription');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.getByTestId('promotion-discount').textContent).toBe('');
  });

  it.each([
    ['50 % off once, one charge left', held(welcome50, 1), 'next'],
    ['€3.00 off for 3 months, two charges left', held(threeOff, 2), 'nextTwo'],
  ] as const)('shows what a code still takes off (%s), and offers no other', async (_, discount, key) => {
    renderApp('/billing', { language, api: fakeApi({ listBilling: billingOf({ ...paying, discount }) }) });
    expect(await screen.findByText(t[key], {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText(t.add)).toBeNull();
  });

  it('offers no code while the subscription cancels', async () => {
    renderApp('/billing', { language, api: fakeApi({ listBilling: billingOf({ ...paying, cancel_at_period_end: true }) }) });
    await screen.findByRole('heading', { name: 'STANDARD' }, { timeout: 4000 });
    expect(screen.queryByLabelText(t.add)).toBeNull();
  });

  it('names the code of a discount in Payment History', async () => {
    const history: LoadHistoryOutput = {
      kind: 'ok',
      data: {
        items: [
          {
            payment: { id: 'pay_1', created: paying.current_period_start, amount: 1259, currency: 'EUR', status: 'paid', description: 'Standard plan', card: paying.card, cardlast4: '4242' },
            invoice: {
              id: 'inv_1',
              number: 'FS-2026-000001',
              issued_at: paying.current_period_start,
              total: 1259,
              net: 1040,
              tax: 219,
              tax_rate: 21,
              currency: 'EUR',
              lines: [
                { kind: 'plan', plan_name: 'Standard', interval: 'month', amount: 1399, period_start: paying.current_period_start, period_end: paying.current_period_end },
                { kind: 'discount', code: 'FRIEND10', plan_name: 'Standard', amount: -140, period_start: paying.current_period_start, period_end: paying.current_period_end },
              ],
              pdf_url: '/api/v1/payments/invoices/inv_1/pdf',
            },
          },
        ],
        page: 1,
        pageSize: 10,
        total: 1,
      },
    };
    renderApp('/billing', { language, api: fakeApi({ listBilling: billingOf(paying), paymentHistory: vi.fn(async () => history) }) });
    await userEvent.click(await screen.findByRole('tab', { name: t.paymentsTab }, { timeout: 5000 }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText(t.discount)).toBeTruthy();
  });
});
