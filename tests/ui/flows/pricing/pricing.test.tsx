// Pricing (/pricing) in English and Spanish: the plans, the checkout it leaves for, nothing to
// pay, a failed load, and a subscriber's current plan.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activeSubscription, seededPlans } from '../../../machines/plan-fixtures';
import { fakeApi, renderApp, type Language } from '../../support/screens-harness';

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
    billing: 'Billing',
    monthly: 'Monthly',
    yearly: 'Yearly 2 months free',
    basicYearly: '€99.90',
    perYear: '/year',
    yearlyPrice: 'Yearly price',
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
    billing: 'Facturación',
    monthly: 'Mensual',
    yearly: 'Anual 2 meses gratis',
    basicYearly: '99,90\u00a0€',
    perYear: '/año',
    yearlyPrice: 'Precio anual',
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
    expect(api.subscribe).toHaveBeenCalledWith({ plan: 'premium', interval: 'month' }, expect.any(AbortSignal));
  });

  it('switches every plan to its yearly price (10 monthly prices) and checks out yearly, on desktop and mobile', async () => {
    const api = fakeApi({
      listPlans: vi.fn(async () => ({ kind: 'ok' as const, data: seededPlans })),
      listBilling: noSubscription,
      subscribe: vi.fn(async () => ({ kind: 'ok' as const, data: { url: '/sandbox/checkout/cs_sandbox_2' } })),
    });
    const { leave } = renderApp('/pricing', { language, api });
    const group = await screen.findByRole('group', { name: t.billing });
    const monthly = within(group).getByRole('button', { name: t.monthly });
    const yearly = within(group).getByRole('button', { name: t.yearly });
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    expect(yearly.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(yearly);
    expect(yearly.getAttribute('aria-pressed')).toBe('true');
    expect(monthly.getAttribute('aria-pressed')).toBe('false');
    // The desktop card and the mobile strip both show Basic at 10 monthly prices, a year at a time.
    const basicCard = screen.getByRole('button', { name: t.chooseBasic }).closest('li');
    expect(basicCard?.textContent).toContain(t.basicYearly);
    expect(basicCard?.textContent).toContain(t.perYear);
    const [strip] = screen.getAllByRole('radiogroup');
    expect(within(strip!).getByRole('radio', { name: /Basic/ }).textContent).toContain(t.basicYearly);
    expect(screen.getByRole('rowheader', { name: t.yearlyPrice })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.chooseBasic }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/checkout/cs_sandbox_2'));
    expect(api.subscribe).toHaveBeenCalledWith({ plan: 'basic', interval: 'year' }, expect.any(AbortSignal));
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
