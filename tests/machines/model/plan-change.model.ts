// Model of /billing/plan (machines/plan-change.machine.ts): choose, preview, confirm, undo a
// scheduled downgrade, failures, back to billing; monthly or yearly as part of the choice.
import { expect } from 'vitest';
import { planChangeMachine } from '@machines/plan-change.machine';
import { downgradePreview, paidStandard, scheduledBasic, upgradePreview } from '../plan-change-fixtures';
import { seededPlans } from '../plan-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

export const model: MachineModel = {
  machine: planChangeMachine,
  events: {
    'plan.choose': [
      { type: 'plan.choose', plan: 'premium' },
      { type: 'plan.choose', plan: 'standard' },
    ],
    'interval.choose': [
      { type: 'interval.choose', interval: 'year' },
      { type: 'interval.choose', interval: 'month' },
    ],
  },
  outputs: {
    loadPlanChange: [
      ok({ plans: seededPlans, subscription: paidStandard }),
      ok({ plans: seededPlans, subscription: scheduledBasic }),
      refused(401),
      unreachable,
    ],
    previewPlanChange: [ok({ preview: upgradePreview }), ok({ preview: downgradePreview }), refused(409), cancelled],
    changePlan: [ok({ subscription: { ...paidStandard, plan_id: 'premium' }, preview: upgradePreview }), refused(409), crashed, cancelled],
    undoPlanChange: [ok({ subscription: paidStandard }), refused(409), cancelled],
  },
  ignore: ['scrollToTop'],
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadPlanChange')).toBeDefined();
    },
    choosing: ({ snapshot }) => {
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    previewing: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // The plan and the interval chosen, each the subscription's until chosen; never both unchanged.
      const { chosen, interval, subscription } = snapshot.context;
      const asked = { plan: chosen ?? subscription.plan_id, interval: interval ?? subscription.interval };
      expect(lastStarted('previewPlanChange')?.input).toEqual(asked);
      expect(asked).not.toEqual({ plan: subscription.plan_id, interval: subscription.interval });
    },
    confirming: ({ snapshot }) => expect(snapshot.context.preview).not.toBeNull(),
    changing: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('changePlan')?.input).toEqual(lastStarted('previewPlanChange')?.input);
    },
    undoing: ({ snapshot, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(previous?.context.subscription?.scheduled_change).toBeTruthy();
    },
    undone: ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toBe('Change undone: your plan stays as it is');
      expect(snapshot.context.subscription?.scheduled_change ?? null).toBeNull();
      expect(pendingTimers()).toEqual([3000]);
    },
    done: ({ snapshot }) => expect(snapshot.context.preview).not.toBeNull(),
    failed: ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
    leaving: ({ snapshot, emitted }) => {
      expect(snapshot.status).toBe('done');
      expect(emitted).toEqual([{ type: 'navigate', to: '/billing', replace: false }]);
    },
  },
};
