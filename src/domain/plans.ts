// Plans as the server sells them (openapi.yaml `Plan`), and the rules the pricing and
// landing screens apply to them: default choice, price range, supported devices.
export type BillingInterval = 'day' | 'week' | 'month' | 'year';

export interface Plan {
  id: string;
  position: number;
  name: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  interval: BillingInterval;
  interval_count: number;
  quality: string;
  resolution: string;
  resolutionFull: string;
  simultaneousScreens: number;
  downloads: number;
  devices: string[];
  popular: boolean;
}

/** Plans in tier order (the server already sends them so; sorting makes it a rule). */
export function inTierOrder(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.position - b.position);
}

/** The plan selected before the user chooses: the one flagged popular, else the first. */
export function defaultPlan(plans: readonly Plan[]): Plan | null {
  return plans.find((plan) => plan.popular) ?? plans[0] ?? null;
}

export interface PriceRange {
  min: number;
  max: number;
  currency: string;
}

/** "From X to Y a month", computed from the plans so the copy never disagrees with prices. */
export function priceRange(plans: readonly Plan[]): PriceRange | null {
  const first = plans[0];
  if (!first) return null;
  const sameCurrency = plans.filter((plan) => plan.currency === first.currency);
  const amounts = sameCurrency.map((plan) => plan.amount);
  return { min: Math.min(...amounts), max: Math.max(...amounts), currency: first.currency };
}

/** Simultaneous screens shown for a plan, falling back to 1 (spec §2). */
export function screensOf(plan: Pick<Plan, 'simultaneousScreens'>): number {
  return plan.simultaneousScreens > 0 ? plan.simultaneousScreens : 1;
}
