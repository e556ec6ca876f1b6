// Billing (/billing) in English and Spanish: loading, the current subscription with its
// badges, cancelling and resuming, updating the payment method, empty states, the Payment
// History tab (every payment, paged, each with its invoice; a receipt's link opens it at its
// invoice, and the old /billing/history links still lead there), and load errors.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activeSubscription } from '../../../machines/plan-fixtures';
import type { Payment } from '@domain/subscriptions';
import type { HistoryPayment, LoadHistoryOutput } from '@machines/payment-history.machine';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    title: 'Billing & Subscriptions',
    noSubscription: 'No subscription found',
    noPayments: 'No Payment History',
    paymentsTab: 'Payment History',
    cancel: 'Cancel subscription',
    confirmTitle: 'Cancel your subscription?',
    keep: 'Keep subscription',
    confirm: 'Yes, cancel',
    reasonTitle: 'Why are you cancelling?',
    other: 'Another reason',
    next: 'Continue',
    subscriptionTab: 'Subscription',
    seePlans: 'See plans',
    cardUpdated: 'Your payment method was updated',
    cancels: 'Cancels At Period End',
    cancelled: 'Your subscription has been cancelled',
    resume: 'Resume subscription',
    resuming: 'Resuming…',
    reactivated: 'Your subscription will renew again',
    accessUntil: 'Access until February 10, 2025',
    updatePayment: 'Update payment method',
    opening: 'Opening…',
    trial: 'Free trial until January 17, 2025, then €13.99 (your first payment)',
    price: '€13.99/month',
    paid: 'Paid',
    refunded: 'Refunded',
    refundedTotal: '€29.99',
    download: 'Download PDF',
    older: 'Older payments',
    newer: 'Newer payments',
    headers: ['Date', 'Description', 'Net', 'Tax included', 'Total', 'Card', 'Expires', 'Status', 'Invoice'],
    figures: ['€11.56', '€2.43 (21%)', '€13.99'],
  },
  es: {
    title: 'Facturación y suscripciones',
    noSubscription: 'No se encontró ninguna suscripción',
    noPayments: 'No hay historial de pagos',
    paymentsTab: 'Historial de pagos',
    cancel: 'Cancelar suscripción',
    confirmTitle: '¿Cancelar tu suscripción?',
    keep: 'Mantener suscripción',
    confirm: 'Sí, cancelar',
    reasonTitle: '¿Por qué cancelas?',
    other: 'Otro motivo',
    next: 'Continuar',
    subscriptionTab: 'Suscripción',
    seePlans: 'Ver planes',
    cardUpdated: 'Tu método de pago se ha actualizado',
    cancels: null,
    cancelled: 'Tu suscripción ha sido cancelada',
    resume: 'Reanudar suscripción',
    resuming: 'Reanudando…',
    reactivated: 'Tu suscripción se renovará de nuevo',
    accessUntil: 'Acceso hasta el 10 de febrero de 2025',
    updatePayment: 'Actualizar método de pago',
    opening: 'Abriendo…',
    trial: 'Prueba gratuita hasta el 17 de enero de 2025; después, 13,99 € (tu primer pago)',
    price: null,
    paid: 'Pagado',
    refunded: 'Reembolsado',
    refundedTotal: '29,99 €',
    download: 'Descargar PDF',
    older: 'Pagos anteriores',
    newer: 'Pagos más recientes',
    headers: ['Fecha', 'Concepto', 'Base imponible', 'Impuestos incluidos', 'Total', 'Tarjeta', 'Caduca', 'Estado', 'Factura'],
    figures: ['11,56 €', '2,43 € (21 %)', '13,99 €'],
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

/** Payment History's answer: page `page` of `total` payments, newest first, each with its invoice. */
function historyPage(page: number, total: number): LoadHistoryOutput {
  const items: HistoryPayment[] = Array.from({ length: Math.min(10, total - (page - 1) * 10) }, (_, index) => {
    const n = total - (page - 1) * 10 - index;
    return {
      payment: { ...payment, id: `pay_${n}`, description: n === 1 ? 'Free trial' : 'Standard plan' },
      invoice: {
        id: `inv_${n}`,
        number: `FS-2026-${String(n).padStart(6, '0')}`,
        issued_at: payment.created,
        total: payment.amount,
        net: 1156,
        tax: 243,
        tax_rate: 21,
        currency: payment.currency,
        lines: [],
        pdf_url: `/api/v1/payments/invoices/inv_${n}/pdf`,
      },
    };
  });
  return { kind: 'ok', data: { items, page, pageSize: 10, total } };
}

describe.each(['en', 'es'] as Language[])('billing screen (%s)', (language) => {
  const t = texts[language];

  it('shows the empty states', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } }));
    const paymentHistory = vi.fn(async () => historyPage(1, 0));
    renderApp('/billing', { language, api: fakeApi({ listBilling, paymentHistory }) });
    expect(await screen.findByRole('heading', { name: t.title })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: t.noSubscription })).toBeTruthy();
    // The empty state leads to the plans.
    expect(screen.getByRole('link', { name: t.seePlans }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('tab', { name: t.subscriptionTab }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: t.updatePayment })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: t.paymentsTab }));
    expect(await screen.findByText(t.noPayments)).toBeTruthy();
  });

  it('shows the current plan, cancels it at period end, and lists payments', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [payment] } }));
    const cancelSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...activeSubscription, cancel_at_period_end: true } } }));
    const paymentHistory = vi.fn(async () => historyPage(1, 1));
    const findCancelOffer = vi.fn(async () => ({ kind: 'ok' as const, data: { offer: null } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, cancelSubscription, paymentHistory, findCancelOffer }) });
    expect(await screen.findByRole('heading', { name: 'STANDARD' })).toBeTruthy();
    expect(screen.getByText(t.trial)).toBeTruthy();
    if (t.price) expect(screen.getByText(t.price)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.cancel }));
    // Asked why first (decision 068); a reason without an offer goes to the confirmation.
    const reasons = screen.getByRole('dialog', { name: t.reasonTitle });
    await userEvent.click(within(reasons).getByRole('radio', { name: t.other }));
    await userEvent.click(within(reasons).getByRole('button', { name: t.next }));
    // Nothing is sent until the user confirms.
    expect(await screen.findByRole('alertdialog', { name: t.confirmTitle })).toBeTruthy();
    expect(cancelSubscription).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(t.cancelled)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    if (t.cancels) expect(screen.getByText(t.cancels)).toBeTruthy();
    expect(cancelSubscription).toHaveBeenCalledWith({ subscriptionId: 'sub_sandbox_1', reason: 'other' }, expect.any(AbortSignal));
    // Flagged: Resume takes Cancel's place, with the last day of access.
    expect(screen.queryByRole('button', { name: t.cancel })).toBeNull();
    // Resume is the main action now, and keeps the focus the Cancel button had.
    const resume = screen.getByRole('button', { name: t.resume });
    expect(resume.className).toContain('btn--primary');
    expect(document.activeElement).toBe(resume);
    // One date, said once: the last day of access (not the trial end as well).
    expect(screen.getByText(t.accessUntil)).toBeTruthy();
    expect(screen.queryByText(t.trial)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: t.paymentsTab }));
    expect(await screen.findByText('VISA •••• 4242')).toBeTruthy();
    expect(screen.getByText('04/2030')).toBeTruthy();
    expect(screen.getByText(t.paid)).toBeTruthy();
  });

  it('resumes a subscription flagged to cancel: the badge and the date go, Cancel comes back', async () => {
    const flagged = { ...activeSubscription, cancel_at_period_end: true };
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [flagged], payments: [] } }));
    let answer: (value: { kind: 'ok'; data: { subscription: typeof activeSubscription } }) => void = () => {};
    const reactivateSubscription = vi.fn(() => new Promise<{ kind: 'ok'; data: { subscription: typeof activeSubscription } }>((r) => (answer = r)));
    renderApp('/billing', { language, api: fakeApi({ listBilling, reactivateSubscription }) });
    await userEvent.click(await screen.findByRole('button', { name: t.resume }));
    expect((await screen.findByRole('button', { name: t.resuming }) as HTMLButtonElement).disabled).toBe(true);
    expect(reactivateSubscription).toHaveBeenCalledWith({ subscriptionId: 'sub_sandbox_1' }, expect.any(AbortSignal));
    answer({ kind: 'ok', data: { subscription: { ...flagged, cancel_at_period_end: false } } });
    expect(await screen.findByText(t.reactivated)).toBeTruthy();
    expect(screen.queryByText(t.accessUntil)).toBeNull();
    if (t.cancels) expect(screen.queryByText(t.cancels)).toBeNull();
    expect(screen.queryByRole('button', { name: t.resume })).toBeNull();
    expect((screen.getByRole('button', { name: t.cancel }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows a refused resume's message and keeps Resume", async () => {
    const flagged = { ...activeSubscription, cancel_at_period_end: true };
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [flagged], payments: [] } }));
    const reactivateSubscription = vi.fn(async () => ({
      kind: 'failed' as const,
      status: 409,
      body: { isSuccess: false, message: 'This subscription has ended and can no longer be reactivated.' },
    }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, reactivateSubscription }) });
    await userEvent.click(await screen.findByRole('button', { name: t.resume }));
    expect((await screen.findByRole('alert')).textContent).toContain('This subscription has ended and can no longer be reactivated.');
    expect(screen.getByRole('button', { name: t.resume })).toBeTruthy();
  });

  it("leaves for the provider's payment-method page", async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [] } }));
    const openPaymentPortal = vi.fn(async () => ({ kind: 'ok' as const, data: { url: 'http://localhost:8080/sandbox/portal/tok' } }));
    const { leave } = renderApp('/billing', { language, api: fakeApi({ listBilling, openPaymentPortal }) });
    await userEvent.click(await screen.findByRole('button', { name: t.updatePayment }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost:8080/sandbox/portal/tok'));
    expect(leave).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: t.opening }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why the payment-method page did not open, and offers it only with a subscription', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [] } }));
    const openPaymentPortal = vi.fn(async () => ({
      kind: 'failed' as const,
      status: 502,
      body: { isSuccess: false, message: 'The payment provider could not open the billing portal. Please try again later.' },
    }));
    const { leave } = renderApp('/billing', { language, api: fakeApi({ listBilling, openPaymentPortal }) });
    await userEvent.click(await screen.findByRole('button', { name: t.updatePayment }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not open the billing portal');
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows a load error in the banner', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'failed' as const, status: 500, body: { message: 'Billing is unavailable.' } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Billing is unavailable.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 2500 });
  });

  it('keeps the subscription when the user says so in the dialog, or presses Escape', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [] } }));
    const cancelSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...activeSubscription, cancel_at_period_end: true } } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling, cancelSubscription }) });
    const cancel = await screen.findByRole('button', { name: t.cancel });
    await userEvent.click(cancel);
    // The reason step takes focus on its first choice.
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    await userEvent.click(screen.getByRole('button', { name: t.keep }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cancel);
    await userEvent.click(cancel);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelSubscription).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: t.cancel })).toBeTruthy();
  });

  it('says the payment method was updated when the user comes back from the portal with another card, once', async () => {
    let subscription = { ...activeSubscription };
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [subscription], payments: [] } }));
    const openPaymentPortal = vi.fn(async () => ({ kind: 'ok' as const, data: { url: 'http://localhost:8080/sandbox/portal/tok' } }));
    const api = fakeApi({ listBilling, openPaymentPortal });
    const first = renderApp('/billing', { language, api });
    await userEvent.click(await screen.findByRole('button', { name: t.updatePayment }));
    await waitFor(() => expect(first.leave).toHaveBeenCalled());
    first.unmount();
    // Back from the portal in the same tab, with another card on the subscription.
    subscription = { ...activeSubscription, cardlast4: '1881' };
    const back = renderApp('/billing', { language, api, sessionStorage: first.session });
    const toast = (await screen.findByText(t.cardUpdated)).closest('[role="status"]');
    expect(toast?.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('VISA •••• 1881')).toBeTruthy();
    back.unmount();
    // Said once: the next visit says nothing.
    renderApp('/billing', { language, api, sessionStorage: first.session });
    await screen.findByText('VISA •••• 1881');
    expect(screen.queryByText(t.cardUpdated)).toBeNull();
  });

  it('says nothing when the user comes back from the portal with the same card', async () => {
    const listBilling = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [] } }));
    const openPaymentPortal = vi.fn(async () => ({ kind: 'ok' as const, data: { url: 'http://localhost:8080/sandbox/portal/tok' } }));
    const api = fakeApi({ listBilling, openPaymentPortal });
    const first = renderApp('/billing', { language, api });
    await userEvent.click(await screen.findByRole('button', { name: t.updatePayment }));
    await waitFor(() => expect(first.leave).toHaveBeenCalled());
    first.unmount();
    renderApp('/billing', { language, api, sessionStorage: first.session });
    await screen.findByText('VISA •••• 4242');
    expect(screen.queryByText(t.cardUpdated)).toBeNull();
  });
});

describe.each(['en', 'es'] as Language[])('the Payment History tab of /billing (%s)', (language) => {
  const t = texts[language];
  const listBilling = () => vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [payment] } }));
  // jsdom lays nothing out: scrolling the receipt's invoice into view is the browser test's.
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('lists every payment in a table with headers, 10 a page, each with its labelled invoice download', async () => {
    const paymentHistory = vi.fn(async ({ page }: { page: number }) => historyPage(page, 12));
    renderApp('/billing', { language, api: fakeApi({ listBilling: listBilling(), paymentHistory }) });
    const tab = await screen.findByRole('tab', { name: t.paymentsTab });
    // Not asked for until the tab opens.
    expect(paymentHistory).not.toHaveBeenCalled();
    await userEvent.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(t.headers);
    // Each row: the invoice's net, the tax included with its rate, and the total.
    const firstRow = within(table).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(2, 5)).toEqual(t.figures);
    expect(paymentHistory).toHaveBeenLastCalledWith({ page: 1 }, expect.any(AbortSignal));
    // Newest first, each row with the download of its own invoice.
    const downloads = within(table).getAllByRole('button', { name: new RegExp(`^${t.download} FS-2026-`) });
    expect(downloads.map((button) => button.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `${t.download} FS-2026-${String(12 - index).padStart(6, '0')}`),
    );
    await userEvent.click(screen.getByRole('button', { name: t.older }));
    expect(paymentHistory).toHaveBeenLastCalledWith({ page: 2 }, expect.any(AbortSignal));
    expect(await screen.findByRole('button', { name: `${t.download} FS-2026-000001` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${t.download} FS-2026-000012` })).toBeNull();
    expect(screen.getByRole('button', { name: t.older }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: t.newer }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a refunded payment (a second subscription cancelled and refunded) with its amount and the status Refunded', async () => {
    const refund: HistoryPayment = { payment: { ...payment, id: 'pay_refund', amount: 2999, status: 'refunded', description: 'Premium plan', card: null, cardlast4: null }, invoice: null };
    const paid = historyPage(1, 1);
    const paidItems = paid.kind === 'ok' ? paid.data.items : [];
    const paymentHistory = vi.fn(async (): Promise<LoadHistoryOutput> => ({ kind: 'ok', data: { items: [refund, ...paidItems], page: 1, pageSize: 10, total: 2 } }));
    renderApp('/billing?tab=history', { language, api: fakeApi({ listBilling: listBilling(), paymentHistory }) });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells[1]).toBe('Premium plan');
    expect(cells[4]).toBe(t.refundedTotal);
    expect(cells[7]).toBe(t.refunded);
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain(t.paid);
  });

  it("opened from a receipt's link, shows the tab at that invoice: its row marked, its download focused", async () => {
    const paymentHistory = vi.fn(async () => historyPage(2, 12));
    renderApp('/billing?tab=history&invoice=inv_2', { language, api: fakeApi({ listBilling: listBilling(), paymentHistory }) });
    const download = await screen.findByRole('button', { name: `${t.download} FS-2026-000002` });
    expect(screen.getByRole('tab', { name: t.paymentsTab }).getAttribute('aria-selected')).toBe('true');
    expect(paymentHistory).toHaveBeenCalledWith({ page: 1, invoice: 'inv_2' }, expect.any(AbortSignal));
    expect(download.closest('tr')?.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(download));
  });

  it('sends the old /billing/history links of receipts already sent on to the tab, at the same invoice', async () => {
    const paymentHistory = vi.fn(async () => historyPage(2, 12));
    renderApp('/billing/history?invoice=inv_2', { language, api: fakeApi({ listBilling: listBilling(), paymentHistory }) });
    await screen.findByRole('button', { name: `${t.download} FS-2026-000002` });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/billing?tab=history&invoice=inv_2');
    expect(screen.getByRole('tab', { name: t.paymentsTab }).getAttribute('aria-selected')).toBe('true');
    expect(paymentHistory).toHaveBeenCalledWith({ page: 1, invoice: 'inv_2' }, expect.any(AbortSignal));
  });
});
