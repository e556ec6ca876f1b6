// A failed renewal (decision 067) as a signed-in person meets it: a banner on every signed-in
// page saying the payment failed, until when classes play, with a link to Billing; Billing then
// shows the subscription with when it failed, the next retry and the card to update.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentFailure, Subscription } from '@domain/subscriptions';
import { activeSubscription } from '../../../machines/plan-fixtures';
import { currentPath, fakeApi, OWNER_PROFILE, renderApp, type Language } from '../../support/screens-harness';

const failure: PaymentFailure = {
  failed_at: '2025-02-10T10:00:00.000Z',
  retries: 1,
  next_retry_at: '2025-02-13T10:00:00.000Z',
  grace_ends_at: '2025-02-17T10:00:00.000Z',
  in_grace: true,
};

const pastDue: Subscription = {
  ...activeSubscription,
  subscription_status: 'past_due',
  trial_end: null,
  current_period_start: '2025-02-10T10:00:00.000Z',
  current_period_end: '2025-03-10T10:00:00.000Z',
  payment_failure: failure,
};

const texts = {
  en: {
    banner: 'Your payment failed — update your card Your classes keep playing until February 17, 2025. Update your card',
    stopped: 'Your classes have stopped until the payment goes through.',
    link: 'Update your card',
    ownerOnly: 'The account owner can update the card in Billing.',
    failed: 'Your payment failed on February 10, 2025.',
    nextRetry: 'We will try again on February 13, 2025, or at once when you update your card.',
    inGrace: 'Your classes keep playing until February 17, 2025.',
    updatePayment: 'Update payment method',
    cancel: 'Cancel subscription',
  },
  es: {
    banner: 'Tu pago ha fallado: actualiza tu tarjeta Tus clases siguen reproduciéndose hasta el 17 de febrero de 2025. Actualizar la tarjeta',
    stopped: 'Tus clases se han detenido hasta que se complete el pago.',
    link: 'Actualizar la tarjeta',
    ownerOnly: 'El titular de la cuenta puede actualizar la tarjeta en Facturación.',
    failed: 'Tu pago falló el 10 de febrero de 2025.',
    nextRetry: 'Volveremos a intentarlo el 13 de febrero de 2025, o en cuanto actualices tu tarjeta.',
    inGrace: 'Tus clases siguen reproduciéndose hasta el 17 de febrero de 2025.',
    updatePayment: 'Actualizar método de pago',
    cancel: 'Cancelar suscripción',
  },
} as const;

const answer = (paymentFailure: PaymentFailure | null) => vi.fn(async () => ({ kind: 'ok' as const, data: { hasSubscription: false, paymentFailure } }));

describe.each(['en', 'es'] as Language[])('the failed-renewal banner (%s)', (language) => {
  const t = texts[language];

  it('shows on a signed-in page as a status with a link to Billing, where the failure and the next retry are told', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ membership: answer(failure), listBilling: vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [pastDue], payments: [] } })) });
    renderApp('/terms', { api, language });
    const banner = await screen.findByRole('status', { name: language === 'en' ? 'Your payment failed — update your card' : 'Tu pago ha fallado: actualiza tu tarjeta' }, { timeout: 5000 });
    expect(banner.querySelector('.banner__text')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(t.banner);
    await user.click(within(banner).getByRole('link', { name: t.link }));
    await waitFor(() => expect(currentPath()).toBe('/billing'));
    const plan = await screen.findByRole('region', { name: 'STANDARD' }, { timeout: 5000 });
    for (const line of [t.failed, t.nextRetry, t.inGrace]) expect(within(plan).getByText(line)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.updatePayment })).toBeTruthy();
    // Not current: nothing to cancel while the renewal is unpaid.
    expect(screen.queryByRole('button', { name: t.cancel })).toBeNull();
  }, 20_000);

  it('says the classes stopped once the grace period is over', async () => {
    renderApp('/terms', { api: fakeApi({ membership: answer({ ...failure, retries: 4, next_retry_at: null, in_grace: false }) }), language });
    expect(await screen.findByText(t.stopped)).toBeTruthy();
  });

  it("tells another profile than the owner's who can update the card, instead of linking to Billing they cannot open", async () => {
    renderApp('/terms', { api: fakeApi({ membership: answer(failure) }), language, profile: { ...OWNER_PROFILE, id: 'profile-leo', name: 'Leo', owner: false } });
    const banner = await screen.findByRole('status', { name: language === 'en' ? 'Your payment failed — update your card' : 'Tu pago ha fallado: actualiza tu tarjeta' }, { timeout: 5000 });
    expect(within(banner).getByText(t.ownerOnly, { exact: false })).toBeTruthy();
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('is not there when the renewal is paid, nor for a visitor', async () => {
    const api = fakeApi({ membership: answer(null) });
    renderApp('/terms', { api, language });
    await waitFor(() => expect(api.membership).toHaveBeenCalled());
    expect(screen.queryByText(t.link)).toBeNull();
  });
});
