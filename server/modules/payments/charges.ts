// The one place a paid charge's amount and invoice lines are worked out, from the plan as billed,
// the promotion code the subscription holds (decision 069) and the retention offer (decision 068),
// which comes off after the code. The sandbox's checkout, renewals and retries all charge with it.
import { amountWithDiscount } from '@domain/promotion-codes';
import type { InvoiceLine } from '@server/db/schema';
import { intervalOfBilled } from './billed-plan';
import { discountedAmount } from './cancel-rules';
import { promotionDiscount, type HeldDiscount } from './promotion-codes';
import type { PlanRow } from './provider';

export interface Charge {
  amount: number;
  lines: InvoiceLine[];
  /** The code this charge took off (one charge fewer left once paid); null when none. */
  promotionUsed: HeldDiscount | null;
}

export function chargeFor(
  plan: PlanRow,
  period: { start: Date; end: Date },
  discounts: { promotion: HeldDiscount | null; retentionPercentOff: number | null },
): Charge {
  const periodLine = { planName: plan.name, interval: intervalOfBilled(plan), periodStart: period.start.toISOString(), periodEnd: period.end.toISOString() };
  const lines: InvoiceLine[] = [{ kind: 'plan', ...periodLine, amount: plan.amount }];
  let amount = plan.amount;
  const promotion = discounts.promotion && (discounts.promotion.chargesLeft === null || discounts.promotion.chargesLeft > 0) ? discounts.promotion : null;
  if (promotion) {
    const after = amountWithDiscount(amount, promotionDiscount(promotion.code));
    if (after !== amount) lines.push({ kind: 'discount', code: promotion.code.code, ...periodLine, amount: after - amount });
    amount = after;
  }
  const afterOffer = discountedAmount(amount, discounts.retentionPercentOff);
  if (afterOffer !== amount) lines.push({ kind: 'discount', ...periodLine, amount: afterOffer - amount });
  return { amount: afterOffer, lines, promotionUsed: promotion };
}

/** The charges after this one: the code with one charge fewer (for ever: unchanged). */
export function afterCharge(promotion: HeldDiscount | null, charge: Charge): HeldDiscount | null {
  if (!promotion || charge.promotionUsed === null || promotion.chargesLeft === null) return promotion;
  return { ...promotion, chargesLeft: promotion.chargesLeft - 1 };
}
