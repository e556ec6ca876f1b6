// The checkout return (/users), /success and /cancel in English and Spanish.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, fakeApi, renderApp, type Language } from '../../support/screens-harness';
import { activeSubscription } from '../../../machines/plan-fixtures';

const texts = {
  en: {
    wait: 'Please Wait...',
    success: 'Transaction Successful!',
    successText: 'Your subscription is now active! Enjoy unlimited access to all features and content.',
    trial: 'Free trial started!',
    trialText: 'Nothing is charged today. Your free trial of Standard has started; your first payment of €13.99 will be on January 17, 2025, unless you cancel before then.',
    view: 'View Subscription',
    watch: 'Start watching',
    failed: 'Transaction Failed!',
    failedText: 'Unfortunately, there was an issue with your payment. Please try again later.',
    retry: 'Try Again',
  },
  es: {
    wait: 'Espera, por favor...',
    success: '¡Transacción completada!',
    successText: '¡Tu suscripción ya está activa! Disfruta de acceso ilimitado a todas las funciones y contenidos.',
    trial: '¡Ha empezado tu prueba gratuita!',
    trialText: 'Hoy no se te cobra nada. Ha empezado tu prueba gratuita de Standard; tu primer pago, de 13,99 €, será el 17 de enero de 2025, salvo que canceles antes.',
    view: 'Ver suscripción',
    watch: 'Empezar a ver',
    failed: '¡Transacción fallida!',
    failedText: 'Lamentablemente, hubo un problema con tu pago. Inténtalo de nuevo más tarde.',
    retry: 'Intentar de nuevo',
  },
} as const;

describe.each(['en', 'es'] as Language[])('checkout return (%s)', (language) => {
  const t = texts[language];

  it('says Please Wait while confirming, then shows /success', async () => {
    let answer: (value: { kind: 'ok'; data: never }) => void = () => {};
    const confirmCheckout = vi.fn(() => new Promise<{ kind: 'ok'; data: never }>((resolve) => (answer = resolve)));
    renderApp('/users?session_id=cs_sandbox_1', { language, api: fakeApi({ confirmCheckout }) });
    expect(await screen.findByRole('heading', { name: t.wait })).toBeTruthy();
    // The heading shows while the machine starts its confirm call: wait for it, not a tick.
    await waitFor(() =>
      expect(confirmCheckout).toHaveBeenCalledWith({ customer: 'cs_sandbox_1', deviceId: '0f8fad5bd9cb469f' }, expect.any(AbortSignal)),
    );
    answer({ kind: 'ok', data: { subscription: { ...activeSubscription, subscription_status: 'active', trial_end: null } } as never });
    expect(await screen.findByRole('heading', { name: t.success })).toBeTruthy();
    expect(currentPath()).toBe('/success');
    expect(screen.getByText(t.successText)).toBeTruthy();
    // Start watching (to /home) is the primary action; View Subscription stays.
    const watch = screen.getByRole('link', { name: t.watch });
    expect(watch.getAttribute('href')).toBe('/home');
    expect(watch.className).toContain('btn--primary');
    await userEvent.click(screen.getByRole('link', { name: t.view }));
    await waitFor(() => expect(currentPath()).toBe('/billing'));
    // Focus moves to the new page's heading.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });

  it('a checkout that started a free trial says so on /success, with the first charge and its date', async () => {
    const confirmCheckout = vi.fn(async () => ({ kind: 'ok' as const, data: { subscription: activeSubscription } }));
    renderApp('/users?session_id=cs_sandbox_1', { language, api: fakeApi({ confirmCheckout }) });
    expect(await screen.findByRole('heading', { name: t.trial })).toBeTruthy();
    expect(screen.getByText(t.trialText)).toBeTruthy();
    expect(screen.queryByText(t.successText)).toBeNull();
  });

  it('goes to /cancel when the confirmation fails, with Try Again to /pricing', async () => {
    const confirmCheckout = vi.fn(async () => ({ kind: 'failed' as const, status: 402, body: { message: 'Not paid' } }));
    renderApp('/users?session_id=cs_sandbox_1', { language, api: fakeApi({ confirmCheckout }) });
    expect(await screen.findByRole('heading', { name: t.failed })).toBeTruthy();
    expect(currentPath()).toBe('/cancel');
    expect(screen.getByText(t.failedText)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.retry }).getAttribute('href')).toBe('/pricing');
  });
});
