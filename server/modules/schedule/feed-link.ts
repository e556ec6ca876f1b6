// The calendar link ended when the owner takes the account back (issue 37, decision 034): a
// password change, a password reset and signing out everywhere call this inside their own
// transaction, so the link cannot outlive a change that committed. Only the secret's hash is
// kept, so ending the link is dropping it (the old URL answers 404, as an unknown one); when and
// why is kept so /account can say so, until a new link is made.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Transaction } from '@server/db/client';
import { profiles, scheduleSettings, type FeedLinkRevocationReason } from '@server/db/schema';

/**
 * Ends the calendar link of every profile of the account (decision 064: whoever had the account
 * could choose any of them), where there is one (no link: nothing to say on /account, and an
 * earlier ending's record stays). Kept answers: the row's trigger (migration 0029) tells every
 * instance at commit; a caller that is not a signed-in write (whose own answers the account
 * answers plugin drops) drops them itself after the commit.
 */
export async function revokeFeedLink(tx: Transaction, accountId: string, reason: FeedLinkRevocationReason): Promise<void> {
  const household = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.accountId, accountId));
  await tx
    .update(scheduleSettings)
    .set({ feedSecretHash: null, feedLinkRevokedAt: sql`now()`, feedLinkRevokedReason: reason })
    .where(and(inArray(scheduleSettings.profileId, household), isNotNull(scheduleSettings.feedSecretHash)));
}
