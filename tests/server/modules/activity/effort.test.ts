// A class's effort (decisions 072, 073): sent with the progress report that ends it, kept with
// the profile's completion of that day, scored by the server (zones with a heart-rate summary,
// else the rating over the class's minutes) and summed per week on Activity. Every refusal
// answers its code and changes nothing, not even the report's progress; a report sent again
// counts its last effort; another profile or account cannot reach it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@domain/api-schema';
import { ratingEffort, zoneEffort, type ZoneSeconds } from '@domain/heart-rate';
import { classCompletions, classProgress, progressReports } from '@server/db/schema';
import { recordCompletion } from '@server/modules/activity/completions';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { addProfile, deviceAs, ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

type Effort = components['schemas']['EffortReport'];
interface Card {
  id: string;
  durationSeconds: number;
}
let catalog: Card[] = [];

beforeAll(async () => {
  const user = await signUp(t.app);
  catalog = (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=50', headers: authorization(user) })).json<{ classes: Card[] }>().classes;
  expect(catalog.length).toBeGreaterThan(2);
});

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'PUT', url: string, payload?: object, language = 'en') {
  const response = await t.app.inject({ method, url, headers: { ...authorization(user), 'accept-language': language }, ...(payload && { payload }) });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

interface Report {
  position_seconds: number;
  report_id?: string;
  watched_at?: string;
  effort?: Effort;
}
const report = (user: Pick<SignedUpUser, 'token'>, card: Card, body: Report, language?: string) => call(user, 'PUT', `/api/v1/playback/progress/${card.id}`, body, language);
/** The report that ends the class (100 %), with its effort. */
const finish = (user: Pick<SignedUpUser, 'token'>, card: Card, effort?: Effort) => report(user, card, { position_seconds: card.durationSeconds, ...(effort && { effort }) });

const recording = (user: Pick<SignedUpUser, 'token'>, on = true) => call(user, 'PUT', '/api/v1/account/heart-rate', { recording: on, max_heart_rate: 190, birth_year: null });
const activity = async (user: Pick<SignedUpUser, 'token'>) => (await call(user, 'GET', '/api/v1/activity')).json();
const history = async (user: Pick<SignedUpUser, 'token'>) => (await call(user, 'GET', '/api/v1/activity/history')).json().items;

const minutesOf = (card: Card) => Math.max(1, Math.round(card.durationSeconds / 60));
const zones = (card: Card): ZoneSeconds => {
  // A tenth of the class in zone 1, two in 2, four in 3, two in 4, none in 5: a tenth uncounted.
  const tenth = Math.floor(card.durationSeconds / 10);
  return [tenth, 2 * tenth, 4 * tenth, 2 * tenth, 0];
};
const summary = (card: Card) => ({ average_bpm: 142, max_bpm: 176, zone_seconds: zones(card) });

/** What the database holds of the profile's progress and completions of the class: what must not change on a refusal. */
async function stateOf(profileId: string, card: Card) {
  const [progress, completions] = await Promise.all([
    t.app.db.select().from(classProgress).where(and(eq(classProgress.profileId, profileId), eq(classProgress.classId, card.id))),
    t.app.db.select().from(classCompletions).where(and(eq(classCompletions.profileId, profileId), eq(classCompletions.classId, card.id))),
  ]);
  return { progress, completions };
}

describe('the effort sent with the report that ends a class', () => {
  it('keeps a rating alone, scored as the rating times the minutes, in the history and the week', async () => {
    const user = await signUp(t.app);
    const card = catalog[0]!;
    const done = await finish(user, card, { rating: 7, heart_rate: null });
    expect(done.statusCode).toBe(200);
    expect(done.json().progress).toMatchObject({ completed: true });
    const expected = { rating: 7, heartRate: null, score: ratingEffort(7, minutesOf(card) * 60), scoredBy: 'rating' };
    expect(expected.score).toBe(7 * minutesOf(card));
    const shown = await activity(user);
    expect(shown.history.items).toMatchObject([{ classId: card.id, effort: expected }]);
    expect(shown.thisWeek).toMatchObject({ classes: 1, effort: expected.score });
    expect(shown.weeks.at(-1)).toEqual(shown.thisWeek);
    expect(shown.weeks.slice(0, -1).every((week: { effort: number }) => week.effort === 0)).toBe(true);
    expect(await history(user)).toMatchObject([{ effort: expected }]);
  });

  it('keeps a heart-rate summary with recording on, scored by its zones, and sums the week', async () => {
    const user = await signUp(t.app);
    expect((await recording(user)).statusCode).toBe(200);
    const [withStrap, rated, skipped] = [catalog[0]!, catalog[1]!, catalog[2]!];
    expect((await finish(user, withStrap, { rating: 8, heart_rate: summary(withStrap) })).statusCode).toBe(200);
    expect((await finish(user, rated, { rating: 5, heart_rate: null })).statusCode).toBe(200);
    // Skipped and no strap: no effort at all.
    expect((await finish(user, skipped, { rating: null, heart_rate: null })).statusCode).toBe(200);
    const zoneScore = zoneEffort(zones(withStrap));
    expect(zoneScore).toBeGreaterThan(0);
    const items = await history(user);
    const effortOf = (card: Card) => items.find((item: { classId: string }) => item.classId === card.id).effort;
    expect(effortOf(withStrap)).toEqual({ rating: 8, heartRate: { averageBpm: 142, maxBpm: 176, zoneSeconds: zones(withStrap) }, score: zoneScore, scoredBy: 'zones' });
    expect(effortOf(rated)).toEqual({ rating: 5, heartRate: null, score: ratingEffort(5, minutesOf(rated) * 60), scoredBy: 'rating' });
    expect(effortOf(skipped)).toBeNull();
    const shown = await activity(user);
    expect(shown.thisWeek).toMatchObject({ classes: 3, effort: zoneScore + ratingEffort(5, minutesOf(rated) * 60) });
  });

  it('keeps a summary with no zone times (no maximum told): its rating scores it, or nothing does', async () => {
    const user = await signUp(t.app);
    expect((await recording(user)).statusCode).toBe(200);
    const [rated, unrated] = [catalog[0]!, catalog[1]!];
    const noZones = { average_bpm: 128, max_bpm: 160, zone_seconds: null };
    expect((await finish(user, rated, { rating: 6, heart_rate: noZones })).statusCode).toBe(200);
    expect((await finish(user, unrated, { rating: null, heart_rate: noZones })).statusCode).toBe(200);
    const items = await history(user);
    const effortOf = (card: Card) => items.find((item: { classId: string }) => item.classId === card.id).effort;
    const heartRate = { averageBpm: 128, maxBpm: 160, zoneSeconds: null };
    expect(effortOf(rated)).toEqual({ rating: 6, heartRate, score: ratingEffort(6, minutesOf(rated) * 60), scoredBy: 'rating' });
    expect(effortOf(unrated)).toEqual({ rating: null, heartRate, score: null, scoredBy: null });
    expect((await activity(user)).thisWeek).toMatchObject({ classes: 2, effort: ratingEffort(6, minutesOf(rated) * 60) });
  });

  it('scores the zones as decision 072 says: 5 min in zone 2, 20 in 3 and 5 in 4 make 90', () => {
    expect(zoneEffort([0, 300, 1200, 300, 0])).toBe(90);
  });

  it('goes to the completion made earlier that day by another report', async () => {
    const user = await signUp(t.app);
    const card = catalog[1]!;
    await finish(user, card);
    expect((await history(user))[0].effort).toBeNull();
    // The rating answered a moment later, with the player's last report of the class.
    const later = await report(user, card, { position_seconds: card.durationSeconds, report_id: randomUUID(), effort: { rating: 9, heart_rate: null } });
    expect(later.statusCode).toBe(200);
    const items = await history(user);
    expect(items).toHaveLength(1);
    expect(items[0].effort).toMatchObject({ rating: 9, scoredBy: 'rating' });
  });
});

describe('an effort refused', () => {
  /** Sends the refused report (which would complete the class) and checks its code and that nothing changed. */
  async function refused(user: SignedUpUser, card: Card, body: Report, status: number, code: string) {
    const profileId = await ownerProfileId(t.app, user);
    const before = await stateOf(profileId, card);
    const response = await report(user, card, body);
    expect(response.statusCode, `${JSON.stringify(body.effort)}: ${response.body}`).toBe(status);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: status, code, message: expect.any(String) });
    expect(await stateOf(profileId, card)).toEqual(before);
    return response;
  }

  it('with a heart rate of 0 or 300, zone times longer than the class, or a rating of 11 (400), changing nothing', async () => {
    const user = await signUp(t.app);
    await recording(user);
    const card = catalog[0]!;
    const ending = (effort: Effort): Report => ({ position_seconds: card.durationSeconds, report_id: randomUUID(), effort });
    const fine = summary(card);
    await refused(user, card, ending({ rating: null, heart_rate: { ...fine, average_bpm: 0 } }), 400, 'activity.heartRate');
    await refused(user, card, ending({ rating: null, heart_rate: { ...fine, max_bpm: 300 } }), 400, 'activity.heartRate');
    await refused(user, card, ending({ rating: 6, heart_rate: { ...fine, zone_seconds: [card.durationSeconds, 1, 0, 0, 0] } }), 400, 'activity.zoneTime');
    await refused(user, card, ending({ rating: 11, heart_rate: null }), 400, 'activity.rating');
    expect(await history(user)).toEqual([]);
    // In the user's language.
    const spanish = await report(user, card, ending({ rating: 0, heart_rate: null }), 'es');
    expect(spanish.json()).toMatchObject({ statusCode: 400, code: 'activity.rating' });
    expect(spanish.json().message).toContain('del 1 al 10');
  });

  it('with a heart rate while recording is off (409 heartRate.off), not even the progress kept; the same report without it is taken', async () => {
    const user = await signUp(t.app);
    const card = catalog[0]!;
    const ending = { position_seconds: card.durationSeconds, report_id: randomUUID(), effort: { rating: 6, heart_rate: summary(card) } };
    await refused(user, card, ending, 409, 'heartRate.off');
    // Turned on and off again: still off.
    await recording(user, true);
    await recording(user, false);
    await refused(user, card, ending, 409, 'heartRate.off');
    expect(await history(user)).toEqual([]);
    // The refused report's id was not kept: sent again with a rating only, it is applied.
    expect((await report(user, card, { ...ending, effort: { rating: 6, heart_rate: null } })).statusCode).toBe(200);
    expect(await history(user)).toMatchObject([{ effort: { rating: 6, heartRate: null } }]);
  });

  it('for a class not completed that day (409 activity.notCompleted), the progress of that report not kept', async () => {
    const user = await signUp(t.app);
    const card = catalog[1]!;
    await report(user, card, { position_seconds: 30 });
    await refused(user, card, { position_seconds: Math.floor(card.durationSeconds / 2), effort: { rating: 4, heart_rate: null } }, 409, 'activity.notCompleted');
    const profileId = await ownerProfileId(t.app, user);
    expect((await stateOf(profileId, card)).progress).toMatchObject([{ positionSeconds: 30 }]);
    // Completed on an earlier day only: still not today's.
    await recordCompletion(t.app.db, { profileId, classId: card.id, at: new Date(Date.now() - 3 * 86_400_000) });
    await refused(user, card, { position_seconds: 60, effort: { rating: 4, heart_rate: null } }, 409, 'activity.notCompleted');
  });

  it('for a class another account completed but this one never did', async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    const card = catalog[2]!;
    await finish(ana, card, { rating: 3, heart_rate: null });
    await refused(ben, card, { position_seconds: 10, effort: { rating: 10, heart_rate: null } }, 409, 'activity.notCompleted');
    expect(await history(ben)).toEqual([]);
    expect(await history(ana)).toMatchObject([{ effort: { rating: 3 } }]);
  });
});

describe('a report sent again', () => {
  it('does not fail, and its last effort counts', async () => {
    const user = await signUp(t.app);
    await recording(user);
    const card = catalog[0]!;
    const ending = { position_seconds: card.durationSeconds, report_id: randomUUID(), watched_at: new Date(Date.now() - 60_000).toISOString() };
    const first = await report(user, card, { ...ending, effort: { rating: 6, heart_rate: null } });
    expect(first.statusCode).toBe(200);
    // The queue flushed twice at once, then the same report with the summary the player kept.
    const again = await Promise.all([report(user, card, { ...ending, effort: { rating: 6, heart_rate: null } }), report(user, card, { ...ending, effort: { rating: 6, heart_rate: null } })]);
    for (const response of again) expect(response.statusCode).toBe(200);
    const last = await report(user, card, { ...ending, effort: { rating: 7, heart_rate: summary(card) } });
    expect(last.statusCode).toBe(200);
    expect(last.json().progress).toEqual(first.json().progress);
    const items = await history(user);
    expect(items).toHaveLength(1);
    expect(items[0].effort).toMatchObject({ rating: 7, scoredBy: 'zones', score: zoneEffort(zones(card)) });
  });

  it('sent again after midnight without its time, still goes to the completion it made', async () => {
    const user = await signUp(t.app);
    const card = catalog[1]!;
    const ending = { position_seconds: card.durationSeconds, report_id: randomUUID() };
    expect((await report(user, card, { ...ending, effort: { rating: 5, heart_rate: null } })).statusCode).toBe(200);
    // As if that report had been applied yesterday: its completion and its id are yesterday's.
    const profileId = await ownerProfileId(t.app, user);
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.app.db.update(progressReports).set({ watchedAt: yesterday }).where(eq(progressReports.profileId, profileId));
    await t.app.db.update(classCompletions).set({ completedAt: yesterday, localDate: yesterday.toISOString().slice(0, 10) }).where(eq(classCompletions.profileId, profileId));
    expect((await report(user, card, { ...ending, effort: { rating: 8, heart_rate: null } })).statusCode).toBe(200);
    expect(await history(user)).toMatchObject([{ effort: { rating: 8 } }]);
  });
});

describe('another profile of the household', () => {
  it('sees none of it and cannot name the owner’s completion', async () => {
    const owner = await signUp(t.app);
    await recording(owner);
    const card = catalog[0]!;
    await finish(owner, card, { rating: 8, heart_rate: summary(card) });
    const member = await deviceAs(t.app, owner, await addProfile(t.app, owner, { name: 'Leo' }));
    const shown = await activity(member);
    expect(shown.history.items).toEqual([]);
    expect(shown.thisWeek).toMatchObject({ classes: 0, effort: 0 });
    expect((await call(member, 'GET', '/api/v1/account/heart-rate')).json()).toEqual({ isSuccess: true, settings: { recording: false, max_heart_rate: null, birth_year: null } });
    // The member's report for the class the owner completed today names no completion of its own.
    const response = await report(member, card, { position_seconds: 10, effort: { rating: 2, heart_rate: null } });
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'activity.notCompleted' });
    expect((await history(owner))[0].effort).toMatchObject({ rating: 8, scoredBy: 'zones' });
  });
});
