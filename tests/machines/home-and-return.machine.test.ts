// Home (/home) and checkout return (/users) machines.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { checkoutReturnMachine, type ConfirmCheckoutInput, type ConfirmCheckoutOutput } from '../../machines/checkout-return.machine';
import { homeMachine, type LoadHomeOutput } from '../../machines/home.machine';
import { noticeText } from '../../src/domain/notices';
import { controlledActor, settle } from './controlled-actor';

function home(hasEmail = true) {
  const load = controlledActor<LoadHomeOutput>();
  const clock = new SimulatedClock();
  const actor = createActor(homeMachine.provide({ actors: { loadHome: load.logic } }), { clock, input: { hasEmail } }).start();
  return { actor, load, clock };
}

describe('home machine', () => {
  it('spins for 1 s before calling home, then shows the step', async () => {
    const { actor, load, clock } = home();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    clock.increment(999);
    expect(load.calls).toHaveLength(0);
    clock.increment(1);
    expect(load.calls).toHaveLength(1);
    load.last.resolve({ kind: 'ok', data: { hasSubscription: false, name: null } });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('shows the server message for 3 s', async () => {
    const { actor, load, clock } = home();
    clock.increment(1000);
    load.last.resolve({ kind: 'failed', status: 502, body: { isSuccess: false, message: 'Payments are down.', statusCode: 502 } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Payments are down.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(2999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('stays quiet on a cancelled request and on a 401 (the session handles it)', async () => {
    for (const outcome of [{ kind: 'cancelled' }, { kind: 'failed', status: 401, body: null }] as const) {
      const { actor, load, clock } = home();
      clock.increment(1000);
      load.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().context.notice).toBeNull();
    }
  });

  it('Next goes to /pricing with an email, to /login without', async () => {
    for (const [hasEmail, to] of [[true, '/pricing'], [false, '/login']] as const) {
      const { actor, load, clock } = home(hasEmail);
      clock.increment(1000);
      load.last.resolve({ kind: 'ok', data: { hasSubscription: false, name: null } });
      await settle();
      actor.send({ type: 'home.next' });
      expect(actor.getSnapshot().context.navigation).toMatchObject({ to });
    }
  });
});

function checkoutReturn(sessionId: string | null) {
  const confirm = controlledActor<ConfirmCheckoutOutput, ConfirmCheckoutInput>();
  const actor = createActor(checkoutReturnMachine.provide({ actors: { confirmCheckout: confirm.logic } }), {
    input: { sessionId, deviceId: 'device-1234' },
  }).start();
  return { actor, confirm };
}

describe('checkout return machine', () => {
  it('confirms session_id with the device id, then /success replacing history', async () => {
    const { actor, confirm } = checkoutReturn('cs_sandbox_1');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(confirm.last.input).toEqual({ customer: 'cs_sandbox_1', deviceId: 'device-1234' });
    confirm.last.resolve({ kind: 'ok', data: {} });
    await settle();
    expect(actor.getSnapshot().context.navigation).toEqual({ to: '/success', replace: true });
  });

  it('goes to /cancel when the confirmation fails', async () => {
    const { actor, confirm } = checkoutReturn('cs_sandbox_1');
    confirm.last.resolve({ kind: 'failed', status: 402, body: { isSuccess: false, message: 'Not paid' } });
    await settle();
    expect(actor.getSnapshot().context.navigation).toEqual({ to: '/cancel', replace: true });
  });

  it('goes to /cancel at once without session_id', () => {
    const { actor, confirm } = checkoutReturn(null);
    expect(confirm.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.navigation).toEqual({ to: '/cancel', replace: true });
  });

  it('goes nowhere when the request was cancelled or the session was lost', async () => {
    const { actor, confirm } = checkoutReturn('cs_1');
    confirm.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().context.navigation).toBeNull();
  });
});
