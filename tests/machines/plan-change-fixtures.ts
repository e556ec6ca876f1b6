// A plan change's previews as the server answers them (docs/decisions/022), for the machine tests.
import { SimulatedClock } from 'xstate';
import {
  planChangeMachine,
  type ChangePlanOutput,
  type LoadPlanChangeOutput,
  type PlanChangePreview,
  type PlanChoiceInput,
  type PreviewPlanChangeOutput,
  type UndoPlanChangeOutput,
} from '@machines/plan-change.machine';
import type { Subscription } from '@domain/subscriptions';
import { controlledActor } from './controlled-actor';
import { activeSubscription, seededPlans } from './plan-fixtures';
import { startFlow } from './support/navigation';

export const paidStandard: Subscription = { ...activeSubscription, subscription_status: 'active', trial_end: null, scheduled_change: null };
export const scheduledBasic: Subscription = {
  ...paidStandard,
  scheduled_change: { plan_id: 'basic', product_name: 'Basic', interval: 'month', effective_at: paidStandard.current_period_end },
};

const planOf = (id: string) => {
  const plan = seededPlans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
};

export const upgradePreview: PlanChangePreview = {
  kind: 'upgrade',
  from_plan: planOf('standard'),
  to_plan: planOf('premium'),
  effective_at: '2026-03-16T12:00:00.000Z',
  amount_due: 200,
  currency: 'EUR',
  lines: [
    { kind: 'proration_credit', plan_name: 'Standard', amount: -700, period_start: '2026-03-16T12:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z' },
    { kind: 'proration_charge', plan_name: 'Premium', amount: 900, period_start: '2026-03-16T12:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z' },
  ],
  next_amount: 1799,
};

export const downgradePreview: PlanChangePreview = {
  ...upgradePreview,
  kind: 'downgrade',
  to_plan: planOf('basic'),
  effective_at: paidStandard.current_period_end,
  amount_due: 0,
  lines: [],
  next_amount: 999,
};

/** The machine with controlled actors, started. */
export function planChangeFlow() {
  const load = controlledActor<LoadPlanChangeOutput>();
  const preview = controlledActor<PreviewPlanChangeOutput, PlanChoiceInput>();
  const change = controlledActor<ChangePlanOutput, PlanChoiceInput>();
  const undo = controlledActor<UndoPlanChangeOutput>();
  const clock = new SimulatedClock();
  const actors = { loadPlanChange: load.logic, previewPlanChange: preview.logic, changePlan: change.logic, undoPlanChange: undo.logic };
  const actor = startFlow(planChangeMachine.provide({ actors }), { clock });
  return { actor, load, preview, change, undo, clock };
}

