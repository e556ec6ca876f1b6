// Checkout-return machine (/users): confirm the provider's session with the device id, then
// /success or /cancel replacing history; nowhere when the request was cancelled.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutReturnMachine, type ConfirmCheckoutInput, type ConfirmCheckoutOutput } from '@machines/checkout-return.machine';
import { controlledActor, settle } from './controlled-actor';
import { recordNavigation } from './navigation-recorder';
import { activeSubscription } from './plan-fixtures';

function checkoutReturn(sessionId: string | null) {
  const confirm = controlledActor<ConfirmCheckoutOutput, ConfirmCheckoutInput>();
  const actor = createActor(checkoutReturnMachine.provide({ actors: { confirmCheckout: confirm.logic } }), {
    input: { sessionId, deviceId: 'device-1234' },
  });
  const navigations = recordNavigation(actor);
  actor.start();
  return { actor, confirm, navigations };
}

describe('checkout return machine', () => {
  it('confirms session_id with the device id, then /success replacing history', async () => {
    const { actor, confirm, navigations } = checkoutReturn('cs_sandbox_1');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(confirm.last.input).toEqual({ customer: 'cs_sandbox_1', deviceId: 'device-1234' });
    expect(navigations).toEqual([]);
    confirm.last.resolve({ kind: 'ok', data: { subscription: { ...activeSubscription, subscription_status: 'active', trial_end: null } } });
    await settle();
    expect(navigations).toEqual([{ type: 'navigate', to: '/success', replace: true, fromCheckout: true }]);
  });

  it('a checkout that started a trial takes its first charge to /success (not a payment)', async () => {
    const { confirm, navigations } = checkoutReturn('cs_sandbox_1');
    const trialEnd = '2026-12-06T10:00:00.000Z';
    confirm.last.resolve({ kind: 'ok', data: { subscription: { ...activeSubscription, subscription_status: 'trialing', trial_end: trialEnd } } });
    await settle();
    expect(navigations).toEqual([
      {
        type: 'navigate',
        to: '/success',
        replace: true,
        fromCheckout: true,
        trial: { plan: activeSubscription.product_name, amount: activeSubscription.amount, currency: activeSubscription.currency, firstChargeAt: trialEnd },
      },
    ]);
  });

  it('goes to /cancel when the confirmation fails', async () => {
    const { confirm, navigations } = checkoutReturn('cs_sandbox_1');
    confirm.last.resolve({ kind: 'failed', status: 402, body: { isSuccess: false, message: 'Not paid' } });
    await settle();
    expect(navigations).toEqual([{ type: 'navigate', to: '/cancel', replace: true, fromCheckout: true }]);
  });

  it('goes to /cancel at once without session_id', () => {
    const { confirm, navigations } = checkoutReturn(null);
    expect(confirm.calls).toHaveLength(0);
    expect(navigations).toEqual([{ type: 'navigate', to: '/cancel', replace: true, fromCheckout: true }]);
  });

  it('goes nowhere when the request was cancelled or the session was lost', async () => {
    for (const outcome of [{ kind: 'cancelled' }, { kind: 'failed', status: 401, body: null }] as const) {
      const { actor, confirm, navigations } = checkoutReturn('cs_1');
      confirm.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().status).toBe('done');
      expect(navigations).toEqual([]);
    }
  });
});
