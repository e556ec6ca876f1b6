// The plan change's contract calls (docs/decisions/022): the plans with the current
// subscription, preview, change, undo.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, subscriptionOf, type CallsOf } from '@api/calls';
import type { PlanChoiceInput } from '@machines/plan-change.machine';
import type { Plan } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
import { currentSubscription, type Subscription } from '@domain/subscriptions';

export const calls = (client: ApiClient) => ({
  loadPlanChange: async (signal?: AbortSignal): Promise<Outcome<{ plans: Plan[]; subscription: Subscription | null }>> => {
    const [plans, billing] = await Promise.all([
      outcomeOf(client.POST('/api/v1/payments/plans', { signal }), signal),
      outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal),
    ]);
    if (plans.kind !== 'ok') return plans;
    if (billing.kind !== 'ok') return billing;
    return { kind: 'ok', data: { plans: plans.data.plans, subscription: currentSubscription(billing.data.plans) } };
  },
  previewPlanChange: (body: PlanChoiceInput, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/plan-change-preview', { body, signal }), signal), (data) => ({ preview: data.preview })),
  changePlan: (body: PlanChoiceInput, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/payments/plan-change', { body, signal }), signal), (data) => ({
      subscription: data.subscription,
      preview: data.preview,
    })),
  undoPlanChange: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/plan-change-undo', { signal }), signal), subscriptionOf),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
