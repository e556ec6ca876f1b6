// Promotion codes' rows (decision 069): finding a typed code, redeeming it on a subscription (the
// count raised only while below its limit), the discount a subscription holds and counting its
// charges down. The rules are domain/promotion-codes.ts.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { chargesCovered, normalisePromotionCode, promotionRefusal, type PromotionDiscount } from '@domain/promotion-codes';
import type { BillingCycle } from '@domain/plans';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { promotionCodes, promotionRedemptions } from '@server/db/schema';
import { HttpError } from '@server/errors';


export type { PromotionCodeRow } from './provider';
import type { PromotionCodeRow } from './provider';
export type SubscriptionDiscountBody = components['schemas']['SubscriptionDiscount'];

/** A code as typed; null when unknown (or not even shaped like a code). */
export async function findPromotionCode(db: Queryable, typed: string): Promise<PromotionCodeRow | null> {
  const code = normalisePromotionCode(typed);
  if (code === null) return null;
  const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.code, code));
  return row ?? null;
}

export async function promotionCodeById(db: Queryable, id: string): Promise<PromotionCodeRow | null> {
  const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.id, id));
  return row ?? null;
}

/** The contract's view of a code. */
export function promotionDiscount(row: PromotionCodeRow): PromotionDiscount {
  return {
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    currency: row.currency,
    duration: row.duration as PromotionDiscount['duration'],
    duration_months: row.durationMonths,
    first_subscription_only: row.firstSubscriptionOnly,
  };
}

/** The HTTP refusal for each reason, in the user's language (locales/server.*.json). */
export const promotionRefusalError = {
  unknown: () => new HttpError(404, 'payments.promotionCodeUnknown'),
  expired: () => new HttpError(409, 'payments.promotionCodeExpired'),
  usedUp: () => new HttpError(409, 'payments.promotionCodeUsedUp'),
  firstSubscriptionOnly: () => new HttpError(409, 'payments.promotionCodeFirstSubscriptionOnly'),
  currency: () => new HttpError(409, 'payments.promotionCodeCurrency'),
} as const;

/**
 * Redeems `code` on a subscription billed at `interval`, inside the caller's transaction: the
 * count goes up only while below the limit. Answers false, writing nothing, when another
 * redemption took the last one (`usedUp`) or the subscription holds a code already
 * (`alreadyApplied`).
 */
export async function redeemPromotionCode(
  tx: Queryable,
  code: PromotionCodeRow,
  redemption: { userId: string; subscriptionId: string; interval: BillingCycle },
): Promise<'redeemed' | 'usedUp' | 'alreadyApplied'> {
  const [held] = await tx
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.subscriptionId, redemption.subscriptionId));
  if (held) return 'alreadyApplied';
  const counted = await tx
    .update(promotionCodes)
    .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
    .where(
      and(
        eq(promotionCodes.id, code.id),
        or(isNull(promotionCodes.maxRedemptions), sql`${promotionCodes.timesRedeemed} < ${promotionCodes.maxRedemptions}`),
      ),
    )
    .returning({ id: promotionCodes.id });
  if (counted.length === 0) return 'usedUp';
  await tx.insert(promotionRedemptions).values({
    promotionCodeId: code.id,
    userId: redemption.userId,
    subscriptionId: redemption.subscriptionId,
    chargesLeft: chargesCovered(promotionDiscount(code), redemption.interval),
  });
  return 'redeemed';
}

/** A code about to be redeemed, as the charges see it: every charge it covers still ahead. */
export function newDiscount(code: PromotionCodeRow, interval: BillingCycle): HeldDiscount {
  return { redemptionId: '', code, chargesLeft: chargesCovered(promotionDiscount(code), interval) };
}

/** A subscription's code with the charges it still covers; null when none or when it is used up. */
export interface HeldDiscount {
  redemptionId: string;
  code: PromotionCodeRow;
  chargesLeft: number | null;
}

export async function heldDiscounts(db: Queryable, subscriptionIds: readonly string[]): Promise<Map<string, HeldDiscount>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .select({ redemption: promotionRedemptions, code: promotionCodes })
    .from(promotionRedemptions)
    .innerJoin(promotionCodes, eq(promotionCodes.id, promotionRedemptions.promotionCodeId))
    .where(inArray(promotionRedemptions.subscriptionId, [...subscriptionIds]));
  return new Map(rows.map(({ redemption, code }) => [redemption.subscriptionId, { redemptionId: redemption.id, code, chargesLeft: redemption.chargesLeft }]));
}

/** The discount still running on a subscription (charges left, or for ever); null otherwise. */
export async function heldDiscount(db: Queryable, subscriptionId: string): Promise<HeldDiscount | null> {
  const held = (await heldDiscounts(db, [subscriptionId])).get(subscriptionId);
  return held && (held.chargesLeft === null || held.chargesLeft > 0) ? held : null;
}

/** Whether the subscription ever held a code (one per subscription, even once used up). */
export async function holdsPromotionCode(db: Queryable, subscriptionId: string): Promise<boolean> {
  return (await heldDiscounts(db, [subscriptionId])).has(subscriptionId);
}

/** A paid charge took the discount: one charge fewer left (for ever stays null). */
export async function useDiscountedCharge(tx: Queryable, redemptionId: string): Promise<void> {
  await tx
    .update(promotionRedemptions)
    .set({ chargesLeft: sql`${promotionRedemptions.chargesLeft} - 1` })
    .where(and(eq(promotionRedemptions.id, redemptionId), gt(promotionRedemptions.chargesLeft, 0)));
}

/** The contract's Subscription.discount; null when none (a used-up code shows 0 charges left). */
export function subscriptionDiscountBody(held: HeldDiscount | undefined | null): SubscriptionDiscountBody | null {
  if (!held) return null;
  return { ...promotionDiscount(held.code), charges_left: held.chargesLeft };
}

/**
 * The typed code when it may be used now by an account (`firstSubscription`: it would be the
 * account's first) on a plan in `currency`; refused with the contract's error otherwise.
 */
export async function usablePromotionCode(
  db: Queryable,
  typed: string,
  context: { now: Date; firstSubscription: boolean; currency: string },
): Promise<PromotionCodeRow> {
  const code = await findPromotionCode(db, typed);
  const refusal = promotionRefusal(code, context);
  if (refusal !== null || code === null) throw promotionRefusalError[refusal ?? 'unknown']();
  return code;
}
