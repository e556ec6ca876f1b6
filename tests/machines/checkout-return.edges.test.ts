// The checkout return's edges the main tests leave open: an empty session_id, a crashing or
// quiet confirmation, that every ending is final, and a flow wired without its call.
import { describe, expect, it } from 'vitest';
import { checkoutReturnMachine, type ConfirmCheckoutInput, type ConfirmCheckoutOutput } from '@machines/checkout-return.machine';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { activeSubscription } from './plan-fixtures';
import { navigationOf, startFlow } from './support/navigation';

function checkoutReturn(sessionId: string | null) {
  const confirm = controlledActor<ConfirmCheckoutOutput, ConfirmCheckoutInput>();
  const actor = startFlow(checkoutReturnMachine.provide({ actors: { confirmCheckout: confirm.logic } }), {
    input: { sessionId, deviceId: null },
  });
  return { actor, confirm };
}

describe('checkout return machine', () => {
  it('goes to /cancel at once with an empty session_id', () => {
    const { actor, confirm } = checkoutReturn('');
    expect(confirm.calls).toHaveLength(0);
    expect(navigationOf(actor)).toEqual({ to: '/cancel', replace: true, fromCheckout: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ends at /success after a confirmation', async () => {
    const { actor, confirm } = checkoutReturn('cs_1');
    confirm.last.resolve(ok({ subscription: { ...activeSubscription, subscription_status: 'active', trial_end: null } }));
    await settle();
    expect(navigationOf(actor)).toEqual({ to: '/success', replace: true, fromCheckout: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to /cancel when the confirmation crashes', async () => {
    const { actor, confirm } = checkoutReturn('cs_1');
    confirm.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(navigationOf(actor)).toEqual({ to: '/cancel', replace: true, fromCheckout: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each<[string, ConfirmCheckoutOutput]>([
    ['cancelled', cancelled],
    ['refused with 401 (the session takes the user to /login)', failed(401, { isSuccess: false, message: 'Your session has expired.' })],
  ])('goes nowhere and is over when the confirmation was %s', async (_, outcome) => {
    const { actor, confirm } = checkoutReturn('cs_1');
    confirm.last.resolve(outcome);
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(navigationOf(actor)).toBeNull();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to /cancel when wired without its call', async () => {
    const actor = startFlow(checkoutReturnMachine, { input: { sessionId: 'cs_1', deviceId: null } });
    await settle();
    expect(navigationOf(actor)).toEqual({ to: '/cancel', replace: true, fromCheckout: true });
  });
});
