// The calendar link ended when the owner takes the account back (issue 37, decision 034): a
// password change, a password reset and signing out everywhere call this inside their own
// transaction, so the link cannot outlive a change that committed. Only the secret's hash is
// kept, so ending the link is dropping it (the old URL answers 404, as an unknown one); when and
// why is kept so /account can say so, until a new link is made.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Transaction } from '@server/db/client';
import { scheduleSettings, type FeedLinkRevocationReason } from '@server/db/schema';

/**
 * Ends the account's calendar link, if it has one (no link: nothing to say on /account, and an
 * earlier ending's record stays). Kept answers: the row's trigger (migration 0029) tells every
 * instance at commit; a caller that is not a signed-in write (whose own answers the account
 * answers plugin drops) drops them itself after the commit.
 */
export async function revokeFeedLink(tx: Transaction, userId: string, reason: FeedLinkRevocationReason): Promise<void> {
  await tx
    .update(scheduleSettings)
    .set({ feedSecretHash: null, feedLinkRevokedAt: sql`now()`, feedLinkRevokedReason: reason })
    .where(and(eq(scheduleSettings.userId, userId), isNotNull(scheduleSettings.feedSecretHash)));
}
