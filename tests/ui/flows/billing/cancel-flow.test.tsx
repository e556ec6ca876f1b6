// The cancel flow on Billing (decision 068) in English and Spanish: why (a radio group and a
// labelled text box), then the one offer the server names, with "Cancel anyway" as prominent,
// or the confirmation; Back keeps the reason; accepting says so on Billing.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@domain/subscriptions';
import { activeSubscription } from '../../../machines/plan-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

const active: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null, current_period_end: '2025-02-10T00:00:00.000Z' };
const paused: Subscription = { ...active, pause: { paused_from: '2025-02-10T00:00:00.000Z', resumes_at: '2025-04-10T00:00:00.000Z' } };

const texts = {
  en: {
    cancel: 'Cancel subscription',
    why: 'Why are you cancelling?',
    reasons: 'Reason',
    words: 'Anything else you would like to tell us? (optional)',
    tooExpensive: 'It’s too expensive',
    unused: 'I don’t use it enough',
    next: 'Continue',
    back: 'Back',
    halfOffTitle: 'How about 50 % off your next month?',
    halfOff: 'Take 50 % off',
    anyway: 'Cancel anyway',
    pauseTitle: 'Take a break instead?',
    twoMonths: '2 months',
    pauseInstead: 'Pause instead',
    halfOffDone: 'Done: 50 % off your next month',
    note: '50 % off your next month',
    paused: 'Your subscription is paused',
    cancelled: 'Your subscription has been cancelled',
  },
  es: {
    cancel: 'Cancelar suscripción',
    why: '¿Por qué cancelas?',
    reasons: 'Motivo',
    words: '¿Algo más que quieras contarnos? (opcional)',
    tooExpensive: 'Es demasiado caro',
    unused: 'No lo uso lo suficiente',
    next: 'Continuar',
    back: 'Atrás',
    halfOffTitle: '¿Qué te parece un 50 % de descuento en tu próximo mes?',
    halfOff: 'Aplicar el 50 %',
    anyway: 'Cancelar de todos modos',
    pauseTitle: '¿Y si te tomas un descanso?',
    twoMonths: '2 meses',
    pauseInstead: 'Pausar en su lugar',
    halfOffDone: 'Hecho: 50 % de descuento en tu próximo mes',
    note: '50 % de descuento en tu próximo mes',
    paused: 'Tu suscripción está en pausa',
    cancelled: 'Tu suscripción ha sido cancelada',
  },
} as const;

describe.each(['en', 'es'] as Language[])('the cancel flow on Billing (%s)', (language) => {
  const t = texts[language];
  const listBilling = () => vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [active], payments: [] } }));
  const offering = (offer: 'pause' | 'half_off' | null) => vi.fn(async () => ({ kind: 'ok' as const, data: { offer } }));

  async function chooseReason(reason: string, words = '') {
    await userEvent.click(await screen.findByRole('button', { name: t.cancel }));
    const dialog = screen.getByRole('dialog', { name: t.why });
    // The reasons are one labelled radio group; the words a labelled text box.
    const group = within(dialog).getByRole('group', { name: t.reasons });
    expect(within(group).getAllByRole('radio')).toHaveLength(8);
    expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]);
    expect((within(dialog).getByRole('button', { name: t.next }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(group).getByRole('radio', { name: reason }));
    if (words) await userEvent.type(within(dialog).getByRole('textbox', { name: t.words }), words);
    await userEvent.click(within(dialog).getByRole('button', { name: t.next }));
  }

  it('"too expensive": offers 50 % off with Cancel anyway just as prominent; taking it says so on Billing', async () => {
    const findCancelOffer = offering('half_off');
    const acceptHalfOff = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...active, next_charge_percent_off: 50 } } }));
    const cancelSubscription = vi.fn();
    renderApp('/billing', { language, api: fakeApi({ listBilling: listBilling(), findCancelOffer, acceptHalfOff, cancelSubscription }) });
    await chooseReason(t.tooExpensive, 'Money is tight');
    expect(findCancelOffer).toHaveBeenCalledWith({ subscriptionId: active.subscription_id, reason: 'too_expensive' }, expect.anything());
    const offer = await screen.findByRole('dialog', { name: t.halfOffTitle });
    const take = within(offer).getByRole('button', { name: t.halfOff });
    const anyway = within(offer).getByRole('button', { name: t.anyway });
    // Same size, same weight: the same classes.
    expect(anyway.className).toBe(take.className);
    expect(document.activeElement).toBe(take);
    await userEvent.click(take);
    expect(acceptHalfOff).toHaveBeenCalledWith({ subscriptionId: active.subscription_id, text: 'Money is tight' }, expect.anything());
    expect(await screen.findByText(t.halfOffDone)).toBeTruthy();
    expect(screen.getByTestId('next-charge-discount').textContent).toBe(t.note);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelSubscription).not.toHaveBeenCalled();
  });

  it('"unused": offers a pause of the months chosen, sent as the cancel flow\'s offer', async () => {
    const pauseSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: paused } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling: listBilling(), findCancelOffer: offering('pause'), pauseSubscription }) });
    await chooseReason(t.unused);
    const offer = await screen.findByRole('dialog', { name: t.pauseTitle });
    await userEvent.click(within(offer).getByRole('radio', { name: t.twoMonths }));
    await userEvent.click(within(offer).getByRole('button', { name: t.pauseInstead }));
    expect(pauseSubscription).toHaveBeenCalledWith({ subscriptionId: active.subscription_id, months: 2, cancelReason: 'unused' }, expect.anything());
    expect(await screen.findByText(t.paused)).toBeTruthy();
  });

  it('Back returns to the reason still chosen; Cancel anyway cancels with it', async () => {
    const cancelSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: { ...active, cancel_at_period_end: true } } }));
    renderApp('/billing', { language, api: fakeApi({ listBilling: listBilling(), findCancelOffer: offering('half_off'), cancelSubscription }) });
    await chooseReason(t.tooExpensive);
    await userEvent.click(within(await screen.findByRole('dialog', { name: t.halfOffTitle })).getByRole('button', { name: t.back }));
    const reasons = screen.getByRole('dialog', { name: t.why });
    expect((within(reasons).getByRole('radio', { name: t.tooExpensive }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(within(reasons).getByRole('radio', { name: t.tooExpensive }));
    await userEvent.click(within(reasons).getByRole('button', { name: t.next }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: t.halfOffTitle })).getByRole('button', { name: t.anyway }));
    expect(cancelSubscription).toHaveBeenCalledWith({ subscriptionId: active.subscription_id, reason: 'too_expensive' }, expect.anything());
    expect(await screen.findByText(t.cancelled)).toBeTruthy();
  });
});
