// A subscription as every route answers it: the contract's body (./bodies.ts) with the promotion
// code it holds (decision 069), read in one query however many subscriptions are answered.
import type { Queryable } from '@server/db/client';
import { subscriptionBody, type SubscriptionBody } from './bodies';
import { heldDiscounts, subscriptionDiscountBody } from './promotion-codes';
import type { PlanRow } from './provider';
import type { SubscriptionRow } from './subscription-repository';

export async function subscriptionAnswers(
  db: Queryable,
  rows: readonly { subscription: SubscriptionRow; plan: PlanRow; scheduled?: PlanRow | null }[],
): Promise<SubscriptionBody[]> {
  const discounts = await heldDiscounts(db, rows.map((row) => row.subscription.id));
  return rows.map((row) => subscriptionBody(row.subscription, row.plan, row.scheduled ?? null, subscriptionDiscountBody(discounts.get(row.subscription.id))));
}

export async function subscriptionAnswer(db: Queryable, subscription: SubscriptionRow, plan: PlanRow, scheduled: PlanRow | null = null): Promise<SubscriptionBody> {
  const [body] = await subscriptionAnswers(db, [{ subscription, plan, scheduled }]);
  return body!;
}
