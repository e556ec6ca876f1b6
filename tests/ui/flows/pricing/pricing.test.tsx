// Pricing (/pricing), checkout return (/users), /success and /cancel in English and Spanish.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activeSubscription, seededPlans } from '../../../machines/plan-fixtures';
import { currentPath, fakeApi, renderApp, type Language } from '../../support/screens-harness';

const texts = {
  en: {
    pricing: 'Choose the right plan for you',
    step4: 'Step 4 of 4',
    trial: 'Your first subscription starts with a 7-day free trial. No ads, no contract: cancel online at any time.',
    choosePremium: 'Choose Premium',
    chooseBasic: 'Choose Basic',
    plans: 'Plans',
    currentPlan: 'Current plan',
    manage: 'Manage in Billing',
    noPlans: 'No plans are available right now.',
    wait: 'Please Wait...',
    success: 'Transaction Successful!',
    successText: 'Your subscription is now active! Enjoy unlimited access to all features and content.',
    view: 'View Subscription',
    watch: 'Start watching',
    failed: 'Transaction Failed!',
    failedText: 'Unfortunately, there was an issue with your payment. Please try again later.',
    retry: 'Try Again',
  },
  es: {
    pricing: 'Elige el plan ideal para ti',
    step4: 'Paso 4 de 4',
    trial: 'Tu primera suscripción empieza con 7 días de prueba gratuita. Sin anuncios ni permanencia: cancela online cuando quieras.',
    choosePremium: 'Elegir Premium',
    chooseBasic: 'Elegir Basic',
    plans: 'Planes',
    currentPlan: 'Plan actual',
    manage: 'Gestionar en Facturación',
    noPlans: 'No hay planes disponibles en este momento.',
    wait: 'Espera, por favor...',
    success: '¡Transacción completada!',
    successText: '¡Tu suscripción ya está activa! Disfruta de acceso ilimitado a todas las funciones y contenidos.',
    view: 'Ver suscripción',
    watch: 'Empezar a ver',
    failed: '¡Transacción fallida!',
    failedText: 'Lamentablemente, hubo un problema con tu pago. Inténtalo de nuevo más tarde.',
    retry: 'Intentar de nuevo',
  },
} as const;

/** An account without a subscription (pricing asks, to mark a subscriber's current plan). */
const noSubscription = vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [], payments: [] } }));

describe.each(['en', 'es'] as Language[])('pricing screen (%s)', (language) => {
  const t = texts[language];

  it('loads, lists the plans with the popular one selected, and leaves for the checkout url', async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: noSubscription,
      subscribe: vi.fn(async () => ({ kind: 'ok' as const, data: { url: '/sandbox/checkout/cs_sandbox_1' } })),
    });
    const { leave } = renderApp('/pricing', { language, api });
    expect(await screen.findByRole('heading', { name: t.pricing })).toBeTruthy();
    expect(await screen.findByText(t.step4)).toBeTruthy();
    // The trial is stated, and every plan has its own call to action.
    expect(screen.getByText(t.trial)).toBeTruthy();
    const [mobile] = await screen.findAllByRole('radiogroup');
    if (!mobile) throw new Error('no plan strip');
    // The popular plan is preselected on the mobile strip.
    expect(within(mobile).getByRole('radio', { checked: true }).textContent).toContain('Standard');
    await userEvent.click(screen.getByRole('button', { name: t.choosePremium }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/checkout/cs_sandbox_1'));
    expect(api.subscribe).toHaveBeenCalledWith({ plan: 'premium' }, expect.any(AbortSignal));
  });

  it('shows the server message when plans cannot be loaded, and an empty state', async () => {
    const api = fakeApi({ listPlans: vi.fn(async () => ({ kind: 'failed' as const, status: 500, body: { message: 'Plans are unavailable.' } })) });
    renderApp('/pricing', { language, api });
    expect((await screen.findByRole('alert')).textContent).toContain('Plans are unavailable.');
    expect(screen.getByText(t.noPlans)).toBeTruthy();
  });

  it('shows a success message when there is nothing to pay', async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: noSubscription,
      subscribe: vi.fn(async () => ({ kind: 'ok' as const, data: { message: 'You already have a current subscription.' } })),
    });
    renderApp('/pricing', { language, api });
    await userEvent.click(await screen.findByRole('button', { name: t.chooseBasic }));
    const status = await screen.findByText('You already have a current subscription.');
    expect(status.closest('[role="status"]')).toBeTruthy();
    // Nothing was bought: information, never a green check.
    expect(status.closest('.banner')?.className).toContain('banner--info');
    expect(status.closest('.banner')?.textContent).not.toContain('✓');
  });

  it("marks a subscriber's current plan, with no step count and no checkout to start", async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: vi.fn(async () => ({ kind: 'ok' as const, data: { subscriptions: [activeSubscription], payments: [] } })),
    });
    renderApp('/pricing', { language, api });
    expect(await screen.findByRole('heading', { level: 1, name: t.plans })).toBeTruthy();
    expect(screen.queryByText(t.step4)).toBeNull();
    const standard = screen.getByRole('article', { name: 'STANDARD' });
    expect(within(standard).getByText(t.currentPlan)).toBeTruthy();
    expect(within(standard).getByRole('link', { name: t.manage }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: t.chooseBasic })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Next|Siguiente)$/ })).toBeNull();
    expect(api.subscribe).not.toHaveBeenCalled();
  });
});

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
    answer({ kind: 'ok', data: undefined as never });
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

  it('goes to /cancel when the confirmation fails, with Try Again to /pricing', async () => {
    const confirmCheckout = vi.fn(async () => ({ kind: 'failed' as const, status: 402, body: { message: 'Not paid' } }));
    renderApp('/users?session_id=cs_sandbox_1', { language, api: fakeApi({ confirmCheckout }) });
    expect(await screen.findByRole('heading', { name: t.failed })).toBeTruthy();
    expect(currentPath()).toBe('/cancel');
    expect(screen.getByText(t.failedText)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.retry }).getAttribute('href')).toBe('/pricing');
  });
});
