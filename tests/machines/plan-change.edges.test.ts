// Plan change's edges: a quiet or failed load, no subscription, a cancelled preview or change,
// a failed undo, choosing the current plan, leaving from a failure or the confirmation; the
// busy and loading looks, how long a failure or "Change undone" shows; a yearly subscription;
// a page whose requests the app has not provided.
import { describe, expect, it } from 'vitest';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import { noticeText } from '@domain/notices';
import { planChangeMachine } from '@machines/plan-change.machine';
import type { Subscription } from '@domain/subscriptions';
import { settle } from './controlled-actor';
import { paidStandard, planChangeFlow, scheduledBasic, upgradePreview } from './plan-change-fixtures';
import { seededPlans } from './plan-fixtures';
import { navigationOf, startFlow } from './support/navigation';

const yearlyStandard: Subscription = { ...paidStandard, interval: 'year' };

describe('plan-change edges', () => {
  it('a load that cannot reach the server shows why, then the (empty) choice', async () => {
    const { actor, load, clock } = planChangeFlow();
    load.last.resolve(unreachable);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
    clock.increment(3000);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('without a subscription nothing can be previewed', async () => {
    const { actor, load, preview } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: null }));
    await settle();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(preview.calls).toHaveLength(0);
  });

  it('choosing the current plan again offers no preview', async () => {
    const { actor, load, preview } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: paidStandard }));
    await settle();
    actor.send({ type: 'plan.choose', plan: 'standard' });
    actor.send({ type: 'preview.request' });
    expect(preview.calls).toHaveLength(0);
  });

  it('a cancelled preview returns to the choice quietly; a cancelled change to the confirmation', async () => {
    const { actor, load, preview, change } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: paidStandard }));
    await settle();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    preview.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'preview.request' });
    preview.last.resolve(ok({ preview: upgradePreview }));
    await settle();
    actor.send({ type: 'change.confirm' });
    change.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('a refused undo shows the message and keeps the scheduled change', async () => {
    const { actor, load, undo } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: scheduledBasic }));
    await settle();
    actor.send({ type: 'schedule.undo' });
    undo.last.resolve(failed(409, { message: 'There is no scheduled plan change to undo.', code: 'payments.noScheduledChange' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('There is no scheduled plan change to undo.');
    expect(actor.getSnapshot().context.subscription?.scheduled_change?.plan_id).toBe('basic');
  });

  it('leaves for billing from a failure', async () => {
    const { actor, load } = planChangeFlow();
    load.last.resolve(failed(500));
    await settle();
    actor.send({ type: 'billing.back' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigationOf(actor)).toEqual({ to: '/billing', replace: false });
  });

  it('says it is loading until the plans arrive; a cancelled load shows the (empty) choice without a word', async () => {
    const { actor, load } = planChangeFlow();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ plans: [], notice: null });
  });

  it('after a failed load there are no plans to show and nothing to undo', async () => {
    const { actor, load, undo, clock } = planChangeFlow();
    load.last.resolve(failed(500));
    await settle();
    clock.increment(3000);
    expect(actor.getSnapshot().context.plans).toEqual([]);
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(undo.calls).toHaveLength(0);
  });

  it("is busy while the preview is fetched; a refused preview shows the server's message", async () => {
    const { actor, load, preview } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: paidStandard }));
    await settle();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    preview.last.resolve(failed(409, { message: 'Resume the subscription before changing its plan.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Resume the subscription before changing its plan.');
  });

  it('leaves for billing from the confirmation without changing anything', async () => {
    const { actor, load, preview, change } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: paidStandard }));
    await settle();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    preview.last.resolve(ok({ preview: upgradePreview }));
    await settle();
    actor.send({ type: 'billing.back' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigationOf(actor)).toEqual({ to: '/billing', replace: false });
    expect(change.calls).toHaveLength(0);
  });

  it('is busy while a scheduled change is undone; a cancelled undo returns to the choice quietly', async () => {
    const { actor, load, undo } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: scheduledBasic }));
    await settle();
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    undo.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().context.subscription?.scheduled_change?.plan_id).toBe('basic');
  });

  it('a refused undo shows its message for 3 s, not less, then the choice again', async () => {
    const { actor, load, undo, clock } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: scheduledBasic }));
    await settle();
    actor.send({ type: 'schedule.undo' });
    undo.last.resolve(failed(409, { message: 'There is no scheduled plan change to undo.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    clock.increment(2999);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('There is no scheduled plan change to undo.');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a yearly subscription stays yearly until monthly is chosen: another plan is previewed per year, the same plan monthly is a change', async () => {
    const { actor, load, preview } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: yearlyStandard }));
    await settle();
    actor.send({ type: 'interval.choose', interval: 'year' });
    actor.send({ type: 'preview.request' });
    expect(preview.calls).toHaveLength(0);
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(preview.last.input).toEqual({ plan: 'premium', interval: 'year' });
    preview.last.resolve(cancelled);
    await settle();
    actor.send({ type: 'plan.choose', plan: 'standard' });
    actor.send({ type: 'interval.choose', interval: 'month' });
    actor.send({ type: 'preview.request' });
    expect(preview.last.input).toEqual({ plan: 'standard', interval: 'month' });
  });

  it('without a subscription, choosing only an interval offers no preview and the page stays usable', async () => {
    const { actor, load, preview } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: null }));
    await settle();
    actor.send({ type: 'interval.choose', interval: 'year' });
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(preview.calls).toHaveLength(0);
    actor.send({ type: 'billing.back' });
    expect(navigationOf(actor)).toEqual({ to: '/billing', replace: false });
  });

  it('"Change undone" shows for 3 s, not less', async () => {
    const { actor, load, undo, clock } = planChangeFlow();
    load.last.resolve(ok({ plans: seededPlans, subscription: scheduledBasic }));
    await settle();
    actor.send({ type: 'schedule.undo' });
    undo.last.resolve(ok({ subscription: paidStandard }));
    await settle();
    clock.increment(2999);
    expect(actor.getSnapshot().value).toBe('undone');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Change undone: your plan stays as it is');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('a page whose requests the app has not provided says it could not reach FitStream instead of loading for ever', async () => {
    const actor = startFlow(planChangeMachine);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });
});
