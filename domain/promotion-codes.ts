// Promotion codes' rules (decision 069), pure and shared by the server and the screens: how a typed
// code is read, why one is refused, what a charge costs with it and how many charges it covers.
import type { components } from './api-schema';
import { yearlyAmount, type BillingCycle } from './plans';

export type PromotionDiscount = components['schemas']['PromotionDiscount'];
export type SubscriptionDiscount = components['schemas']['SubscriptionDiscount'];
export type PromotionDuration = PromotionDiscount['duration'];
export const promotionDurations: readonly PromotionDuration[] = ['once', 'repeating', 'forever'];

/** What a code may look like once normalised: anything else is an unknown code. */
export const promotionCodePattern = /^[A-Z0-9_-]{3,40}$/;

/** The code as stored (trimmed, upper case), or null when it cannot be one (refused as unknown). */
export function normalisePromotionCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return promotionCodePattern.test(code) ? code : null;
}

/** Why a code is refused (unknown covers inactive: nobody learns a code existed). */
export type PromotionRefusal = 'unknown' | 'expired' | 'usedUp' | 'firstSubscriptionOnly' | 'currency';

/** A code's terms and limits as stored. */
export interface PromotionTerms {
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  active: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  firstSubscriptionOnly: boolean;
}

/**
 * Why `code` cannot be used now (null: it can): `firstSubscription` says whether this would be
 * the account's first subscription; an amount off must be in the plan's currency.
 */
export function promotionRefusal(
  code: PromotionTerms | null,
  context: { now: Date; firstSubscription: boolean; currency: string },
): PromotionRefusal | null {
  if (code === null || !code.active) return 'unknown';
  if (code.expiresAt !== null && code.expiresAt <= context.now) return 'expired';
  if (code.maxRedemptions !== null && code.timesRedeemed >= code.maxRedemptions) return 'usedUp';
  if (code.firstSubscriptionOnly && !context.firstSubscription) return 'firstSubscriptionOnly';
  if (code.amountOff !== null && code.currency !== context.currency.toUpperCase()) return 'currency';
  return null;
}

/** A charge of `amount` with the code: percent rounded down in the subscriber's favour, never below 0. */
export function amountWithDiscount(amount: number, discount: Pick<PromotionDiscount, 'percent_off' | 'amount_off'>): number {
  if (discount.percent_off !== null) return Math.floor((amount * (100 - discount.percent_off)) / 100);
  if (discount.amount_off !== null) return Math.max(0, amount - discount.amount_off);
  return amount;
}

/** The paid charges a code covers at an interval: once 1; N months: N monthly or ⌈N/12⌉ yearly; forever null (all). */
export function chargesCovered(discount: Pick<PromotionDiscount, 'duration' | 'duration_months'>, interval: BillingCycle): number | null {
  if (discount.duration === 'forever') return null;
  if (discount.duration === 'once') return 1;
  const months = discount.duration_months ?? 1;
  return interval === 'year' ? Math.ceil(months / 12) : months;
}

/** The first paid charge of a plan (its monthly amount) at an interval, with the code. */
export function firstPaidCharge(monthlyAmount: number, interval: BillingCycle, discount: Pick<PromotionDiscount, 'percent_off' | 'amount_off'>): number {
  return amountWithDiscount(interval === 'year' ? yearlyAmount(monthlyAmount) : monthlyAmount, discount);
}

// What the screens show: the first paid charge of every plan on /pricing (the check answers it
// for one plan only) and the words for how long a discount lasts.

/** A code as the server keeps it: trimmed, upper case. */
export const normalPromotionCode = (code: string): string => code.trim().toUpperCase();

/** The longest code the contract accepts. */
export const promotionCodeMaxLength = 40;

/** What the screens show a charge of `amount` (minor units of `currency`) costs with the discount: nothing off in another currency. */
export function chargeWithDiscount(discount: Pick<PromotionDiscount, 'percent_off' | 'amount_off' | 'currency'>, amount: number, currency: string): number {
  return discount.amount_off !== null && discount.currency !== currency ? amount : amountWithDiscount(amount, discount);
}

/** How long a discount lasts, in the words the screens pick from. */
export type DiscountSpan =
  | { kind: 'first' }
  | { kind: 'every' }
  | { kind: 'months'; months: number }
  /** On a subscription: the paid charges it still takes off (1: "your next payment"). */
  | { kind: 'next'; charges: number }
  /** On a subscription whose discount has taken off every charge it was for. */
  | { kind: 'over' };

/** How long a code's discount lasts, before it is used. */
export function spanOf(discount: Pick<PromotionDiscount, 'duration' | 'duration_months'>): DiscountSpan {
  if (discount.duration === 'forever') return { kind: 'every' };
  if (discount.duration === 'repeating' && discount.duration_months !== null) return { kind: 'months', months: discount.duration_months };
  return { kind: 'first' };
}

/** How long a subscription's discount still lasts: every charge (null), the next N, or none left. */
export function spanLeft(discount: Pick<SubscriptionDiscount, 'charges_left'>): DiscountSpan {
  if (discount.charges_left === null) return { kind: 'every' };
  return discount.charges_left > 0 ? { kind: 'next', charges: discount.charges_left } : { kind: 'over' };
}
