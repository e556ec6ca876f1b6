// The sandbox's side of a pause (decision 065), as its clock reaches it: at the paid period's
// end the pause begins (no charge; the "period" runs to the resume date, access stops), and a
// week before the resume date the account is told by email, once, in its language.
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { subscriptions } from '@server/db/schema';
import { settleDownloads } from '@server/modules/downloads';
import { queueAccountMail } from '@server/modules/mail';
import { resumeReminderMs } from '@server/modules/payments/pause-rules';
import type { SubscriptionRow } from '@server/modules/payments/subscription-repository';
import { sandboxProviderName } from './ids';

/** The pause due to begin at this renewal, if one is and its resume date is still ahead. */
export function pauseBeginning(subscription: SubscriptionRow, now: Date): { resumesAt: Date } | null {
  const { pausedFrom, resumesAt } = subscription;
  if (!pausedFrom || !resumesAt) return null;
  if (subscription.currentPeriodEnd.getTime() > pausedFrom.getTime() || resumesAt.getTime() <= now.getTime()) return null;
  return { resumesAt };
}

/** Where the renewal after a pause that has ended starts: its resume date (else the period's end). */
export function renewalStart(subscription: SubscriptionRow, now: Date): Date {
  const { resumesAt } = subscription;
  return resumesAt && resumesAt.getTime() <= now.getTime() && resumesAt > subscription.currentPeriodEnd ? resumesAt : subscription.currentPeriodEnd;
}

/** Begins the pause: nothing charged, the period runs to the resume date, downloads follow access. */
export async function beginPause(tx: Queryable, subscription: SubscriptionRow, resumesAt: Date, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ currentPeriodStart: subscription.currentPeriodEnd, currentPeriodEnd: resumesAt, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await settleDownloads(tx, subscription.userId, now);
}

export async function sendResumeReminders(db: Database, userId: string, now: Date): Promise<void> {
  const due = await db
    .select({ id: subscriptions.id, resumesAt: subscriptions.resumesAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, sandboxProviderName),
        eq(subscriptions.status, 'active'),
        isNotNull(subscriptions.pausedFrom),
        isNull(subscriptions.resumeReminderSentAt),
        gt(subscriptions.resumesAt, now),
        lte(subscriptions.resumesAt, new Date(now.getTime() + resumeReminderMs)),
      ),
    );
  for (const { id, resumesAt } of due) {
    if (!resumesAt) continue;
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(subscriptions)
        .set({ resumeReminderSentAt: now })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.resumeReminderSentAt)))
        .returning({ id: subscriptions.id });
      if (marked.length === 0) return;
      await queueAccountMail(tx, userId, { template: 'pauseEnding', params: { resumesAt: resumesAt.toISOString() } });
    });
  }
}
