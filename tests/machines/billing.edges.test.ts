// Billing's edges the main tests leave open: what shows before and after a quiet or crashing
// load, crashing and quiet actions, acting again while a banner shows, several subscriptions,
// and a page wired without its calls.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
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
import { cancelled, failed, ok } from '@domain/request-outcome';
import type { Subscription } from '@domain/subscriptions';
import { controlledActor, settle } from './controlled-actor';
import { cancelFlowOf, cancelThroughFlow, noOffer } from './cancel-flow-kit';
import { provideTree } from '@machines/provide-tree';
import { activeSubscription } from './plan-fixtures';
import { navigationOf, startFlow } from './support/navigation';

const unreachableText = 'Could not reach FitStream. Please try again.';
const flagged: Subscription = { ...activeSubscription, cancel_at_period_end: true };
const ended: Subscription = { ...activeSubscription, subscription_id: 'sub_old', subscription_status: 'canceled', plan_id: 'basic' };

function billing() {
  const load = controlledActor<LoadBillingOutput>();
  const cancel = controlledActor<CancelSubscriptionOutput, CancelSubscriptionInput>();
  const reactivate = controlledActor<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>();
  const portal = controlledActor<OpenPaymentPortalOutput>();
  const clock = new SimulatedClock();
  const actors = { loadBilling: load.logic, cancelSubscription: cancel.logic, findCancelOffer: noOffer, reactivateSubscription: reactivate.logic, openPaymentPortal: portal.logic };
  const actor = startFlow(provideTree(billingMachine, { actors } as never), { clock });
  return { actor, load, cancel, reactivate, portal, clock };
}

async function loaded(subscriptions: Subscription[] = [activeSubscription]) {
  const page = billing();
  page.load.last.resolve(ok({ subscriptions, payments: [] }));
  await settle();
  return page;
}

describe('billing machine: loading', () => {
  it('shows empty lists on the subscription tab while it loads', () => {
    const { actor } = billing();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ subscriptions: [], tab: 'subscription', notice: null });
  });

  it.each<[string, LoadBillingOutput]>([
    ['cancelled', cancelled],
    ['refused with 401 (the session takes the user to /login)', failed(401, null)],
  ])('shows the empty page without a banner when the load was %s', async (_, outcome) => {
    const { actor, load } = billing();
    load.last.resolve(outcome);
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the no-response banner for 1 s when the load crashes, scrolled to it', async () => {
    const { actor, load, clock } = billing();
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(1000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('takes the load error away at once when it is dismissed', async () => {
    const { actor, load } = billing();
    load.last.resolve(failed(500, { isSuccess: false, message: 'Billing is unavailable.' }));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});

describe('billing machine: cancel and reactivate', () => {
  it('updates only the subscription it cancelled, and scrolls to the message', async () => {
    const { actor, cancel } = await loaded([ended, activeSubscription]);
    await cancelThroughFlow(actor);
    expect(cancel.last.input).toEqual({ subscriptionId: 'sub_sandbox_1', reason: 'other' });
    cancel.last.resolve(ok({ subscription: flagged }));
    await settle();
    expect(actor.getSnapshot().context.subscriptions).toEqual([ended, flagged]);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
  });

  it('scrolls to the renewal message after a reactivation', async () => {
    const { actor, reactivate } = await loaded([flagged]);
    actor.send({ type: 'subscription.reactivate' });
    reactivate.last.resolve(ok({ subscription: activeSubscription }));
    await settle();
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
  });

  it('scrolls to the server message of a refused cancel', async () => {
    const { actor, cancel } = await loaded();
    await cancelThroughFlow(actor);
    cancel.last.resolve(failed(409, { isSuccess: false, message: 'Already cancelling.' }));
    await settle();
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
  });

  it.each(['cancel', 'reactivate'] as const)('shows the no-response banner for 3 s when %s crashes', async (action) => {
    const page = await loaded(action === 'cancel' ? [activeSubscription] : [flagged]);
    if (action === 'cancel') await cancelThroughFlow(page.actor);
    else page.actor.send({ type: 'subscription.reactivate' });
    (action === 'cancel' ? page.cancel : page.reactivate).last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(page.actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(page.actor.getSnapshot().context.scrollToTop).toBe(1);
    page.clock.increment(3000);
    expect(page.actor.getSnapshot().context.notice).toBeNull();
  });

  it('stays quiet after a reactivation refused with 401', async () => {
    const { actor, reactivate } = await loaded([flagged]);
    actor.send({ type: 'subscription.reactivate' });
    reactivate.last.resolve(failed(401, null));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('billing machine: while a banner shows', () => {
  it('takes it away when dismissed', async () => {
    const { actor, cancel } = await loaded();
    await cancelThroughFlow(actor);
    cancel.last.resolve(ok({ subscription: flagged }));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('reactivates, then cancels again at once, but never cancels twice', async () => {
    const { actor, cancel, reactivate } = await loaded();
    await cancelThroughFlow(actor);
    cancel.last.resolve(ok({ subscription: flagged }));
    await settle();
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(1);
    actor.send({ type: 'subscription.reactivate' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(reactivate.calls).toHaveLength(1);
    reactivate.last.resolve(ok({ subscription: activeSubscription }));
    await settle();
    actor.send({ type: 'subscription.reactivate' });
    expect(reactivate.calls).toHaveLength(1);
    await cancelThroughFlow(actor);
    expect(cancel.calls).toHaveLength(2);
  });

  it('opens the payment-method page at once', async () => {
    const { actor, cancel, portal } = await loaded();
    await cancelThroughFlow(actor);
    cancel.last.resolve(failed(409, { isSuccess: false, message: 'Already cancelling.' }));
    await settle();
    actor.send({ type: 'payment.update' });
    expect(portal.calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('offers nothing once the subscription has ended', async () => {
    const { actor, cancel, reactivate, portal } = await loaded();
    await cancelThroughFlow(actor);
    cancel.last.resolve(ok({ subscription: { ...activeSubscription, subscription_status: 'canceled', cancel_at_period_end: true } }));
    await settle();
    actor.send({ type: 'payment.update' });
    actor.send({ type: 'subscription.reactivate' });
    await cancelThroughFlow(actor);
    expect([portal.calls.length, reactivate.calls.length, cancel.calls.length]).toEqual([0, 0, 1]);
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
  });
});

describe('billing machine: the payment-method page', () => {
  it('leaves for it and the page is over', async () => {
    const { actor, portal } = await loaded();
    actor.send({ type: 'payment.update' });
    portal.last.resolve(ok({ url: 'https://billing.example/portal' }));
    await settle();
    expect(navigationOf(actor)).toEqual({ external: 'https://billing.example/portal' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the no-response banner for 3 s when it cannot be opened, scrolled to it', async () => {
    const { actor, portal, clock } = await loaded();
    actor.send({ type: 'payment.update' });
    portal.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    expect(navigationOf(actor)).toBeNull();
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('stays quiet when the request was cancelled', async () => {
    const { actor, portal } = await loaded();
    actor.send({ type: 'payment.update' });
    portal.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(navigationOf(actor)).toBeNull();
  });
});

describe('billing machine: wired without its calls', () => {
  it('shows the no-response banner for the load', async () => {
    const actor = startFlow(billingMachine);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
  });

  it.each([
    ['subscription.cancel', [activeSubscription]],
    ['subscription.reactivate', [flagged]],
    ['payment.update', [activeSubscription]],
  ] as const)('shows the no-response banner for %s', async (type, subscriptions) => {
    const load = controlledActor<LoadBillingOutput>();
    const actor = startFlow(billingMachine.provide({ actors: { loadBilling: load.logic } }));
    load.last.resolve(ok({ subscriptions: [...subscriptions], payments: [] }));
    await settle();
    actor.send({ type });
    // The cancel flow's first request (which offer the reason brings) has no call either.
    cancelFlowOf(actor)?.send({ type: 'reason.choose', reason: 'other' });
    cancelFlowOf(actor)?.send({ type: 'reason.next' });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
  });
});
