// Plans as the server sells them (openapi.yaml `Plan`), and the rules the pricing screens
// and the server's price range apply to them: tier order, default choice, price range.
import type { components } from '@domain/api-schema';

export type Plan = components['schemas']['Plan'];
export type BillingInterval = Plan['interval'];

/** The intervals a plan is sold at (docs/decisions/066): monthly, or yearly for 10 monthly prices. */
export type BillingCycle = 'month' | 'year';
export const billingCycles: readonly BillingCycle[] = ['month', 'year'];

/** How many monthly prices a year costs ("2 months free"). */
export const monthsPaidPerYear = 10;

/** A plan's yearly price from its monthly one (minor units). */
export const yearlyAmount = (monthlyAmount: number): number => monthlyAmount * monthsPaidPerYear;

/** What a price costs over a year: how plan changes tell an upgrade (a dearer total per year). */
export const amountPerYear = (amount: number, interval: BillingCycle): number => (interval === 'year' ? amount : amount * 12);

/** A plan as sold at an interval: its yearly price and "1 year" when yearly (what the plan screens show). */
export const planAt = (plan: Plan, interval: BillingCycle): Plan =>
  interval === 'year' ? { ...plan, amount: plan.yearly_amount, interval: 'year', interval_count: 1 } : plan;

/** A plan's price at an interval (minor units). */
export const priceAt = (plan: Pick<Plan, 'amount' | 'yearly_amount'>, interval: BillingCycle): number =>
  interval === 'year' ? plan.yearly_amount : plan.amount;

/** Plans in tier order (the server already sends them so; sorting makes it a rule). */
export function inTierOrder(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.position - b.position);
}

/** The plan selected before the user chooses: the one flagged popular, else the first. */
export function defaultPlan(plans: readonly Plan[]): Plan | null {
  return plans.find((plan) => plan.popular) ?? plans[0] ?? null;
}

/** The cheapest and dearest monthly price on sale (minor units), as `GET /payments/price-range` answers it. */
export type PriceRange = Pick<components['schemas']['PriceRangeSuccess'], 'min' | 'max' | 'currency'>;

/** How an amount of money is written (minor units / 100): the app's and the server's pages alike. */
export const moneyFormat = (currency: string) => ({ style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }) as const;

export const formatMoney = (amount: number, currency: string, locale: string): string => new Intl.NumberFormat(locale, moneyFormat(currency)).format(amount / 100);

/**
 * "From X to Y a month", computed from the monthly plans on sale so the copy never disagrees
 * with the prices; null when none is on sale.
 */
export function priceRange(plans: readonly Pick<Plan, 'amount' | 'currency' | 'interval' | 'interval_count'>[]): PriceRange | null {
  const monthly = plans.filter((plan) => plan.interval === 'month' && plan.interval_count === 1);
  const first = monthly[0];
  if (!first) return null;
  const sameCurrency = monthly.filter((plan) => plan.currency === first.currency);
  const amounts = sameCurrency.map((plan) => plan.amount);
  return { min: Math.min(...amounts), max: Math.max(...amounts), currency: first.currency };
}
