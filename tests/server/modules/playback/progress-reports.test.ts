// Progress reports queued offline (decision 041): each carries an id the client made and the time
// it was watched. Sent again, a report changes nothing; sent late, it counts towards Continue
// watching and completion on the day it was watched, and never moves a newer position back.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { CLASS_ID, seedPlayableClass, subscriber, tinyMedia, tinyMediaDir, TINY_CLIP } from '../../fixtures/playback';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);

const duration = TINY_CLIP.durationSeconds;
const url = `/api/v1/playback/progress/${CLASS_ID}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function report(user: SignedUpUser, body: { position_seconds: number; report_id?: string; watched_at?: string }, language = 'en') {
  const response = await t.app.inject({ method: 'PUT', url, headers: { ...authorization(user), 'accept-language': language }, payload: body });
  expectContract(response, 'PUT', url);
  return response;
}

async function history(user: SignedUpUser): Promise<{ classId: string; completedAt: string }[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/activity/history', headers: authorization(user) });
  return response.json().items;
}

async function continueWatching(user: SignedUpUser): Promise<{ id: string; progress: { positionSeconds: number; completed: boolean } }[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/classes/home', headers: authorization(user) })).json().continueWatching;
}

describe('progress reports queued offline', () => {
  it('count once however often the same report is sent', async () => {
    const user = await subscriber(t.app, 'basic');
    const done = { position_seconds: duration * 0.95, report_id: randomUUID(), watched_at: hoursAgo(2) };
    const first = await report(user, done);
    expect(first.statusCode).toBe(200);
    expect(first.json().progress).toMatchObject({ completed: true, completed_at: done.watched_at, updated_at: done.watched_at });
    // Rewatching from the start online, then the same report again (a queue flushed twice).
    await report(user, { position_seconds: 1 });
    const again = await Promise.all([report(user, done), report(user, done)]);
    for (const response of again) expect(response.json().progress).toMatchObject({ position_seconds: 1, completed: true, completed_at: done.watched_at });
    expect(await history(user)).toHaveLength(1);
  });

  it('count towards Continue watching and completion when watched offline, on the day they were watched', async () => {
    const user = await subscriber(t.app, 'basic');
    const watchedAt = hoursAgo(30);
    await report(user, { position_seconds: duration * 0.4, report_id: randomUUID(), watched_at: hoursAgo(31) });
    expect(await continueWatching(user)).toMatchObject([{ id: CLASS_ID, progress: { positionSeconds: duration * 0.4, completed: false } }]);
    await report(user, { position_seconds: duration * 0.92, report_id: randomUUID(), watched_at: watchedAt });
    expect(await history(user)).toMatchObject([{ classId: CLASS_ID, completedAt: watchedAt }]);
  });

  it('never move a newer position back, yet still complete the class', async () => {
    const user = await subscriber(t.app, 'basic');
    await report(user, { position_seconds: duration * 0.2 });
    const late = await report(user, { position_seconds: duration * 0.9, report_id: randomUUID(), watched_at: hoursAgo(5) });
    expect(late.json().progress).toMatchObject({ position_seconds: duration * 0.2, completed: true });
    const older = await report(user, { position_seconds: duration * 0.1, report_id: randomUUID(), watched_at: hoursAgo(6) });
    expect(older.json().progress.position_seconds).toBe(duration * 0.2);
    expect(await history(user)).toHaveLength(1);
  });

  it('take a time in the future as now, and refuse a report older than 30 days in the user’s language, changing nothing', async () => {
    const user = await subscriber(t.app, 'basic');
    const future = await report(user, { position_seconds: 1, report_id: randomUUID(), watched_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(Date.parse(future.json().progress.updated_at)).toBeLessThanOrEqual(Date.now());
    const stale = await report(user, { position_seconds: duration, report_id: randomUUID(), watched_at: hoursAgo(31 * 24) }, 'es');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ isSuccess: false, statusCode: 400, code: 'playback.reportExpired', message: 'Este registro de progreso tiene más de 30 días y no se ha guardado.' });
    expect(await continueWatching(user)).toMatchObject([{ progress: { positionSeconds: 1, completed: false } }]);
    expect(await history(user)).toEqual([]);
  });

  it('refuse a report id that is not a uuid and a time that is not a date', async () => {
    const user = await subscriber(t.app, 'basic');
    expect((await report(user, { position_seconds: 1, report_id: 'again' })).statusCode).toBe(400);
    expect((await report(user, { position_seconds: 1, watched_at: 'yesterday' })).statusCode).toBe(400);
    expect(await continueWatching(user)).toEqual([]);
  });

  it('of one account never hide another account’s report with the same id', async () => {
    const [one, two] = [await subscriber(t.app, 'basic'), await subscriber(t.app, 'basic')];
    const shared = randomUUID();
    await report(one, { position_seconds: 1, report_id: shared });
    expect((await report(two, { position_seconds: 2, report_id: shared })).json().progress.position_seconds).toBe(2);
  });
});
