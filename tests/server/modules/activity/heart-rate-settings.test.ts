// The heart-rate settings API (/api/v1/account/heart-rate, decisions 072, 073): recording off and
// nothing told until the profile says; a maximum outside 100–230 or a birth year outside the ages
// 13–100 refused (400) and nothing changed; per profile; "Delete my heart-rate data" erases every
// summary and the settings but keeps ratings and completions; all of it in the data export, and
// gone with the profile or the account.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@domain/api-schema';
import { ratingEffort } from '@domain/heart-rate';
import { classCompletions, heartRateSettings } from '@server/db/schema';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { addProfile, deviceAs, ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });
const path = '/api/v1/account/heart-rate';
const nothingTold = { recording: false, max_heart_rate: null, birth_year: null };

type Settings = components['schemas']['HeartRateSettings'];
interface Card {
  id: string;
  durationSeconds: number;
}
let card: Card;

beforeAll(async () => {
  const user = await signUp(t.app);
  card = (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=1', headers: authorization(user) })).json<{ classes: Card[] }>().classes[0]!;
});

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'PUT' | 'DELETE', payload?: object, language = 'en') {
  const response = await t.app.inject({ method, url: path, headers: { ...authorization(user), 'accept-language': language }, ...(payload && { payload }) });
  expectContract(response, method, path);
  return response;
}
const settingsOf = async (user: Pick<SignedUpUser, 'token'>) => (await call(user, 'GET')).json<{ settings: Settings }>().settings;

/** Completes the class with a rating and a heart-rate summary (recording must be on). */
async function trainWithStrap(user: Pick<SignedUpUser, 'token'>) {
  const url = `/api/v1/playback/progress/${card.id}`;
  const tenth = Math.floor(card.durationSeconds / 10);
  const effort = { rating: 6, heart_rate: { average_bpm: 150, max_bpm: 181, zone_seconds: [tenth, tenth, tenth, tenth, tenth] } };
  const response = await t.app.inject({ method: 'PUT', url, headers: authorization(user), payload: { position_seconds: card.durationSeconds, effort } });
  expectContract(response, 'PUT', url);
  expect(response.statusCode, response.body).toBe(200);
}

const history = async (user: Pick<SignedUpUser, 'token'>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/activity/history', headers: authorization(user) })).json().items;

describe('heart-rate settings', () => {
  it('start with recording off and nothing told, and keep what the profile says', async () => {
    const user = await signUp(t.app);
    expect((await call(user, 'GET')).json()).toEqual({ isSuccess: true, settings: nothingTold });
    const saved = await call(user, 'PUT', { recording: true, max_heart_rate: 185, birth_year: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ isSuccess: true, settings: { recording: true, max_heart_rate: 185, birth_year: null } });
    expect(await settingsOf(user)).toEqual({ recording: true, max_heart_rate: 185, birth_year: null });
    const year = new Date().getUTCFullYear();
    await call(user, 'PUT', { recording: false, max_heart_rate: null, birth_year: year - 40 });
    expect(await settingsOf(user)).toEqual({ recording: false, max_heart_rate: null, birth_year: year - 40 });
  });

  it('take the limits themselves: a maximum of 100 or 230, a birth year 13 or 100 years ago', async () => {
    const user = await signUp(t.app);
    const year = new Date().getUTCFullYear();
    for (const settings of [
      { recording: true, max_heart_rate: 100, birth_year: year - 13 },
      { recording: true, max_heart_rate: 230, birth_year: year - 100 },
    ]) {
      const response = await call(user, 'PUT', settings);
      expect(response.statusCode, JSON.stringify(settings)).toBe(200);
      expect(await settingsOf(user)).toEqual(settings);
    }
  });

  it('refuse a maximum outside 100–230 or a birth year outside the ages 13–100 (400), changing nothing', async () => {
    const user = await signUp(t.app);
    const kept = { recording: true, max_heart_rate: 190, birth_year: null };
    await call(user, 'PUT', kept);
    const year = new Date().getUTCFullYear();
    for (const [settings, code] of [
      [{ recording: false, max_heart_rate: 99, birth_year: null }, 'heartRate.max'],
      [{ recording: false, max_heart_rate: 231, birth_year: null }, 'heartRate.max'],
      [{ recording: false, max_heart_rate: null, birth_year: year - 12 }, 'heartRate.birthYear'],
      [{ recording: false, max_heart_rate: null, birth_year: year - 101 }, 'heartRate.birthYear'],
    ] as const) {
      const response = await call(user, 'PUT', settings);
      expect(response.statusCode, JSON.stringify(settings)).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400, code, message: expect.any(String) });
    }
    // Malformed: the contract's own 400.
    for (const settings of [{ recording: true }, { recording: 'yes', max_heart_rate: null, birth_year: null }, { ...kept, max_heart_rate: 180.5 }, { ...kept, pulse: 60 }]) {
      expect((await call(user, 'PUT', settings)).statusCode, JSON.stringify(settings)).toBe(400);
    }
    const spanish = await call(user, 'PUT', { recording: true, max_heart_rate: 300, birth_year: null }, 'es');
    expect(spanish.json().message).toContain('de 100 a 230');
    expect(await settingsOf(user)).toEqual(kept);
  });

  it('are the chosen profile’s own: another profile of the household and another account read their own', async () => {
    const owner = await signUp(t.app);
    await call(owner, 'PUT', { recording: true, max_heart_rate: 200, birth_year: null });
    const member = await deviceAs(t.app, owner, await addProfile(t.app, owner, { name: 'Leo' }));
    expect(await settingsOf(member)).toEqual(nothingTold);
    await call(member, 'PUT', { recording: true, max_heart_rate: null, birth_year: 1990 });
    expect(await settingsOf(owner)).toEqual({ recording: true, max_heart_rate: 200, birth_year: null });
    expect(await settingsOf(await signUp(t.app))).toEqual(nothingTold);
    // The member deleting its data leaves the owner's.
    await call(member, 'DELETE');
    expect(await settingsOf(owner)).toEqual({ recording: true, max_heart_rate: 200, birth_year: null });
  });

  it('need a signed-in account (401)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: path, ...(method === 'PUT' && { payload: nothingTold }) });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('Delete my heart-rate data', () => {
  it('erases every heart-rate summary and the settings, and keeps the ratings, completions and minutes', async () => {
    const user = await signUp(t.app);
    await call(user, 'PUT', { recording: true, max_heart_rate: 188, birth_year: null });
    await trainWithStrap(user);
    const [before] = await history(user);
    expect(before.effort).toMatchObject({ rating: 6, scoredBy: 'zones', heartRate: { averageBpm: 150 } });

    const deleted = await call(user, 'DELETE');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ isSuccess: true, settings: nothingTold });
    expect(await settingsOf(user)).toEqual(nothingTold);
    const after = await history(user);
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual({ ...before, effort: { rating: 6, heartRate: null, score: ratingEffort(6, before.minutes * 60), scoredBy: 'rating' } });
    const profileId = await ownerProfileId(t.app, user);
    const [row] = await t.app.db.select().from(classCompletions).where(eq(classCompletions.profileId, profileId));
    expect(row).toMatchObject({ rating: 6, heartRateAverageBpm: null, heartRateMaxBpm: null, heartRateZone1Seconds: null, heartRateZone5Seconds: null });
    // Nothing to delete is fine too.
    expect((await call(user, 'DELETE')).statusCode).toBe(200);
  });
});

describe('in the data export, and gone with the profile or the account', () => {
  it("holds each profile's settings and each completion's rating and heart-rate summary", async () => {
    const user = await signUp(t.app);
    await call(user, 'PUT', { recording: true, max_heart_rate: 187, birth_year: 1985 });
    await trainWithStrap(user);
    const member = await addProfile(t.app, user, { name: 'Leo' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: authorization(user) });
    expectContract(response, 'GET', '/api/v1/account/export');
    const profiles = response.json().profiles as { id: string; owner: boolean; heartRate: Settings; completions: Record<string, unknown>[] }[];
    const owner = profiles.find((profile) => profile.owner)!;
    expect(owner.heartRate).toEqual({ recording: true, max_heart_rate: 187, birth_year: 1985 });
    const tenth = Math.floor(card.durationSeconds / 10);
    expect(owner.completions).toEqual([
      expect.objectContaining({
        classId: card.id,
        rating: 6,
        heartRateAverageBpm: 150,
        heartRateMaxBpm: 181,
        heartRateZone1Seconds: tenth,
        heartRateZone2Seconds: tenth,
        heartRateZone3Seconds: tenth,
        heartRateZone4Seconds: tenth,
        heartRateZone5Seconds: tenth,
      }),
    ]);
    expect(profiles.find((profile) => profile.id === member.id)).toMatchObject({ heartRate: nothingTold, completions: [] });
  });

  it('goes with a deleted profile and a deleted account', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner, { name: 'Leo' });
    const member = await deviceAs(t.app, owner, leo);
    await call(member, 'PUT', { recording: true, max_heart_rate: 190, birth_year: null });
    await trainWithStrap(member);
    expect(await t.app.db.select().from(heartRateSettings).where(eq(heartRateSettings.profileId, leo.id))).toHaveLength(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${leo.id}`, headers: authorization(owner) });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await t.app.db.select().from(heartRateSettings).where(eq(heartRateSettings.profileId, leo.id))).toEqual([]);
    expect(await t.app.db.select().from(classCompletions).where(eq(classCompletions.profileId, leo.id))).toEqual([]);

    await call(owner, 'PUT', { recording: true, max_heart_rate: 190, birth_year: null });
    await trainWithStrap(owner);
    const ownerId = await ownerProfileId(t.app, owner);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/v1/account/delete', headers: authorization(owner), payload: { password: owner.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.select().from(heartRateSettings).where(eq(heartRateSettings.profileId, ownerId))).toEqual([]);
    expect(await t.app.db.select().from(classCompletions).where(eq(classCompletions.profileId, ownerId))).toEqual([]);
  });
});
