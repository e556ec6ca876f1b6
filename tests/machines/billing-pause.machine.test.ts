// The billing machine's pause (decision 065): choose 1, 2 or 3 months, confirm, pause; "Resume
// now" while paused; the server's refusal in the banner; a trial offers no pause.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { billingMachine, type CancelSubscriptionInput, type LoadBillingOutput, type PauseSubscriptionInput, type PauseSubscriptionOutput, type ResumeSubscriptionOutput } from '@machines/billing.machine';
import { noticeText } from '@domain/notices';
import type { Subscription } from '@domain/subscriptions';
import { controlledActor, settle } from './controlled-actor';
import { activeSubscription } from './plan-fixtures';

const active: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null };
const paused: Subscription = { ...active, pause: { paused_from: active.current_period_end, resumes_at: '2030-01-01T00:00:00.000Z' } };

async function start(subscription: Subscription) {
  const load = controlledActor<LoadBillingOutput>();
  const pause = controlledActor<PauseSubscriptionOutput, PauseSubscriptionInput>();
  const resume = controlledActor<ResumeSubscriptionOutput, CancelSubscriptionInput>();
  const clock = new SimulatedClock();
  const actors = { loadBilling: load.logic, pauseSubscription: pause.logic, resumeSubscription: resume.logic };
  const actor = createActor(billingMachine.provide({ actors }), { clock, input: {} }).start();
  load.last.resolve({ kind: 'ok', data: { subscriptions: [subscription], payments: [] } });
  await settle();
  return { actor, pause, resume, clock };
}

describe('billing machine: pause', () => {
  it('asks how long, then confirms, then pauses for the months chosen and shows the pause', async () => {
    const { actor, pause, clock } = await start(active);
    actor.send({ type: 'subscription.pause' });
    expect(actor.getSnapshot().matches({ ready: 'choosingPause' })).toBe(true);
    actor.send({ type: 'pause.months', months: 2 });
    actor.send({ type: 'pause.next' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingPause' })).toBe(true);
    actor.send({ type: 'pause.back' });
    expect(actor.getSnapshot().context.pauseMonths).toBe(2);
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(pause.last.input).toEqual({ subscriptionId: 'sub_sandbox_1', months: 2 });
    pause.last.resolve({ kind: 'ok', data: { subscription: paused } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.pause).toEqual(paused.pause);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription is paused');
    clock.increment(3000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    // Paused: no second pause; "Resume now" instead.
    actor.send({ type: 'subscription.pause' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('keeps the subscription as it is from either step, and starts the next pause at 1 month', async () => {
    const { actor, pause } = await start(active);
    actor.send({ type: 'subscription.pause' });
    actor.send({ type: 'pause.months', months: 3 });
    actor.send({ type: 'pause.keep' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'subscription.pause' });
    expect(actor.getSnapshot().context.pauseMonths).toBe(1);
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.keep' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(pause.calls).toHaveLength(0);
  });

  it("shows the server's refusal and changes nothing", async () => {
    const { actor, pause } = await start(active);
    actor.send({ type: 'subscription.pause' });
    actor.send({ type: 'pause.next' });
    actor.send({ type: 'pause.confirm' });
    pause.last.resolve({ kind: 'failed', status: 409, body: { isSuccess: false, message: 'A subscription can be paused at most twice a year.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('A subscription can be paused at most twice a year.');
    expect(actor.getSnapshot().context.subscriptions[0]?.pause ?? null).toBeNull();
  });

  it('resumes now while paused', async () => {
    const { actor, resume } = await start(paused);
    actor.send({ type: 'pause.resume' });
    expect(actor.getSnapshot().matches({ ready: 'resumingPause' })).toBe(true);
    expect(resume.last.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
    resume.last.resolve({ kind: 'ok', data: { subscription: active } });
    await settle();
    expect(actor.getSnapshot().context.subscriptions[0]?.pause ?? null).toBeNull();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your subscription is running again');
  });

  it('offers no pause during the trial, and no resume without a pause', async () => {
    const { actor } = await start(activeSubscription);
    actor.send({ type: 'subscription.pause' });
    actor.send({ type: 'pause.resume' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
