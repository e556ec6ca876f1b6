// Progress reports' ids (decision 041) are pruned once no report could be sent again with them
// (docs/decisions/047): kept while the time the report claims is under 31 days old, including a
// report from a clock ahead of the server's; a replay before then still changes nothing.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressReports } from '@server/db/schema';
import { pruneProgressReports } from '@server/modules/playback/prune-reports';
import { testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { CLASS_ID, seedPlayableClass, subscriber, tinyMedia, tinyMediaDir, TINY_CLIP } from '../../fixtures/playback';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);

const duration = TINY_CLIP.durationSeconds;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function report(user: SignedUpUser, body: { position_seconds: number; report_id?: string; watched_at?: string }) {
  return t.app.inject({ method: 'PUT', url: `/api/v1/playback/progress/${CLASS_ID}`, headers: authorization(user), payload: body });
}

async function completions(user: SignedUpUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/activity/history', headers: authorization(user) })).json().items.length;
}

async function keys(user: SignedUpUser): Promise<{ reportId: string; watchedAt: Date }[]> {
  return t.app.db
    .select({ reportId: progressReports.reportId, watchedAt: progressReports.watchedAt })
    .from(progressReports)
    .where(eq(progressReports.profileId, await ownerProfileId(t.app, user)));
}

/** As if `days` had passed: the key's claimed time moves back (the server's clock cannot). */
async function age(reportId: string, days: number): Promise<void> {
  await t.app.db
    .update(progressReports)
    .set({ watchedAt: sql`${progressReports.watchedAt} - ${days} * interval '1 day'` })
    .where(eq(progressReports.reportId, reportId));
}

describe('pruning progress reports’ ids', () => {
  it('keeps an id while its report could be sent again, so a replay changes nothing, and deletes it a day after that', async () => {
    const user = await subscriber(t.app, 'basic');
    const late = { position_seconds: duration * 0.95, report_id: randomUUID(), watched_at: daysFromNow(-29) };
    expect((await report(user, late)).statusCode).toBe(200);
    const recent = { position_seconds: 1, report_id: randomUUID(), watched_at: daysFromNow(-0.1) };
    expect((await report(user, recent)).statusCode).toBe(200);

    await pruneProgressReports(t.app.db);
    expect((await keys(user)).map((key) => key.reportId).sort()).toEqual([late.report_id, recent.report_id].sort());
    // The queue flushed again from another tab: still one completion, the position kept.
    const replay = await report(user, late);
    expect(replay.json().progress.position_seconds).toBe(1);
    expect(await completions(user)).toBe(1);

    // A day later the late report is 30 days old (the server would refuse it); a day after that its id goes.
    await age(late.report_id, 1);
    await pruneProgressReports(t.app.db);
    expect(await keys(user)).toHaveLength(2);
    await age(late.report_id, 1.1);
    expect(await pruneProgressReports(t.app.db)).toBeGreaterThanOrEqual(1);
    expect((await keys(user)).map((key) => key.reportId)).toEqual([recent.report_id]);
  });

  it('keeps the time a report from a clock ahead of the server’s claims, so its id lasts as long as it can be replayed', async () => {
    const user = await subscriber(t.app, 'basic');
    const ahead = { position_seconds: duration * 0.5, report_id: randomUUID(), watched_at: daysFromNow(40) };
    expect((await report(user, ahead)).statusCode).toBe(200);
    const [key] = await keys(user);
    expect(key?.watchedAt.toISOString()).toBe(ahead.watched_at);
    // 69 days from now that report would still be accepted: 69 days of the server's time later, its id is still there.
    await age(ahead.report_id, 69);
    await pruneProgressReports(t.app.db);
    expect(await keys(user)).toHaveLength(1);
    await report(user, { position_seconds: 2 });
    expect((await report(user, ahead)).json().progress.position_seconds).toBe(2);
  });
});
