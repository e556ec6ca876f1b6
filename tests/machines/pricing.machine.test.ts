// Pricing machine (/pricing): plans, default choice, subscribe outcomes, 3 s messages,
// quiet cancellations and 401s, nothing sent without an email.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { pricingMachine, type LoadCurrentPlanOutput, type LoadPlansOutput, type SubscribeInput, type SubscribeOutput } from '@machines/pricing.machine';
import { noticeText } from '@domain/notices';
import type { Plan } from '@domain/plans';
import { controlledActor, settle } from './controlled-actor';
import { recordNavigation } from './navigation-recorder';
import { seededPlans } from './plan-fixtures';

async function start({ hasEmail = true, plans = seededPlans }: { hasEmail?: boolean; plans?: Plan[] } = {}) {
  const load = controlledActor<LoadPlansOutput>();
  const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
  const clock = new SimulatedClock();
  const actor = createActor(pricingMachine.provide({ actors: { loadPlans: load.logic, subscribe: subscribe.logic } }), {
    clock,
    input: { hasEmail },
  });
  const navigations = recordNavigation(actor);
  actor.start();
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  load.last.resolve({ kind: 'ok', data: [...plans].reverse() });
  await settle();
  return { actor, load, subscribe, clock, navigations };
}

describe('pricing machine', () => {
  it('lists plans in tier order and preselects the popular one', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().context.plans.map((p) => p.id)).toEqual(['basic', 'standard', 'premium', 'mobile']);
    expect(actor.getSnapshot().context.selectedId).toBe('standard');
  });

  it('preselects the first plan when none is popular', async () => {
    const { actor } = await start({ plans: seededPlans.map((p) => ({ ...p, popular: false })) });
    expect(actor.getSnapshot().context.selectedId).toBe('basic');
  });

  it('selects a plan and ignores unknown ids', async () => {
    const { actor } = await start();
    actor.send({ type: 'plan.select', planId: 'premium' });
    actor.send({ type: 'plan.select', planId: 'gold' });
    expect(actor.getSnapshot().context.selectedId).toBe('premium');
  });

  it('subscribes to a clicked column, busy, then leaves for the checkout url', async () => {
    const { actor, subscribe, navigations } = await start();
    actor.send({ type: 'plan.subscribe', planId: 'premium' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(subscribe.last.input).toEqual({ plan: 'premium', interval: 'month' });
    expect(actor.getSnapshot().context.chosen).toMatchObject({ name: 'Premium', amount: 1799, interval: 'month', interval_count: 1, resolution: '2160p' });
    subscribe.last.resolve({ kind: 'ok', data: { url: '/sandbox/checkout/cs_sandbox_1' } });
    await settle();
    expect(navigations).toEqual([{ type: 'navigate', external: '/sandbox/checkout/cs_sandbox_1' }]);
  });

  it('checks out yearly when the switch says yearly: 10 monthly prices, "1 year", on desktop and mobile alike', async () => {
    const { actor, subscribe } = await start();
    actor.send({ type: 'interval.select', interval: 'year' });
    expect(actor.getSnapshot().context.interval).toBe('year');
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.last.input).toEqual({ plan: 'basic', interval: 'year' });
    expect(actor.getSnapshot().context.chosen).toMatchObject({ name: 'Basic', amount: 9990, interval: 'year', interval_count: 1 });
  });

  it('subscribes to the selection on mobile Next', async () => {
    const { actor, subscribe } = await start();
    actor.send({ type: 'plan.subscribe' });
    expect(subscribe.last.input).toEqual({ plan: 'standard', interval: 'month' });
  });

  it('sends nothing and says nothing without an email', async () => {
    const { actor, subscribe } = await start({ hasEmail: false });
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().context.selectedId).toBe('basic');
  });

  it("shows the server's message as information (no success mark) alone for 3 s and clears the busy flag", async () => {
    const { actor, subscribe, clock } = await start();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.resolve({ kind: 'ok', data: { message: 'You already have a current subscription.' } });
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'info', message: 'You already have a current subscription.' });
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the server message of a refused subscribe for 3 s', async () => {
    const { actor, subscribe, clock } = await start();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.resolve({ kind: 'failed', status: 502, body: { isSuccess: false, message: 'The payment provider is unavailable.', statusCode: 502 } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The payment provider is unavailable.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(2999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('stays quiet after a 401 on subscribe (the session takes the user to /login)', async () => {
    const { actor, subscribe } = await start();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.resolve({ kind: 'failed', status: 401, body: null });
    await settle();
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('shows a plans load error for 3 s and ignores a cancelled load', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const clock = new SimulatedClock();
    const actor = createActor(pricingMachine.provide({ actors: { loadPlans: load.logic } }), { clock, input: { hasEmail: true } }).start();
    load.last.resolve({ kind: 'failed', status: 500, body: { isSuccess: false, message: 'Plans are unavailable.' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Plans are unavailable.');
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();

    const quiet = controlledActor<LoadPlansOutput>();
    const other = createActor(pricingMachine.provide({ actors: { loadPlans: quiet.logic } }), { input: { hasEmail: true } }).start();
    quiet.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(other.getSnapshot().context.notice).toBeNull();
    expect(other.getSnapshot().context.plans).toEqual([]);
  });

  it('aborts the plans request when the screen goes away', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const actor = createActor(pricingMachine.provide({ actors: { loadPlans: load.logic } }), { input: { hasEmail: true } }).start();
    actor.stop();
    expect(load.last.signal.aborted).toBe(true);
  });

  it('marks the plan a subscriber is on and starts no checkout for them', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const current = controlledActor<LoadCurrentPlanOutput>();
    const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
    const actor = createActor(pricingMachine.provide({ actors: { loadPlans: load.logic, loadCurrentPlan: current.logic, subscribe: subscribe.logic } }), {
      input: { hasEmail: true },
    }).start();
    load.last.resolve({ kind: 'ok', data: seededPlans });
    await settle();
    // Still loading until it is known whether the account subscribes.
    expect(actor.getSnapshot().matches('loadingCurrentPlan')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    current.last.resolve({ kind: 'ok', data: { planId: 'basic' } });
    await settle();
    expect(actor.getSnapshot().context.currentPlanId).toBe('basic');
    actor.send({ type: 'plan.subscribe', planId: 'premium' });
    expect(subscribe.calls).toHaveLength(0);
  });

  it('treats a failed look-up of the current plan as none', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const current = controlledActor<LoadCurrentPlanOutput>();
    const actor = createActor(pricingMachine.provide({ actors: { loadPlans: load.logic, loadCurrentPlan: current.logic } }), { input: { hasEmail: true } }).start();
    load.last.resolve({ kind: 'ok', data: seededPlans });
    await settle();
    current.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.currentPlanId).toBeNull();
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
