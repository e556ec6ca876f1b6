// Pricing's edges the main tests leave open: no plans, quiet and crashing calls, a success
// without text, choosing and subscribing while a banner shows, unknown plans, leaving for the
// checkout, a crashing look-up of the current plan, and a page wired without its calls.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { pricingMachine, type LoadCurrentPlanOutput, type LoadPlansOutput, type SubscribeInput, type SubscribeOutput } from '@machines/pricing.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import type { Plan } from '@domain/plans';
import { controlledActor, settle } from './controlled-actor';
import { seededPlans } from './plan-fixtures';
import { navigationOf, startFlow } from './support/navigation';

const unreachableText = 'Could not reach FitStream. Please try again.';

function pricing(hasEmail = true) {
  const load = controlledActor<LoadPlansOutput>();
  const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
  const clock = new SimulatedClock();
  const actor = startFlow(pricingMachine.provide({ actors: { loadPlans: load.logic, subscribe: subscribe.logic } }), { clock, input: { hasEmail } });
  return { actor, load, subscribe, clock };
}

async function withPlans(plans: Plan[] = seededPlans) {
  const page = pricing();
  page.load.last.resolve(ok(plans));
  await settle();
  return page;
}

/** The page with a refused subscribe's banner showing. */
async function withBanner() {
  const page = await withPlans();
  page.actor.send({ type: 'plan.subscribe' });
  page.subscribe.last.resolve(failed(502, { isSuccess: false, message: 'The payment provider is unavailable.' }));
  await settle();
  return page;
}

describe('pricing machine: loading', () => {
  it('offers nothing to choose when no plan is on sale', async () => {
    const { actor, subscribe } = await withPlans([]);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    actor.send({ type: 'plan.subscribe' });
    expect(subscribe.calls).toHaveLength(0);
  });

  it('leaves the loading look without a banner after a cancelled load', async () => {
    const { actor, load } = pricing();
    load.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('shows the no-response banner for 3 s when the load crashes', async () => {
    const { actor, load, clock } = pricing();
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('treats a crashing look-up of the current plan as none, without a banner', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const current = controlledActor<LoadCurrentPlanOutput>();
    const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
    const actors = { loadPlans: load.logic, loadCurrentPlan: current.logic, subscribe: subscribe.logic };
    const actor = startFlow(pricingMachine.provide({ actors }), { input: { hasEmail: true } });
    load.last.resolve(ok(seededPlans));
    await settle();
    current.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ currentPlanId: null, notice: null });
    actor.send({ type: 'plan.subscribe' });
    expect(subscribe.last.input).toEqual({ plan: 'standard', interval: 'month' });
  });
});

describe('pricing machine: subscribing', () => {
  it('ignores a plan that is not on sale, whatever is selected', async () => {
    const { actor, subscribe } = await withPlans();
    actor.send({ type: 'plan.subscribe', planId: 'gold' });
    expect(subscribe.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.selectedId).toBe('standard');
  });

  it('leaves for the checkout, still busy, and the page is over', async () => {
    const { actor, subscribe } = await withPlans();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.resolve(ok({ url: 'https://checkout.example/cs_1' }));
    await settle();
    expect(navigationOf(actor)).toEqual({ external: 'https://checkout.example/cs_1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('scrolls to an information message (not a success: nothing was bought), and shows no text when the server sent none', async () => {
    const { actor, subscribe } = await withPlans();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.resolve(ok({}));
    await settle();
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'info', message: '' });
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    expect(navigationOf(actor)).toBeNull();
  });

  it('shows the no-response banner for 3 s when subscribing crashes', async () => {
    const { actor, subscribe, clock } = await withPlans();
    actor.send({ type: 'plan.subscribe' });
    subscribe.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('pricing machine: while a banner shows', () => {
  it('takes it away when dismissed', async () => {
    const { actor } = await withBanner();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('lets the user pick another plan and subscribe to it at once', async () => {
    const { actor, subscribe } = await withBanner();
    actor.send({ type: 'plan.select', planId: 'premium' });
    expect(actor.getSnapshot().context.selectedId).toBe('premium');
    actor.send({ type: 'plan.subscribe', planId: 'mobile' });
    expect(subscribe.calls).toHaveLength(2);
    expect(subscribe.last.input).toEqual({ plan: 'mobile', interval: 'month' });
    expect(actor.getSnapshot().context.chosen?.name).toBe('Mobile');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('sends nothing without an email while the load error shows', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
    const actor = startFlow(pricingMachine.provide({ actors: { loadPlans: load.logic, subscribe: subscribe.logic } }), { input: { hasEmail: false } });
    load.last.resolve(failed(500, { isSuccess: false, message: 'Plans are unavailable.' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.calls).toHaveLength(0);
  });
});

describe('pricing machine: wired without its calls', () => {
  it('shows the no-response banner for the plans', async () => {
    const actor = startFlow(pricingMachine, { input: { hasEmail: true } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
  });

  it('shows the no-response banner for a subscribe', async () => {
    const load = controlledActor<LoadPlansOutput>();
    const actor = startFlow(pricingMachine.provide({ actors: { loadPlans: load.logic } }), { input: { hasEmail: true } });
    load.last.resolve(ok(seededPlans));
    await settle();
    actor.send({ type: 'plan.subscribe' });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
  });
});
