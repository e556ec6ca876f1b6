// Promotion codes as the server answers them (decision 069): the sandbox's two sample codes and an
// amount off for a few months, and a subscription holding one.
import type { PromotionDiscount, SubscriptionDiscount } from '@domain/promotion-codes';

export const welcome50: PromotionDiscount = {
  code: 'WELCOME50',
  percent_off: 50,
  amount_off: null,
  currency: null,
  duration: 'once',
  duration_months: null,
  first_subscription_only: true,
};
export const friend10: PromotionDiscount = { ...welcome50, code: 'FRIEND10', percent_off: 10, duration: 'forever', first_subscription_only: false };
export const threeOff: PromotionDiscount = { ...welcome50, code: 'SPRING3', percent_off: null, amount_off: 300, currency: 'EUR', duration: 'repeating', duration_months: 3 };

export const held = (discount: PromotionDiscount, chargesLeft: number | null): SubscriptionDiscount => ({ ...discount, charges_left: chargesLeft });
