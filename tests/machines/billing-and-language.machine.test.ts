// Billing (/billing) and language machines.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { billingMachine, type CancelSubscriptionInput, type CancelSubscriptionOutput, type LoadBillingOutput } from '../../machines/billing.machine';
import { languageMachine } from '../../machines/language.machine';
import { noticeText } from '../../src/domain/notices';
import type { Subscription } from '../../src/domain/subscriptions';
import { controlledActor, settle } from './controlled-actor';
import { activeSubscription } from './plan-fixtures';

async function start(subscriptions: Subscription[] = [activeSubscription]) {
  const load = controlledActor<LoadBillingOutput>();
  const cancel = controlledActor<CancelSubscriptionOutput, CancelSubscriptionInput>();
  const clock = new SimulatedClock();
  const actor = createActor(billingMachine.provide({ actors: { loadBilling: load.logic, cancelSubscription: cancel.logic } }), { clock }).start();
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  load.last.resolve({ kind: 'ok', data: { subscriptions, payments: [] } });
  await settle();
  return { actor, load, cancel, clock };
}

describe('billing machine', () => {
  it('loads subscriptions and switches tabs', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().context.subscriptions).toHaveLength(1);
    actor.send({ type: 'tab.select', tab: 'payments' });
    expect(actor.getSnapshot().context.tab).toBe('payments');
  });

  it('shows a load error for 1 s', async () => {
    const load = controlledActor<LoadBillingOutput>();
    const clock = new SimulatedClock();
    const actor = createActor(billingMachine.provide({ actors: { loadBilling: load.logic } }), { clock }).start();
    load.last.resolve({ kind: 'failed', status: 500, body: { isSuccess: false, message: 'Billing is unavailable.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Billing is unavailable.');
    clock.increment(999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('cancels the current subscription: still shown, flagged, and the message for 3 s', async () => {
    const { actor, cancel, clock } = await start();
    actor.send({ type: 'subscription.cancel' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(cancel.last.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
    cancel.last.resolve({ kind: 'ok', data: { subscription: { ...activeSubscription, cancel_at_period_end: true } } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.cancel_at_period_end).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription has been cancelled');
    expect(actor.getSnapshot().context.notice?.tone).toBe('success');
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'subscription.cancel' });
    expect(cancel.calls).toHaveLength(1);
  });

  it('does not cancel without a current subscription', async () => {
    const { actor, cancel } = await start([{ ...activeSubscription, subscription_status: 'canceled' }]);
    actor.send({ type: 'subscription.cancel' });
    expect(cancel.calls).toHaveLength(0);
  });

  it('shows the server message of a refused cancel for 3 s', async () => {
    const { actor, cancel, clock } = await start();
    actor.send({ type: 'subscription.cancel' });
    cancel.last.resolve({ kind: 'failed', status: 409, body: { isSuccess: false, message: 'Already cancelling.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Already cancelling.');
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('ignores a cancelled request', async () => {
    const { actor, cancel } = await start();
    actor.send({ type: 'subscription.cancel' });
    cancel.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});

describe('language machine', () => {
  it('defaults to English, restores a stored choice, and persists changes', () => {
    expect(createActor(languageMachine, { input: {} }).start().getSnapshot().context.language).toBe('en');
    expect(createActor(languageMachine, { input: { language: 'fr' } }).start().getSnapshot().context.language).toBe('en');
    const persistLanguage = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { persistLanguage } }), { input: { language: 'es' } }).start();
    expect(actor.getSnapshot().context.language).toBe('es');
    actor.send({ type: 'language.set', language: 'en' });
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(persistLanguage).toHaveBeenCalledWith(expect.anything(), 'en');
  });
});
