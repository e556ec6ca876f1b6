// A plan as billed at an interval (docs/decisions/066): the monthly row as stored, or the same
// plan billed yearly for 10 monthly prices with its own provider price. Everything that charges,
// renews or shows a subscription reads the billed plan, so the interval is decided here once.
import { yearlyAmount, type BillingCycle } from '@domain/plans';
import type { PlanRow } from './provider';

/** The stored value, read as a billing cycle (anything but `year` bills monthly). */
export const billingCycleOf = (value: string | null | undefined): BillingCycle => (value === 'year' ? 'year' : 'month');

export function billedPlan(plan: PlanRow, interval: BillingCycle): PlanRow {
  if (interval === 'month') return plan;
  return {
    ...plan,
    amount: yearlyAmount(plan.amount),
    interval: 'year',
    intervalCount: 1,
    providerPriceId: plan.providerYearlyPriceId,
  };
}

/** The interval a plan row is billed at (a billed plan says it). */
export const intervalOfBilled = (plan: PlanRow): BillingCycle => billingCycleOf(plan.interval);
