// The sandbox provider's billing portal: a short-lived, single-use link tied to one account
// (the token is random and stored only as a hash), and the card update a paid form makes: a
// renewal left unpaid is tried at once with the new card (decision 067).
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newOpaqueToken } from '@server/modules/auth';
import type { Database } from '@server/db/client';
import { isCurrent } from '@server/db/current-status';
import { portalSessions, subscriptions, users } from '@server/db/schema';
import type { CardFacts, UserRow } from '@server/modules/payments/provider';
import type { SubscriptionRow } from '@server/modules/payments/subscription-repository';
import { retryWithNewCard } from './retries';

/** How long a portal link stays usable, like a hosted portal session. */
export const sandboxPortalLifetimeMs = 30 * 60 * 1000;

export function sandboxPortalPath(token: string): string {
  return `/sandbox/portal/${encodeURIComponent(token)}`;
}

/** Stores a new portal link for the account and answers its token (shown once, in the URL). */
export async function createSandboxPortalToken(db: Database, userId: string, language: string, now: Date = new Date()): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(portalSessions).values({
    tokenHash: hashToken(token),
    userId,
    language,
    expiresAt: new Date(now.getTime() + sandboxPortalLifetimeMs),
  });
  return token;
}

export interface SandboxPortal {
  tokenHash: string;
  user: UserRow;
  /** The app's language when the user opened the link: the page speaks it. */
  language: string;
  /** The subscription whose card the portal updates: the current one, else the newest. */
  subscription: SubscriptionRow;
}

export type PortalLookup = { kind: 'open'; portal: SandboxPortal } | { kind: 'used' } | { kind: 'unavailable' };

/**
 * What a token points at: an open portal; a link already used (a resubmitted form); or
 * nothing usable (unknown, expired, or no subscription to update).
 */
export async function loadSandboxPortal(db: Database, token: string, now: Date = new Date()): Promise<PortalLookup> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, usedAt: portalSessions.usedAt, language: portalSessions.language })
    .from(portalSessions)
    .innerJoin(users, eq(users.id, portalSessions.userId))
    .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, now)));
  if (!row) return { kind: 'unavailable' };
  if (row.usedAt) return { kind: 'used' };
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, row.user.id))
    .orderBy(sql`case when ${isCurrent(subscriptions.status)} then 0 else 1 end`, desc(subscriptions.createdAt))
    .limit(1);
  if (!subscription) return { kind: 'unavailable' };
  return { kind: 'open', portal: { tokenHash, user: row.user, language: row.language, subscription } };
}

/**
 * Uses the link once and records the new card on its subscription. Answers false when the
 * link was used meanwhile (a double submit), so the card is written once.
 */
export async function updateSandboxCard(db: Database, portal: SandboxPortal, card: CardFacts, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(portalSessions)
      .set({ usedAt: now })
      .where(and(eq(portalSessions.tokenHash, portal.tokenHash), isNull(portalSessions.usedAt)))
      .returning({ tokenHash: portalSessions.tokenHash });
    if (used.length === 0) return false;
    await tx
      .update(subscriptions)
      .set({
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, portal.subscription.id));
    await retryWithNewCard(tx, portal.subscription.id, now);
    return true;
  });
}
