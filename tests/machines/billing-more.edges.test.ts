// Billing's edges its other tests leave open (found by the mutation run): Undo of a scheduled plan
// change, the cancel flow ending paused or at 50 % off, a pause or resume the server does not
// answer, the pause dialog's Back, a code applied to the current subscription only, and the
// subscription replaced by id among several.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  billingMachine,
  type CancelSubscriptionInput,
  type LoadBillingOutput,
  type PauseSubscriptionInput,
  type PauseSubscriptionOutput,
  type ResumeSubscriptionOutput,
  type UndoScheduledChangeOutput,
} from '@machines/billing.machine';
import type { SubmitPromotionCodeInput, SubmitPromotionCodeOutput } from '@machines/promotion-code.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import type { Subscription } from '@domain/subscriptions';
import { provideTree } from '@machines/provide-tree';
import { controlledActor, settle } from './controlled-actor';
import { cancelFlowOf, offerOf } from './cancel-flow-kit';
import { activeSubscription } from './plan-fixtures';
import { friend10, held } from './promotion-fixtures';
import { startFlow } from './support/navigation';

const paying: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null };
const downgrading: Subscription = {
  ...paying,
  scheduled_change: { plan_id: 'basic', product_name: 'Basic', interval: 'month', effective_at: paying.current_period_end },
};
const paused: Subscription = { ...paying, pause: { paused_from: paying.current_period_end, resumes_at: '2030-01-01T00:00:00.000Z' } };
const ended: Subscription = { ...paying, subscription_id: 'sub_old', subscription_status: 'canceled', plan_id: 'basic' };

async function billingWith(subscriptions: Subscription[], offer: 'pause' | 'half_off' | null = null) {
  const load = controlledActor<LoadBillingOutput>();
  const undo = controlledActor<UndoScheduledChangeOutput>();
  const pause = controlledActor<PauseSubscriptionOutput, PauseSubscriptionInput>();
  const resume = controlledActor<ResumeSubscriptionOutput, CancelSubscriptionInput>();
  const halfOff = controlledActor<PauseSubscriptionOutput, CancelSubscriptionInput>();
  const code = controlledActor<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>();
  const clock = new SimulatedClock();
  const actors = {
    loadBilling: load.logic,
    undoScheduledChange: undo.logic,
    pauseSubscription: pause.logic,
    resumeSubscription: resume.logic,
    acceptHalfOff: halfOff.logic,
    findCancelOffer: offerOf(offer),
    submitPromotionCode: code.logic,
  };
  const actor = startFlow(provideTree(billingMachine, { actors } as never), { clock });
  load.last.resolve(ok({ subscriptions, payments: [] }));
  await settle();
  return { actor, undo, pause, resume, halfOff, code, clock };
}

describe('billing machine: Undo of a scheduled plan change', () => {
  it('undoes it: busy, then the subscription without the change and "Change undone" for 3 s', async () => {
    const { actor, undo, clock } = await billingWith([downgrading]);
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().matches({ ready: 'undoingChange' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    undo.last.resolve(ok({ subscription: paying }));
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.scheduled_change ?? null).toBeNull();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Change undone: your plan stays as it is');
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it("shows the server's refusal and keeps the change; a cancelled request says nothing", async () => {
    const { actor, undo } = await billingWith([downgrading]);
    actor.send({ type: 'schedule.undo' });
    undo.last.resolve(failed(409, { isSuccess: false, message: 'The change has already happened.' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The change has already happened.');
    expect(actor.getSnapshot().context.subscriptions[0]?.scheduled_change).toEqual(downgrading.scheduled_change);
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'schedule.undo' });
    undo.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('offers no Undo without a scheduled change', async () => {
    const { actor, undo } = await billingWith([paying]);
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(undo.calls).toHaveLength(0);
  });
});

describe('billing machine: how the cancel flow ends', () => {
  it('"unused" accepted as a pause: the subscription paused and "Your subscription is paused"', async () => {
    const { actor, pause } = await billingWith([paying], 'pause');
    actor.send({ type: 'subscription.cancel' });
    const flow = cancelFlowOf(actor)!;
    flow.send({ type: 'reason.choose', reason: 'unused' });
    flow.send({ type: 'reason.next' });
    await settle();
    flow.send({ type: 'offer.accept' });
    pause.last.resolve(ok({ subscription: paused }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context.subscriptions[0]?.pause).toEqual(paused.pause);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription is paused');
  });

  it('"too expensive" accepted at 50 % off: the subscription as answered and "Done: 50 % off your next month"', async () => {
    const { actor, halfOff } = await billingWith([paying], 'half_off');
    actor.send({ type: 'subscription.cancel' });
    const flow = cancelFlowOf(actor)!;
    flow.send({ type: 'reason.choose', reason: 'too_expensive' });
    flow.send({ type: 'reason.next' });
    await settle();
    flow.send({ type: 'offer.accept' });
    const discounted: Subscription = { ...paying, amount: 699 };
    halfOff.last.resolve(ok({ subscription: discounted }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context.subscriptions[0]?.amount).toBe(699);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Done: 50 % off your next month');
  });
});

describe('billing machine: pause edges', () => {
  it('goes Back from the confirmation to the months, and a pause the server does not answer changes nothing', async () => {
    const { actor, pause } = await billingWith([paying]);
    actor.send({ type: 'subscription.pause' });
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.back' });
    expect(actor.getSnapshot().matches({ ready: 'choosingPause' })).toBe(true);
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.confirm' });
    pause.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().context.subscriptions).toEqual([paying]);
  });

  it('is busy while resuming; a refused resume keeps the pause and says why', async () => {
    const { actor, resume } = await billingWith([paused]);
    actor.send({ type: 'pause.resume' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    resume.last.resolve(failed(409, { isSuccess: false, message: 'This subscription is not paused.' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This subscription is not paused.');
    expect(actor.getSnapshot().context.subscriptions[0]?.pause).toEqual(paused.pause);
  });

  it('replaces only the subscription the answer names, among several', async () => {
    const { actor, pause } = await billingWith([ended, paying]);
    actor.send({ type: 'subscription.pause' });
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.confirm' });
    expect(pause.last.input).toEqual({ subscriptionId: 'sub_sandbox_1', months: 1 });
    pause.last.resolve(ok({ subscription: paused }));
    await settle();
    expect(actor.getSnapshot().context.subscriptions).toEqual([ended, paused]);
  });
});

describe('billing machine: a promotion code on the subscription', () => {
  it('sends the code for the current subscription and takes the subscription it changed, only that one', async () => {
    const { actor, code } = await billingWith([ended, paying]);
    actor.send({ type: 'code.submit', code: ' friend10 ' });
    await settle();
    expect(code.last.input).toEqual({ code: 'FRIEND10', subscriptionId: 'sub_sandbox_1' });
    const withCode: Subscription = { ...paying, discount: held(friend10, null) };
    code.last.resolve(ok({ discount: friend10, subscription: withCode }));
    await settle();
    expect(actor.getSnapshot().context.subscriptions).toEqual([ended, withCode]);
  });

  it('keeps the subscriptions as they are when the answer names none', async () => {
    const { actor, code } = await billingWith([ended, paying]);
    actor.send({ type: 'code.submit', code: 'FRIEND10' });
    await settle();
    code.last.resolve(ok({ discount: friend10 }));
    await settle();
    expect(actor.getSnapshot().context.subscriptions).toEqual([ended, paying]);
  });

  it('takes no code for a subscription that already has one', async () => {
    const { actor, code } = await billingWith([{ ...paying, discount: held(friend10, null) }]);
    actor.send({ type: 'code.submit', code: 'WELCOME50' });
    await settle();
    expect(code.calls).toHaveLength(0);
  });
});

describe('billing machine: nothing to act on', () => {
  it('without a subscription, Resume now and Undo do nothing and the page keeps working', async () => {
    const { actor, resume, undo } = await billingWith([]);
    actor.send({ type: 'pause.resume' });
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(resume.calls).toHaveLength(0);
    expect(undo.calls).toHaveLength(0);
  });

  it('back from the payment-method page with no card on file now, says nothing changed', async () => {
    const load = controlledActor<LoadBillingOutput>();
    const actor = startFlow(provideTree(billingMachine, { actors: { loadBilling: load.logic } } as never), { clock: new SimulatedClock() });
    load.last.resolve(ok({ subscriptions: [ended], payments: [], cardBeforePortal: 'visa-4242-4-2030' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('billing machine: wired without its calls', () => {
  it('says FitStream could not be reached, as when the network is down', async () => {
    const actor = startFlow(billingMachine, { clock: new SimulatedClock() });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingLoadError' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });
});
