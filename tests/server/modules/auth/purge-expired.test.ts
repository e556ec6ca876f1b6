// Expired credentials are deleted; live ones, and the sign-ins they carry, are untouched.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeExpiredCredentials } from '@server/modules/auth/purge-expired';
import { hashToken } from '@server/modules/auth/tokens';
import { linkTokens, passwordResetTokens, portalSessions, refreshTokens, sessions, users } from '@server/db/schema';
import { refreshCookie, signUp, testAppForFile } from '../../harness';

const t = testAppForFile();

const past = (days: number) => new Date(Date.now() - days * 86_400_000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('purging expired credentials', () => {
  it('deletes what expired, keeps what is live, and the live sign-in still refreshes', async () => {
    const user = await signUp(t.app);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const userId = row!.id;
    const [oldSession] = await t.app.db
      .insert(sessions)
      .values({ userId, deviceId: 'old-device-1', revokedAt: past(31) })
      .returning({ id: sessions.id });
    const [recentlyRevoked] = await t.app.db
      .insert(sessions)
      .values({ userId, deviceId: 'old-device-2', revokedAt: past(1) })
      .returning({ id: sessions.id });
    await t.app.db.insert(refreshTokens).values([
      { tokenHash: hashToken('expired-refresh'), sessionId: recentlyRevoked!.id, expiresAt: past(1) },
      { tokenHash: hashToken('old-session-refresh'), sessionId: oldSession!.id, expiresAt: future(1) },
    ]);
    await t.app.db.insert(linkTokens).values([
      { tokenHash: hashToken('expired-link'), userId, expiresAt: past(0.01) },
      { tokenHash: hashToken('live-link'), userId, expiresAt: future(0.005) },
    ]);
    await t.app.db.insert(passwordResetTokens).values([
      { tokenHash: hashToken('expired-reset'), userId, expiresAt: past(0.01) },
      { tokenHash: hashToken('spent-expired-reset'), userId, expiresAt: past(0.001), usedAt: past(0.02) },
      { tokenHash: hashToken('live-reset'), userId, expiresAt: future(0.02) },
    ]);
    await t.app.db.insert(portalSessions).values([
      { tokenHash: hashToken('expired-portal'), userId, expiresAt: past(0.01) },
      { tokenHash: hashToken('live-portal'), userId, expiresAt: future(0.01) },
    ]);

    const counts = await purgeExpiredCredentials(t.app.db);

    expect(counts).toMatchObject({ linkTokens: 1, passwordResetTokens: 2, portalSessions: 1, sessions: 1 });
    expect(counts.refreshTokens).toBeGreaterThanOrEqual(1);
    const remaining = async (table: typeof linkTokens | typeof passwordResetTokens | typeof portalSessions) =>
      (await t.app.db.select({ hash: table.tokenHash }).from(table)).map((r) => r.hash);
    expect(await remaining(linkTokens)).toEqual([hashToken('live-link')]);
    expect(await remaining(passwordResetTokens)).toEqual([hashToken('live-reset')]);
    expect(await remaining(portalSessions)).toEqual([hashToken('live-portal')]);
    const sessionIds = (await t.app.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(sessionIds).not.toContain(oldSession!.id);
    expect(sessionIds).toContain(recentlyRevoked!.id);
    const refreshHashes = (await t.app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.hash);
    expect(refreshHashes).not.toContain(hashToken('expired-refresh'));
    // The old session's tokens went with it.
    expect(refreshHashes).not.toContain(hashToken('old-session-refresh'));

    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshCookie(refreshed)).toBeTruthy();
  });
});
