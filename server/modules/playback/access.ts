// Whether an account may watch now, and under which plan: the subscription rule is the shared
// `givesAccess` in domain/subscriptions.ts; the plan's cap and screens are plan data.
import { and, desc, eq, lte } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import { givesAccess, isCurrentStatus, isPausedAt, type SubscriptionStatus } from '@domain/subscriptions';
import type { Queryable } from '@server/db/client';
import { classes, media, plans, subscriptions } from '@server/db/schema';

export interface PlaybackPlan {
  id: string;
  maxVideoHeight: number;
  simultaneousScreens: number;
  mobileOnly: boolean;
  /** How many devices may hold downloads at once (read with the rest, so the downloads rule asks nothing more). */
  downloads: number;
}

export type RefusalReason = NonNullable<components['schemas']['PlaybackRefusedError']['reason']>;

const paymentProblems = new Set(['past_due', 'incomplete', 'unpaid']);

export type PlaybackAccess = { plan: PlaybackPlan } | { refusal: RefusalReason };

/** What the rule reads: the account's subscriptions with their plans, the newest first (`accessOrder`). */
export interface AccessRow {
  subscription: typeof subscriptions.$inferSelect;
  plan: typeof plans.$inferSelect;
}

/** The order `accessOf` expects its rows in. */
export const accessOrder = desc(subscriptions.createdAt);

/** The rule itself, on the rows read: the downloads rule reads them with the account's lock (one statement). */
export function accessOf(rows: readonly AccessRow[], now: Date): PlaybackAccess {
  const watching = rows.find(({ subscription }) => {
    const status = subscription.status as SubscriptionStatus;
    // A current one flagged to cancel counts as canceled: access until its paid period ends.
    const effective = subscription.cancelAtPeriodEnd && isCurrentStatus(status) ? 'canceled' : status;
    return givesAccess(
      { status: effective, currentPeriodEnd: subscription.currentPeriodEnd, pausedFrom: subscription.pausedFrom, resumesAt: subscription.resumesAt, graceEndsAt: subscription.graceEndsAt },
      now,
    );
  });
  if (watching) {
    const { plan } = watching;
    return { plan: { id: plan.id, maxVideoHeight: plan.maxVideoHeight, simultaneousScreens: plan.simultaneousScreens, mobileOnly: plan.mobileOnly, downloads: plan.downloads } };
  }
  const latest = rows[0]?.subscription;
  if (!latest) return { refusal: 'no_subscription' };
  // A pause under way (decision 065) is not an ending: the subscriber resumes it in Billing.
  if (isCurrentStatus(latest.status as SubscriptionStatus) && isPausedAt(latest, now)) return { refusal: 'subscription_paused' };
  return { refusal: paymentProblems.has(latest.status) ? 'payment_required' : 'subscription_ended' };
}

export async function playbackAccess(db: Queryable, userId: string, now: Date): Promise<PlaybackAccess> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(accessOrder);
  return accessOf(rows, now);
}

/** Classes published by `now`: one announced for later plays no sooner than it is listed. */
function playable(classId: string, now: Date) {
  return and(eq(classes.id, classId), lte(classes.publishedAt, now));
}

/** The class, when it is published by `now`. */
export async function findPlayableClass(db: Queryable, classId: string, now: Date): Promise<typeof classes.$inferSelect | null> {
  const [found] = await db.select().from(classes).where(playable(classId, now));
  return found ?? null;
}

/** The class when it is published by `now`, with its media row (null until the media is made), in one query. */
export async function findPlayableClassMedia(
  db: Queryable,
  classId: string,
  now: Date,
): Promise<{ found: typeof classes.$inferSelect; media: typeof media.$inferSelect | null } | null> {
  const [row] = await db.select({ found: classes, media }).from(classes).leftJoin(media, eq(media.id, classes.mediaId)).where(playable(classId, now));
  return row ?? null;
}
