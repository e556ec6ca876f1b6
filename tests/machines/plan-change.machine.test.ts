// Plan-change machine (/billing/plan): choose → preview → confirm → done, a downgrade
// scheduled and undone, failures shown for 3 s, back to billing.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import type { Subscription } from '@domain/subscriptions';
import { settle } from './controlled-actor';
import { downgradePreview, paidStandard, scheduledBasic, upgradePreview } from './plan-change-fixtures';
import { seededPlans } from './plan-fixtures';
import { navigationOf } from './support/navigation';
import { planChangeFlow } from './plan-change-fixtures';

async function loaded(subscription: Subscription | null = paidStandard) {
  const flow = planChangeFlow();
  flow.load.last.resolve(ok({ plans: seededPlans, subscription }));
  await settle();
  return flow;
}

describe('plan-change machine', () => {
  it('loads the plans and the subscription, then previews and confirms an upgrade', async () => {
    const { actor, preview, change } = await loaded();
    expect(actor.getSnapshot().value).toBe('choosing');
    // No preview before a different plan is chosen.
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(preview.last.input).toEqual({ plan: 'premium', interval: 'month' });
    preview.last.resolve(ok({ preview: upgradePreview }));
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.preview?.amount_due).toBe(200);
    actor.send({ type: 'change.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(change.last.input).toEqual({ plan: 'premium', interval: 'month' });
    change.last.resolve(ok({ subscription: { ...paidStandard, plan_id: 'premium', product_name: 'Premium' }, preview: upgradePreview }));
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.subscription?.plan_id).toBe('premium');
    actor.send({ type: 'billing.back' });
    expect(navigationOf(actor)).toEqual({ to: '/billing', replace: false });
  });

  it('offers the same plan at the other interval as a change: yearly alone, or with another plan (docs/decisions/066)', async () => {
    const { actor, preview } = await loaded();
    actor.send({ type: 'interval.choose', interval: 'year' });
    actor.send({ type: 'preview.request' });
    expect(preview.last.input).toEqual({ plan: 'standard', interval: 'year' });
    preview.last.resolve(cancelled);
    await settle();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    expect(preview.last.input).toEqual({ plan: 'premium', interval: 'year' });
    preview.last.resolve(cancelled);
    await settle();
    // Back to the plan and interval it has: nothing to change.
    actor.send({ type: 'plan.choose', plan: 'standard' });
    actor.send({ type: 'interval.choose', interval: 'month' });
    actor.send({ type: 'preview.request' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('schedules a downgrade and keeps the plan until the renewal', async () => {
    const { actor, preview, change } = await loaded();
    actor.send({ type: 'plan.choose', plan: 'basic' });
    actor.send({ type: 'preview.request' });
    preview.last.resolve(ok({ preview: downgradePreview }));
    await settle();
    actor.send({ type: 'change.confirm' });
    change.last.resolve(ok({ subscription: scheduledBasic, preview: downgradePreview }));
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.subscription?.scheduled_change?.plan_id).toBe('basic');
  });

  it('undoes a scheduled downgrade', async () => {
    const { actor, undo, clock } = await loaded(scheduledBasic);
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().value).toBe('undoing');
    undo.last.resolve(ok({ subscription: paidStandard }));
    await settle();
    // Said, not only done: "Change undone" for 3 s, the choice open meanwhile.
    expect(actor.getSnapshot().value).toBe('undone');
    expect(actor.getSnapshot().context.notice).toMatchObject({ tone: 'success', message: { id: 'notice.planChange.undone' } });
    expect(actor.getSnapshot().context.subscription?.scheduled_change).toBeNull();
    clock.increment(3000);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('cannot undo when nothing is scheduled', async () => {
    const { actor, undo } = await loaded();
    actor.send({ type: 'schedule.undo' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(undo.calls).toHaveLength(0);
  });

  it('shows a refused change for 3 s, then the choice again', async () => {
    const { actor, preview, change, clock } = await loaded();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    preview.last.resolve(ok({ preview: upgradePreview }));
    await settle();
    actor.send({ type: 'change.confirm' });
    change.last.resolve(failed(409, { message: 'Resume the subscription before changing its plan.', code: 'payments.planChangeCancelling' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Resume the subscription before changing its plan.');
    clock.increment(3000);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('goes back from the preview to the choice without a change', async () => {
    const { actor, preview, change } = await loaded();
    actor.send({ type: 'plan.choose', plan: 'premium' });
    actor.send({ type: 'preview.request' });
    preview.last.resolve(ok({ preview: upgradePreview }));
    await settle();
    actor.send({ type: 'change.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.preview).toBeNull();
    expect(change.calls).toHaveLength(0);
  });
});
