// The pricing machine's actors in the app: the plans, the account's current plan (projected
// from the billing list: only its plan id matters here), the promotion code's check and the checkout.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import { currentSubscription } from '@domain/subscriptions';
import type { LoadCurrentPlanOutput, PricingMachine } from '@machines/pricing.machine';
import type { SubmitPromotionCodeOutput } from '@machines/promotion-code.machine';

export default implement<PricingMachine>(({ api }) => ({
  actors: {
    loadPlans: fromCall((_, signal) => api.listPlans(signal)),
    loadCurrentPlan: fromCall(async (_, signal): Promise<LoadCurrentPlanOutput> => {
      const outcome = await api.listBilling(signal);
      return outcome.kind === 'ok' ? { kind: 'ok', data: { planId: currentSubscription(outcome.data.subscriptions)?.plan_id ?? null } } : outcome;
    }),
    subscribe: fromCall(api.subscribe),
    submitPromotionCode: fromCall(async (input, signal): Promise<SubmitPromotionCodeOutput> => {
      if (!('plan' in input)) return { kind: 'unreachable' };
      const outcome = await api.checkPromotionCode({ code: input.code, plan: input.plan, interval: input.interval }, signal);
      return outcome.kind === 'ok' ? { kind: 'ok', data: { discount: outcome.data.discount } } : outcome;
    }),
  },
}));
