// /pricing's promotion code (decision 069) in English and Spanish: Enter applies it, the result is
// announced and each plan shows its first payment with it, a refusal is the server's words tied
// to the field, Remove, the checkout carries the code, and a link's ?code= is checked at once.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seededPlans } from '../../../machines/plan-fixtures';
import { welcome50 } from '../../../machines/promotion-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    label: 'Have a promotion code?',
    apply: 'Apply',
    remove: 'Remove',
    applied: 'WELCOME50: 50 % off your first paid month',
    appliedYearly: 'WELCOME50: 50 % off your first paid year',
    firstCharge: 'First payment with WELCOME50',
    standardFirst: '€6.99',
    basicFirst: '€4.99',
    basicFirstYearly: '€49.95',
    yearly: 'Yearly 2 months free',
    chooseBasic: 'Choose Basic',
  },
  es: {
    label: '¿Tienes un código promocional?',
    apply: 'Aplicar',
    remove: 'Quitar',
    applied: 'WELCOME50: 50 % de descuento en tu primer mes de pago',
    appliedYearly: 'WELCOME50: 50 % de descuento en tu primer año de pago',
    firstCharge: 'Primer pago con WELCOME50',
    standardFirst: '6,99\u00a0€',
    basicFirst: '4,99\u00a0€',
    basicFirstYearly: '49,95\u00a0€',
    yearly: 'Anual 2 meses gratis',
    chooseBasic: 'Elegir Basic',
  },
} as const;

/** The first payments under the grid's prices, in plan order. */
const firstCharges = () => [...document.querySelectorAll('.plan-card__first-charge')].map((e) => e.textContent);
/** The mobile table's value for a row label, or null without that row. */
const tableRow = (label: string) =>
  [...document.querySelectorAll('.plan-table tr')].find((row) => row.querySelector('th')?.textContent === label)?.querySelector('td')?.textContent ?? null;

const noSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } }));
const checked = vi.fn(async () => ({ kind: 'ok' as const, data: { discount: welcome50, firstAmount: 700 } }));

describe.each(['en', 'es'] as Language[])('pricing promotion code (%s)', (language) => {
  const t = texts[language];

  it('Enter applies the code: announced, each plan\'s first payment shown, kept yearly, sent with the checkout', async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: noSubscription,
      checkPromotionCode: checked,
      subscribe: vi.fn(async () => ({ kind: 'ok' as const, data: { url: '/sandbox/checkout/cs_sandbox_1' } })),
    });
    const { leave } = renderApp('/pricing', { language, api });
    const field = await screen.findByLabelText(t.label, {}, { timeout: 5000 });
    await userEvent.type(field, 'welcome50{Enter}');
    expect(api.checkPromotionCode).toHaveBeenCalledWith({ code: 'WELCOME50', plan: 'standard', interval: 'month' }, expect.any(AbortSignal));
    const status = await screen.findByText(t.applied);
    expect(status.getAttribute('role')).toBe('status');
    expect(field.getAttribute('aria-describedby')).toBe(status.id);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    // Desktop grid: every plan's first payment; the mobile table: the selected plan's (Standard).
    expect(firstCharges()).toEqual([`${t.firstCharge}: ${t.basicFirst}`, `${t.firstCharge}: ${t.standardFirst}`, expect.any(String), expect.any(String)]);
    expect(tableRow(t.firstCharge)).toBe(t.standardFirst);
    await userEvent.click(screen.getByRole('button', { name: t.yearly }));
    expect(await screen.findByText(t.appliedYearly)).toBeTruthy();
    expect(firstCharges()[0]).toBe(`${t.firstCharge}: ${t.basicFirstYearly}`);
    await userEvent.click(screen.getByRole('button', { name: t.chooseBasic }));
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(api.subscribe).toHaveBeenCalledWith({ plan: 'basic', interval: 'year', promotion_code: 'WELCOME50' }, expect.any(AbortSignal));
  });

  it('a refusal shows the server\'s words tied to the field; Remove clears it; another code can be tried', async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: noSubscription,
      checkPromotionCode: vi.fn(async () => ({
        kind: 'failed' as const,
        status: 409,
        body: { isSuccess: false as const, message: 'Este código ha caducado', statusCode: 409, code: 'payments.promotionCodeExpired' },
      })),
    });
    renderApp('/pricing', { language, api });
    const field = await screen.findByLabelText(t.label, {}, { timeout: 5000 });
    await userEvent.type(field, 'old2020');
    await userEvent.click(screen.getByRole('button', { name: t.apply }));
    const reason = await screen.findByText('Este código ha caducado');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(reason.id);
    expect(firstCharges()).toEqual([]);
    expect(tableRow(t.firstCharge)).toBeNull();
    // The field stays usable: type another code.
    await userEvent.clear(field);
    await userEvent.type(field, 'other{Enter}');
    await waitFor(() => expect(api.checkPromotionCode).toHaveBeenCalledTimes(2));
  });

  it('Remove takes the code off: the plans lose the first payment, the field is empty', async () => {
    const api = fakeApi({ listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })), listBilling: noSubscription, checkPromotionCode: checked });
    renderApp('/pricing', { language, api });
    const field = await screen.findByLabelText<HTMLInputElement>(t.label, {}, { timeout: 5000 });
    await userEvent.type(field, 'welcome50{Enter}');
    await screen.findByText(t.applied);
    await userEvent.click(screen.getByRole('button', { name: t.remove }));
    await waitFor(() => expect(screen.queryByText(t.applied)).toBeNull());
    expect(firstCharges()).toEqual([]);
    expect(tableRow(t.firstCharge)).toBeNull();
    expect(field.value).toBe('');
    expect(screen.getByRole('button', { name: t.apply })).toBeTruthy();
  });

  it('a marketing link (?code=welcome50) fills the field and checks it', async () => {
    const api = fakeApi({ listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })), listBilling: noSubscription, checkPromotionCode: checked });
    renderApp('/pricing?code=welcome50', { language, api });
    expect(await screen.findByText(t.applied, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(t.label).value).toBe('welcome50');
    expect(api.checkPromotionCode).toHaveBeenCalledWith({ code: 'WELCOME50', plan: 'standard', interval: 'month' }, expect.any(AbortSignal));
  });
});
