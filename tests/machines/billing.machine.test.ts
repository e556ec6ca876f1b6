// Billing machine (/billing): load, tabs, cancel and reactivate with their 3 s messages, the
// payment-method portal, load errors for 1 s, quiet cancellations.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  billingMachine,
  type CancelSubscriptionInput,
  type CancelSubscriptionOutput,
  type LoadBillingOutput,
  type OpenPaymentPortalOutput,
  type ReactivateSubscriptionInput,
  type ReactivateSubscriptionOutput,
} from '@machines/billing.machine';
import { noticeText } from '@domain/notices';
import { cardKey, type Subscription } from '@domain/subscriptions';
import { controlledActor, settle } from './controlled-actor';
import { cancelFlowOf, cancelThroughFlow, noOffer } from './cancel-flow-kit';
import { provideTree } from '@machines/provide-tree';
import { recordNavigation } from './navigation-recorder';
import { activeSubscription } from './plan-fixtures';

async function start(subscriptions: Subscription[] = [activeSubscription]) {
  const load = controlledActor<LoadBillingOutput>();
  const cancel = controlledActor<CancelSubscriptionOutput, CancelSubscriptionInput>();
  const reactivate = controlledActor<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>();
  const portal = controlledActor<OpenPaymentPortalOutput>();
  const clock = new SimulatedClock();
  const actors = {
    loadBilling: load.logic,
    cancelSubscription: cancel.logic,
    findCancelOffer: noOffer,
    reactivateSubscription: reactivate.logic,
    openPaymentPortal: portal.logic,
  };
  const actor = createActor(provideTree(billingMachine, { actors } as never), { clock, input: {} });
  const navigations = recordNavigation(actor);
  actor.start();
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  load.last.resolve({ kind: 'ok', data: { subscriptions, payments: [] } });
  await settle();
  return { actor, load, cancel, reactivate, portal, clock, navigations };
}

describe('billing machine', () => {
  it('loads subscriptions and switches tabs', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().context.subscriptions).toHaveLength(1);
    actor.send({ type: 'tab.select', tab: 'history' });
    expect(actor.getSnapshot().context.tab).toBe('history');
  });

  it("opens on the tab its input names (a receipt's link: Payment History), else on the subscription", () => {
    expect(createActor(billingMachine, { input: { tab: 'history' } }).start().getSnapshot().context.tab).toBe('history');
    expect(createActor(billingMachine, { input: {} }).start().getSnapshot().context.tab).toBe('subscription');
  });

  it('shows a load error for 1 s', async () => {
    const load = controlledActor<LoadBillingOutput>();
    const clock = new SimulatedClock();
    const actor = createActor(billingMachine.provide({ actors: { loadBilling: load.logic } }), { clock, input: {} }).start();
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
    await cancelThroughFlow(actor);
    // The dialog's Yes, cancel is busy (the flow's own tag); the page waits for its end.
    expect(cancelFlowOf(actor)?.getSnapshot().hasTag('busy')).toBe(true);
    expect(cancel.last.input).toEqual({ subscriptionId: 'sub_sandbox_1', reason: 'other' });
    cancel.last.resolve({ kind: 'ok', data: { subscription: { ...activeSubscription, cancel_at_period_end: true } } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.cancel_at_period_end).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription has been cancelled');
    expect(actor.getSnapshot().context.notice?.tone).toBe('success');
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(1);
  });

  it('does not cancel without a current subscription', async () => {
    const { actor, cancel } = await start([{ ...activeSubscription, subscription_status: 'canceled' }]);
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(0);
  });

  it('shows the server message of a refused cancel for 3 s', async () => {
    const { actor, cancel, clock } = await start();
    await cancelThroughFlow(actor);
    cancel.last.resolve({ kind: 'failed', status: 409, body: { isSuccess: false, message: 'Already cancelling.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Already cancelling.');
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  const flagged: Subscription = { ...activeSubscription, cancel_at_period_end: true };

  it('reactivates a subscription flagged to cancel: renewing again, and the message for 3 s', async () => {
    const { actor, reactivate, cancel, clock } = await start([flagged]);
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(0);
    actor.send({ type: 'subscription.reactivate' });
    expect(actor.getSnapshot().matches({ ready: 'reactivating' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(reactivate.last.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
    reactivate.last.resolve({ kind: 'ok', data: { subscription: { ...flagged, cancel_at_period_end: false } } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.cancel_at_period_end).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription will renew again');
    expect(actor.getSnapshot().context.notice?.tone).toBe('success');
    // Renewing again: it can be cancelled again, not reactivated twice.
    actor.send({ type: 'subscription.reactivate' });
    expect(reactivate.calls).toHaveLength(1);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(1);
  });

  it('does not reactivate a subscription that renews, or none', async () => {
    for (const subscriptions of [[activeSubscription], [], [{ ...flagged, subscription_status: 'canceled' as const }]]) {
      const { actor, reactivate } = await start(subscriptions);
      actor.send({ type: 'subscription.reactivate' });
      expect(reactivate.calls).toHaveLength(0);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    }
  });

  it('shows the server message of a refused reactivation for 3 s and keeps the flag', async () => {
    const { actor, reactivate, clock } = await start([flagged]);
    actor.send({ type: 'subscription.reactivate' });
    reactivate.last.resolve({ kind: 'failed', status: 409, body: { isSuccess: false, message: 'This subscription has ended.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This subscription has ended.');
    expect(actor.getSnapshot().context.notice?.tone).toBe('error');
    expect(actor.getSnapshot().context.subscriptions[0]?.cancel_at_period_end).toBe(true);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it("opens the provider's payment-method page: busy, then leaves for its url", async () => {
    const { actor, portal, navigations } = await start();
    actor.send({ type: 'payment.update' });
    expect(actor.getSnapshot().matches({ ready: 'openingPortal' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    portal.last.resolve({ kind: 'ok', data: { url: 'http://localhost:8080/sandbox/portal/abc' } });
    await settle();
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', external: 'http://localhost:8080/sandbox/portal/abc' }]);
  });

  it('shows why the payment-method page did not open for 3 s; needs a current subscription', async () => {
    const { actor, portal, clock, navigations } = await start();
    actor.send({ type: 'payment.update' });
    portal.last.resolve({ kind: 'failed', status: 502, body: { isSuccess: false, message: 'The payment provider could not open the billing portal.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The payment provider could not open the billing portal.');
    expect(navigations).toEqual([]);
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);

    const none = await start([]);
    none.actor.send({ type: 'payment.update' });
    expect(none.portal.calls).toHaveLength(0);
  });

  it('opens the payment-method page for a renewal left unpaid (past_due or unpaid), not for a subscription that ended', async () => {
    const failure = { failed_at: '2025-02-10T10:00:00.000Z', retries: 4, next_retry_at: null, grace_ends_at: '2025-02-17T10:00:00.000Z', in_grace: false };
    const unpaid = await start([{ ...activeSubscription, subscription_status: 'unpaid', payment_failure: failure }]);
    unpaid.actor.send({ type: 'payment.update' });
    expect(unpaid.actor.getSnapshot().matches({ ready: 'openingPortal' })).toBe(true);
    expect(unpaid.portal.calls).toHaveLength(1);

    const ended = await start([{ ...activeSubscription, subscription_status: 'canceled', payment_failure: null }]);
    ended.actor.send({ type: 'payment.update' });
    expect(ended.portal.calls).toHaveLength(0);
  });

  it('ignores a cancelled request', async () => {
    const { actor, cancel } = await start();
    await cancelThroughFlow(actor);
    cancel.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('asks why before cancelling: nothing is sent until the user confirms, and keeping it sends nothing', async () => {
    const { actor, cancel } = await start();
    actor.send({ type: 'subscription.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'cancelFlow' })).toBe(true);
    expect(cancelFlowOf(actor)?.getSnapshot().value).toBe('choosingReason');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    cancelFlowOf(actor)?.send({ type: 'cancel.keep' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(cancel.calls).toHaveLength(0);
    await cancelThroughFlow(actor, 'switched_service');
    expect(cancelFlowOf(actor)?.getSnapshot().value).toBe('cancelling');
    expect(cancel.calls).toHaveLength(1);
    expect(cancel.last.input).toEqual({ subscriptionId: 'sub_sandbox_1', reason: 'switched_service' });
  });

  it('remembers the card when leaving for the payment-method page', async () => {
    const load = controlledActor<LoadBillingOutput>();
    const portal = controlledActor<OpenPaymentPortalOutput>();
    const remembered: unknown[] = [];
    const actor = createActor(
      billingMachine.provide({ actors: { loadBilling: load.logic, openPaymentPortal: portal.logic }, actions: { rememberCard: (_, params) => remembered.push(params) } }),
      { input: {} },
    ).start();
    load.last.resolve({ kind: 'ok', data: { subscriptions: [activeSubscription], payments: [] } });
    await settle();
    actor.send({ type: 'payment.update' });
    expect(remembered).toEqual([]);
    portal.last.resolve({ kind: 'ok', data: { url: 'http://localhost:8080/sandbox/portal/abc' } });
    await settle();
    expect(remembered).toEqual([{ card: cardKey(activeSubscription) }]);
  });

  it.each([
    ['another card', { ...activeSubscription, cardlast4: '1881' }, true],
    ['the same card', activeSubscription, false],
  ] as const)('coming back from the payment-method page with %s says so or not', async (_, subscription, updated) => {
    const load = controlledActor<LoadBillingOutput>();
    const clock = new SimulatedClock();
    const actor = createActor(billingMachine.provide({ actors: { loadBilling: load.logic } }), { clock, input: {} }).start();
    load.last.resolve({ kind: 'ok', data: { subscriptions: [subscription], payments: [], cardBeforePortal: cardKey(activeSubscription) } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions).toEqual([subscription]);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(updated ? 'Your payment method was updated' : null);
    if (!updated) return;
    expect(actor.getSnapshot().context.notice?.tone).toBe('success');
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
