// Expired credentials are deleted, not kept forever: refresh tokens past their 30 days, spent or
// expired sign-in links, password-reset links and portal links (a spent link expires within its
// 30 minutes too), and sessions revoked over a month ago. Safe to run on
// every instance at once: each statement is an idempotent DELETE.
import { lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { linkTokens, passwordResetTokens, portalSessions, refreshTokens, sessions } from '@server/db/schema';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgeCounts {
  refreshTokens: number;
  linkTokens: number;
  passwordResetTokens: number;
  portalSessions: number;
  sessions: number;
}

export async function purgeExpiredCredentials(db: Database): Promise<PurgeCounts> {
  const now = sql`now()`;
  const [refresh, links, resets, portals, revoked] = await Promise.all([
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.tokenHash }),
    db.delete(linkTokens).where(lt(linkTokens.expiresAt, now)).returning({ id: linkTokens.tokenHash }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.tokenHash }),
    db.delete(portalSessions).where(lt(portalSessions.expiresAt, now)).returning({ id: portalSessions.tokenHash }),
    db.delete(sessions).where(lt(sessions.revokedAt, sql`now() - interval '30 days'`)).returning({ id: sessions.id }),
  ]);
  return { refreshTokens: refresh.length, linkTokens: links.length, passwordResetTokens: resets.length, portalSessions: portals.length, sessions: revoked.length };
}
