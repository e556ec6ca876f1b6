// Promotion codes on /pricing and Billing (decision 069): the child that checks or applies a code,
// run inside its parents with the real child and a controlled server, so what the user sees
// (applied, refused with the server's words, removed, carried to the checkout) is observable.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { billingMachine, type LoadBillingOutput } from '@machines/billing.machine';
import { pricingMachine, type LoadCurrentPlanOutput, type LoadPlansOutput, type SubscribeInput, type SubscribeOutput } from '@machines/pricing.machine';
import { promotionCodeMachine, type SubmitPromotionCodeInput, type SubmitPromotionCodeOutput } from '@machines/promotion-code.machine';
import { provideTree } from '@machines/provide-tree';
import { noticeText } from '@domain/notices';
import type { Subscription } from '@domain/subscriptions';
import { controlledActor, settle } from './controlled-actor';
import { activeSubscription, seededPlans } from './plan-fixtures';
import { friend10, held, welcome50 } from './promotion-fixtures';

const refusal = (status: number, code: string, message: string): SubmitPromotionCodeOutput => ({
  kind: 'failed',
  status,
  body: { isSuccess: false, message, statusCode: status, code },
});

async function pricing({ code, planId = null }: { code?: string; planId?: string | null } = {}) {
  const load = controlledActor<LoadPlansOutput>();
  const current = controlledActor<LoadCurrentPlanOutput>();
  const subscribe = controlledActor<SubscribeOutput, SubscribeInput>();
  const submit = controlledActor<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>();
  const actors = { loadPlans: load.logic, loadCurrentPlan: current.logic, subscribe: subscribe.logic, submitPromotionCode: submit.logic };
  const actor = createActor(provideTree(pricingMachine, { actors } as never), { clock: new SimulatedClock(), input: { hasEmail: true, ...(code ? { code } : {}) } });
  actor.start();
  load.last.resolve({ kind: 'ok', data: seededPlans });
  await settle();
  current.last.resolve({ kind: 'ok', data: { planId } });
  await settle();
  const child = () => actor.getSnapshot().children.promotionCode!.getSnapshot();
  return { actor, subscribe, submit, child };
}

describe('promotion code on /pricing', () => {
  it('checks the code typed for the plan selected at the interval shown, trimmed and upper case', async () => {
    const { actor, submit, child } = await pricing();
    actor.send({ type: 'interval.select', interval: 'year' });
    actor.send({ type: 'plan.select', planId: 'premium' });
    actor.send({ type: 'code.submit', code: '  welcome50 ' });
    expect(child().value).toBe('checking');
    expect(child().hasTag('busy')).toBe(true);
    expect(submit.last.input).toEqual({ code: 'WELCOME50', plan: 'premium', interval: 'year' });
  });

  it('sends nothing for a blank code', async () => {
    const { actor, submit, child } = await pricing();
    actor.send({ type: 'code.submit', code: '   ' });
    expect(child().value).toBe('empty');
    expect(submit.calls).toHaveLength(0);
  });

  it('applied: the page holds the discount, keeps it across the interval switch and sends it with the checkout', async () => {
    const { actor, submit, subscribe, child } = await pricing();
    actor.send({ type: 'code.submit', code: 'welcome50' });
    submit.last.resolve({ kind: 'ok', data: { discount: welcome50 } });
    await settle();
    expect(child().value).toBe('applied');
    expect(child().context.discount).toEqual(welcome50);
    expect(actor.getSnapshot().context.promotion).toEqual(welcome50);
    actor.send({ type: 'interval.select', interval: 'year' });
    expect(actor.getSnapshot().context.promotion).toEqual(welcome50);
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.last.input).toEqual({ plan: 'basic', interval: 'year', promotion_code: 'WELCOME50' });
  });

  it('Remove forgets the code: the checkout goes without it', async () => {
    const { actor, submit, subscribe, child } = await pricing();
    actor.send({ type: 'code.submit', code: 'welcome50' });
    submit.last.resolve({ kind: 'ok', data: { discount: welcome50 } });
    await settle();
    actor.send({ type: 'code.remove' });
    expect(child().value).toBe('empty');
    expect(child().context).toMatchObject({ code: '', discount: null, refusal: null });
    expect(actor.getSnapshot().context.promotion).toBeNull();
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.last.input).toEqual({ plan: 'basic', interval: 'month' });
  });

  it.each([
    [404, 'payments.promotionCodeUnknown', 'No such code'],
    [409, 'payments.promotionCodeExpired', 'This code has expired'],
    [409, 'payments.promotionCodeUsedUp', 'This code has been used up'],
    [409, 'payments.promotionCodeFirstSubscriptionOnly', 'Only for a first subscription'],
    [409, 'payments.promotionCodeCurrency', 'Not in this currency'],
    [429, 'rateLimited', 'Too many tries, wait a minute'],
  ])('refused (%i %s): the server\'s words, nothing applied; another try checks again', async (status, code, message) => {
    const { actor, submit, subscribe, child } = await pricing();
    actor.send({ type: 'code.submit', code: 'nope' });
    submit.last.resolve(refusal(status, code, message));
    await settle();
    expect(child().value).toBe('refused');
    expect(noticeText(child().context.refusal)).toBe(message);
    expect(actor.getSnapshot().context.promotion).toBeNull();
    // The page itself shows no banner: the reason is the field's.
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'plan.subscribe', planId: 'basic' });
    expect(subscribe.last.input).toEqual({ plan: 'basic', interval: 'month' });
    actor.send({ type: 'code.submit', code: 'friend10' });
    expect(child().value).toBe('checking');
    expect(child().context.refusal).toBeNull();
    expect(submit.calls).toHaveLength(2);
  });

  it('refused, then Remove: the field is empty and says nothing', async () => {
    const { actor, submit, child } = await pricing();
    actor.send({ type: 'code.submit', code: 'nope' });
    submit.last.resolve(refusal(404, 'payments.promotionCodeUnknown', 'No such code'));
    await settle();
    actor.send({ type: 'code.remove' });
    expect(child().value).toBe('empty');
    expect(child().context.refusal).toBeNull();
  });

  it('a cancelled check or a lost session says nothing', async () => {
    const { actor, submit, child } = await pricing();
    actor.send({ type: 'code.submit', code: 'welcome50' });
    submit.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(child().value).toBe('empty');
    actor.send({ type: 'code.submit', code: 'welcome50' });
    submit.last.resolve(refusal(401, 'auth.expired', 'Signed out'));
    await settle();
    expect(child().value).toBe('empty');
    expect(child().context.refusal).toBeNull();
  });

  it('a link\'s ?code= is checked at once for the popular plan', async () => {
    const { submit, child } = await pricing({ code: ' welcome50 ' });
    expect(child().value).toBe('checking');
    expect(submit.last.input).toEqual({ code: 'WELCOME50', plan: 'standard', interval: 'month' });
  });

  it('a subscriber: a link\'s code is not checked, and a typed one is not sent', async () => {
    const { actor, submit, child } = await pricing({ code: 'welcome50', planId: 'basic' });
    expect(child().value).toBe('empty');
    actor.send({ type: 'code.submit', code: 'welcome50' });
    expect(child().value).toBe('empty');
    expect(submit.calls).toHaveLength(0);
  });

  it('a second Apply while checking is not sent twice', async () => {
    const { actor, submit } = await pricing();
    actor.send({ type: 'code.submit', code: 'welcome50' });
    actor.send({ type: 'code.submit', code: 'friend10' });
    expect(submit.calls).toHaveLength(1);
  });
});

async function billing(subscriptions: Subscription[]) {
  const load = controlledActor<LoadBillingOutput>();
  const submit = controlledActor<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>();
  const actor = createActor(provideTree(billingMachine, { actors: { loadBilling: load.logic, submitPromotionCode: submit.logic } } as never), {
    clock: new SimulatedClock(),
    input: {},
  });
  actor.start();
  load.last.resolve({ kind: 'ok', data: { subscriptions, payments: [] } });
  await settle();
  const child = () => actor.getSnapshot().children.promotionCode!.getSnapshot();
  return { actor, submit, child };
}

describe('promotion code on Billing', () => {
  const paying: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null };

  it('applies the code to the current subscription; the subscription shown is the server\'s, with the discount', async () => {
    const { actor, submit, child } = await billing([paying]);
    actor.send({ type: 'code.submit', code: 'friend10' });
    expect(submit.last.input).toEqual({ code: 'FRIEND10', subscriptionId: paying.subscription_id });
    const answered = { ...paying, discount: held(friend10, null) };
    submit.last.resolve({ kind: 'ok', data: { discount: friend10, subscription: answered } });
    await settle();
    expect(child().value).toBe('applied');
    expect(actor.getSnapshot().context.subscriptions).toEqual([answered]);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('refused (409 already applied / not now): the message stays by the field, the subscription as it was', async () => {
    const { actor, submit, child } = await billing([paying]);
    actor.send({ type: 'code.submit', code: 'welcome50' });
    submit.last.resolve(refusal(409, 'payments.promotionCodeNotNow', 'Not while cancelling'));
    await settle();
    expect(child().value).toBe('refused');
    expect(noticeText(child().context.refusal)).toBe('Not while cancelling');
    expect(actor.getSnapshot().context.subscriptions).toEqual([paying]);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it.each([
    ['cancelling', { ...paying, cancel_at_period_end: true }],
    ['with a code already', { ...paying, discount: held(welcome50, 1) }],
    ['not current', { ...paying, subscription_status: 'canceled' }],
  ] as const)('sends nothing for a subscription %s', async (_, subscription) => {
    const { actor, submit, child } = await billing([subscription as Subscription]);
    actor.send({ type: 'code.submit', code: 'friend10' });
    expect(child().value).toBe('empty');
    expect(submit.calls).toHaveLength(0);
  });

  it('a trial can take a code (its first paid charge is still to come)', async () => {
    const { actor, submit } = await billing([activeSubscription]);
    actor.send({ type: 'code.submit', code: 'welcome50' });
    expect(submit.calls).toHaveLength(1);
  });
});

describe('promotion code machine alone', () => {
  it('without a target, a code from the input waits for Apply', () => {
    const actor = createActor(promotionCodeMachine, { input: { code: 'welcome50' } }).start();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.code).toBe('WELCOME50');
  });
});

describe('promotion code machine alone: edges', () => {
  const target = { plan: 'standard', interval: 'month' as const };
  const alone = (input?: { code?: string; target?: typeof target }) => {
    const submit = controlledActor<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>();
    const actor = createActor(promotionCodeMachine.provide({ actors: { submitPromotionCode: submit.logic } }), { input }).start();
    return { actor, submit };
  };

  it('started without input: an empty field, nothing to check it for', () => {
    const { actor, submit } = alone();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context).toEqual({ code: '', target: null, discount: null, refusal: null });
    expect(submit.calls).toHaveLength(0);
  });

  it('a blank code from a link is not checked, even with a target', () => {
    const { actor, submit } = alone({ code: '   ', target });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(submit.calls).toHaveLength(0);
  });

  it('refused, a blank Apply keeps the reason; another code clears it while checking, and its own refusal replaces it', async () => {
    const { actor, submit } = alone();
    actor.send({ type: 'code.submit', code: 'nosuch', target });
    expect(submit.last.input).toEqual({ code: 'NOSUCH', plan: 'standard', interval: 'month' });
    submit.last.resolve(refusal(404, 'promotionCodes.unknown', 'This code does not exist.'));
    await settle();
    actor.send({ type: 'code.submit', code: '  ', target });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(noticeText(actor.getSnapshot().context.refusal)).toBe('This code does not exist.');
    actor.send({ type: 'code.submit', code: 'old2020', target });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.refusal).toBeNull();
    submit.last.resolve(refusal(409, 'promotionCodes.expired', 'This code has expired.'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.refusal)).toBe('This code has expired.');
    expect(actor.getSnapshot().context.discount).toBeNull();
  });
});

describe('promotion code on /pricing: a link whose plans did not load', () => {
  it("checks a link's code for no plan, and Apply sends nothing, when the plans failed to load", async () => {
    const load = controlledActor<LoadPlansOutput>();
    const submit = controlledActor<SubmitPromotionCodeOutput, SubmitPromotionCodeInput>();
    const actors = { loadPlans: load.logic, submitPromotionCode: submit.logic };
    const actor = createActor(provideTree(pricingMachine, { actors } as never), { clock: new SimulatedClock(), input: { hasEmail: true, code: 'WELCOME50' } });
    actor.start();
    load.last.resolve({ kind: 'failed', status: 503, body: { isSuccess: false, message: 'Plans are unavailable.' } });
    await settle();
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    actor.send({ type: 'code.submit', code: 'FRIEND10' });
    await settle();
    expect(submit.calls).toHaveLength(0);
  });
});
