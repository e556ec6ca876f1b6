// Deleting an account (decisions.md "Account self-service", docs/decisions/024): immediate. The
// subscription is cancelled at the provider at once without a refund; every session ends; the
// goodbye email is queued to the address before it is erased; personal data is erased; payments
// stay (the law keeps invoices) with the card details removed. The user row itself stays,
// anonymised, because payments (and invoices) point at it: its email becomes an address that can
// never be typed, so the real address can sign up again, and its password can never match.
// Nothing that outlives it may act on it: reset and sign-in links go, open checkouts expire.
import { and, eq, ne, notExists } from 'drizzle-orm';
import type { Database, Transaction } from '@server/db/client';
import {
  activityGoals,
  cancelReasons,
  checkoutSessions,
  promotionRedemptions,
  classCompletions,
  classProgress,
  progressReports,
  favourites,
  heartRateSettings,
  playerPreferences,
  linkTokens,
  passwordResetTokens,
  mailOutbox,
  payments,
  playbackSessions,
  portalSessions,
  profiles,
  sessions,
  subscriptionPauses,
  subscriptions,
  uploads,
  users,
} from '@server/db/schema';
import { queueMail } from '@server/modules/mail';
import { eraseNotifications, erasePushSubscriptions } from '@server/modules/notifications';
import { anonymiseInvoices, expireOpenCheckouts, type PaymentProvider } from '@server/modules/payments';
import { isCurrentStatus } from '@domain/subscriptions';
import { revokeSessions } from '@server/modules/auth';
import { eraseSchedule } from '@server/modules/schedule';
import { eraseProgrammes } from '@server/modules/programmes';

/** A step that erases or anonymises what one area holds about an account or a profile, inside the deletion's transaction. */
export type ErasureStep = (tx: Transaction, id: string) => Promise<void>;

/**
 * What other areas hold about an account, erased or anonymised on deletion, each in the
 * deletion's transaction, after this module's own erasure: invoices are kept for the law, with
 * the customer named "Deleted account" and no email; push subscriptions go. A table of the
 * account's that nothing here erases fails tests/server/security/deletion-every-table.test.ts.
 */
export const accountErasureSteps: ErasureStep[] = [
  async (tx, userId) => {
    await anonymiseInvoices(tx, userId);
  },
  erasePushSubscriptions,
];

/** What each profile of the account trained with (decision 064), erased before the profile itself. */
export const profileErasureSteps: ErasureStep[] = [
  async (tx, profileId) => {
    for (const table of [classProgress, progressReports, classCompletions, activityGoals, favourites, playerPreferences, heartRateSettings]) {
      await tx.delete(table).where(eq(table.profileId, profileId));
    }
  },
  eraseNotifications,
  eraseSchedule,
  eraseProgrammes,
];

/** The email a deleted account keeps: unique, not an address anyone can sign up or in with. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** A password hash no password verifies against (not the `scrypt$…` form). */
const UNUSABLE_PASSWORD_HASH = '!deleted';

export async function deleteAccount(
  db: Database,
  // A provider without hosted checkouts to expire may leave out expireCheckout.
  provider: Pick<PaymentProvider, 'cancelImmediately'> & Partial<Pick<PaymentProvider, 'expireCheckout'>>,
  userId: string,
  steps: readonly ErasureStep[] = accountErasureSteps,
  profileSteps: readonly ErasureStep[] = profileErasureSteps,
): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return false;

  // 1. The provider first: if it refuses, nothing is erased and the user can try again.
  const owned = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const current = owned.filter((subscription) => isCurrentStatus(subscription.status));
  for (const subscription of current) await provider.cancelImmediately(subscription.id);
  // An open checkout paid after the deletion would bring back a subscription (and a charge).
  await expireOpenCheckouts(db, { expireCheckout: provider.expireCheckout ?? (async () => {}) }, userId);

  // 2. Every device signed out, through the one function that ends sessions.
  await revokeSessions(db, userId);

  // 3. The erasure and the goodbye email (to the address read before it is erased), in one transaction.
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const subscription of current) {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: now, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
    }
    const noCard = { cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null };
    await tx.update(subscriptions).set(noCard).where(eq(subscriptions.userId, userId));
    await tx.update(payments).set(noCard).where(eq(payments.userId, userId));

    await tx.delete(uploads).where(eq(uploads.userId, userId));
    // The pauses asked for (decision 065) and the reasons given, with their words (decision 068):
    // the person's history, not the invoices' to keep.
    await tx.delete(subscriptionPauses).where(eq(subscriptionPauses.userId, userId));
    await tx.delete(cancelReasons).where(eq(cancelReasons.userId, userId));
    // The codes redeemed (decision 069) go; each code's count keeps them.
    await tx.delete(promotionRedemptions).where(eq(promotionRedemptions.userId, userId));
    await tx.delete(playbackSessions).where(eq(playbackSessions.userId, userId));
    await tx.delete(linkTokens).where(eq(linkTokens.userId, userId));
    // A reset link must not set a password on the deleted account (and sign it in again).
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    // Checkouts that made no subscription (expired above) go; the ones that made one stay with it.
    const madeSubscription = tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.checkoutSessionId, checkoutSessions.id));
    await tx
      .delete(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, userId), ne(checkoutSessions.status, 'complete'), notExists(madeSubscription)));
    // The ones kept forget the device they were confirmed on, which nothing reads again.
    await tx.update(checkoutSessions).set({ deviceId: null }).where(eq(checkoutSessions.userId, userId));
    await tx.delete(portalSessions).where(eq(portalSessions.userId, userId));
    // Already revoked above; their rows (device names, times) are personal data too.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    for (const profile of await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.accountId, userId))) {
      for (const step of profileSteps) await step(tx, profile.id);
    }
    await tx.delete(profiles).where(eq(profiles.accountId, userId));

    // Earlier emails go (they carry the address and what happened on the account); the goodbye
    // keeps only its address, detached from the account, until it is delivered.
    await tx.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
    await queueMail(tx, { userId: null, to: user.email, language: user.language, template: 'accountDeleted', params: {} });

    await tx
      .update(users)
      .set({ email: deletedEmail(userId), passwordHash: UNUSABLE_PASSWORD_HASH, name: null, image: null, timeZone: null, deletedAt: now })
      .where(eq(users.id, userId));

    for (const step of steps) await step(tx, userId);
  });
  return true;
}
