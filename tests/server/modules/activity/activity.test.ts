// Activity: the completion log a playback's progress writes (once per class and local day), the
// totals and weeks, the weekly goal and streak, all in the account's time zone (weeks start on
// Monday), and paged history. Bad input answers the contract's error and changes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { recordCompletion } from '@server/modules/activity/completions';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

interface Card {
  id: string;
  durationSeconds: number;
  discipline: { id: string };
}
let catalog: Card[] = [];

beforeAll(async () => {
  const user = await signUp(t.app);
  catalog = (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=50', headers: authorization(user) })).json<{ classes: Card[] }>().classes;
  expect(catalog.length).toBeGreaterThan(3);
});

async function call(user: SignedUpUser | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: user ? authorization(user) : {}, ...(payload !== undefined && { payload: payload as object }) });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

const activity = async (user: SignedUpUser) => (await call(user, 'GET', '/api/v1/activity')).json();

async function userIdOf(user: SignedUpUser): Promise<string> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  return row!.id;
}

/** A new account in this time zone, and its owner's profile's id (where its completions are logged). */
async function inZone(timeZone: string | null) {
  const user = await signUp(t.app);
  await t.app.db.update(users).set({ timeZone }).where(eq(users.id, await userIdOf(user)));
  return { user, id: await ownerProfileId(t.app, user) };
}

const minutesOf = (card: Card) => Math.round(card.durationSeconds / 60);

describe('the completion log', () => {
  it('logs a class when its progress crosses 90 %, once for the same playback, with its minutes and discipline', async () => {
    const user = await signUp(t.app);
    const played = catalog[0]!;
    const progress = (position: number) => call(user, 'PUT', `/api/v1/playback/progress/${played.id}`, { position_seconds: position });
    await progress(played.durationSeconds * 0.5);
    expect((await activity(user)).allTime).toEqual({ minutes: 0, classes: 0 });
    await progress(played.durationSeconds * 0.95);
    await progress(played.durationSeconds);
    // Seeking back and crossing again in the same playback (the same day) is still one.
    await progress(played.durationSeconds * 0.2);
    await progress(played.durationSeconds * 0.95);
    const after = await activity(user);
    expect(after.allTime).toEqual({ minutes: minutesOf(played), classes: 1 });
    expect(after.thisWeek).toMatchObject({ minutes: minutesOf(played), classes: 1 });
    expect(after.history.items).toMatchObject([{ classId: played.id, minutes: minutesOf(played), discipline: { id: played.discipline.id } }]);
    expect(after.programmes).toEqual([]);
  });

  it('logs the class again when it is completed on a later day', async () => {
    const { user, id } = await inZone('Europe/Madrid');
    const played = catalog[1]!;
    const now = new Date();
    await recordCompletion(t.app.db, { profileId: id, classId: played.id, at: new Date(now.getTime() - 3 * 86_400_000) });
    await recordCompletion(t.app.db, { profileId: id, classId: played.id, at: new Date(now.getTime() - 3 * 86_400_000 + 60_000) });
    await recordCompletion(t.app.db, { profileId: id, classId: played.id, at: now });
    expect((await activity(user)).allTime).toEqual({ minutes: 2 * minutesOf(played), classes: 2 });
  });
});

describe('weeks, totals and streaks in the account time zone', () => {
  // Wednesday 2026-11-25, noon UTC: the week began on Monday 2026-11-23.
  const now = new Date('2026-11-25T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('counts a completion at 23:30 on Sunday in Madrid in that week, not the next', async () => {
    const { id } = await inZone('Europe/Madrid');
    // Sunday 2026-11-22 23:30 in Madrid is 22:30 UTC.
    await recordCompletion(t.app.db, { profileId: id, classId: catalog[0]!.id, at: at('2026-11-22T22:30:00Z') });
    const overview = await t.app.activity.overview(id, now);
    expect(overview.timeZone).toBe('Europe/Madrid');
    expect(overview.thisWeek).toEqual({ weekStart: '2026-11-23', minutes: 0, classes: 0, effort: 0 });
    expect(overview.weeks.at(-2)).toEqual({ weekStart: '2026-11-16', minutes: minutesOf(catalog[0]!), classes: 1, effort: 0 });
    expect(overview.history.items[0]!.date).toBe('2026-11-22');
  });

  it('counts the same instant in the next week for an account in Tokyo, and UTC when the account has no zone', async () => {
    const tokyo = await inZone('Asia/Tokyo');
    const utc = await inZone(null);
    for (const { id } of [tokyo, utc]) await recordCompletion(t.app.db, { profileId: id, classId: catalog[0]!.id, at: at('2026-11-22T22:30:00Z') });
    expect((await t.app.activity.overview(tokyo.id, now)).thisWeek.classes).toBe(1);
    const inUtc = await t.app.activity.overview(utc.id, now);
    expect(inUtc.timeZone).toBe('UTC');
    expect(inUtc.thisWeek.classes).toBe(0);
  });

  it('totals this week and all time, and gives 12 weeks oldest first with empty ones', async () => {
    const { id } = await inZone('America/New_York');
    const [a, b, c] = [catalog[0]!, catalog[1]!, catalog[2]!];
    await recordCompletion(t.app.db, { profileId: id, classId: a.id, at: at('2026-11-23T15:00:00Z') });
    await recordCompletion(t.app.db, { profileId: id, classId: b.id, at: at('2026-11-24T15:00:00Z') });
    await recordCompletion(t.app.db, { profileId: id, classId: c.id, at: at('2026-08-01T15:00:00Z') });
    const overview = await t.app.activity.overview(id, now);
    expect(overview.thisWeek).toEqual({ weekStart: '2026-11-23', minutes: minutesOf(a) + minutesOf(b), classes: 2, effort: 0 });
    expect(overview.allTime).toEqual({ minutes: minutesOf(a) + minutesOf(b) + minutesOf(c), classes: 3 });
    expect(overview.weeks).toHaveLength(12);
    expect(overview.weeks[0]!.weekStart).toBe('2026-09-07');
    expect(overview.weeks.slice(0, 11).every((week) => week.classes === 0)).toBe(true);
  });

  it('counts the weeks in a row meeting the goal; the week in progress does not break it', async () => {
    const { id } = await inZone('Europe/Madrid');
    // Weeks of 2026-11-02, 11-09 and 11-16 with one class each; none yet this week; one in October after a gap.
    for (const day of ['2026-11-03T10:00:00Z', '2026-11-10T10:00:00Z', '2026-11-22T22:30:00Z', '2026-10-20T10:00:00Z']) {
      await recordCompletion(t.app.db, { profileId: id, classId: catalog[0]!.id, at: at(day) });
    }
    expect((await t.app.activity.overview(id, now)).streakWeeks).toBe(0);
    await t.app.activity.setGoal(id, { kind: 'classes', target: 1 }, now);
    const withGoal = await t.app.activity.overview(id, now);
    expect(withGoal).toMatchObject({ streakWeeks: 3, goalMetThisWeek: false, goal: { kind: 'classes', target: 1 } });
    await recordCompletion(t.app.db, { profileId: id, classId: catalog[1]!.id, at: at('2026-11-24T10:00:00Z') });
    expect(await t.app.activity.overview(id, now)).toMatchObject({ streakWeeks: 4, goalMetThisWeek: true });
    // A harder goal: only this week's two classes meet it.
    await t.app.activity.setGoal(id, { kind: 'classes', target: 2 }, now);
    expect((await t.app.activity.overview(id, now)).streakWeeks).toBe(0);
    // A week without a class breaks it.
    const later = new Date('2026-12-09T12:00:00Z');
    await t.app.activity.setGoal(id, { kind: 'classes', target: 1 }, later);
    expect((await t.app.activity.overview(id, later)).streakWeeks).toBe(0);
  });

  it('the streak of a minutes goal counts minutes', async () => {
    const { id } = await inZone('UTC');
    const card = catalog[0]!;
    await recordCompletion(t.app.db, { profileId: id, classId: card.id, at: at('2026-11-17T10:00:00Z') });
    await t.app.activity.setGoal(id, { kind: 'minutes', target: minutesOf(card) }, now);
    expect((await t.app.activity.overview(id, now)).streakWeeks).toBe(1);
    await t.app.activity.setGoal(id, { kind: 'minutes', target: minutesOf(card) + 1 }, now);
    expect((await t.app.activity.overview(id, now)).streakWeeks).toBe(0);
  });
});

describe('the goal over HTTP', () => {
  it('is set, answered with the activity, and cleared', async () => {
    const user = await signUp(t.app);
    const set = await call(user, 'PUT', '/api/v1/activity/goal', { kind: 'minutes', target: 150 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ goal: { kind: 'minutes', target: 150 }, streakWeeks: 0, goalMetThisWeek: false });
    expect((await activity(user)).goal).toEqual({ kind: 'minutes', target: 150 });
    const cleared = await call(user, 'DELETE', '/api/v1/activity/goal');
    expect(cleared.json().goal).toBeNull();
  });

  it('refuses a goal out of range or malformed, in the user language, and keeps the goal', async () => {
    const user = await signUp(t.app);
    await call(user, 'PUT', '/api/v1/activity/goal', { kind: 'classes', target: 3 });
    for (const bad of [
      { kind: 'classes', target: 51 },
      { kind: 'minutes', target: 5 },
      { kind: 'classes', target: 0 },
      { kind: 'hours', target: 3 },
      { kind: 'minutes', target: 12.5 },
      { kind: 'minutes' },
      { kind: 'minutes', target: 'lots' },
    ]) {
      const response = await call(user, 'PUT', '/api/v1/activity/goal', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const spanish = await t.app.inject({ method: 'PUT', url: '/api/v1/activity/goal', headers: { ...authorization(user), 'accept-language': 'es' }, payload: { kind: 'classes', target: 51 } });
    expect(spanish.json()).toMatchObject({ isSuccess: false, statusCode: 400, code: 'activity.goalOutOfRange.classes' });
    expect(spanish.json().message).toContain('clases');
    expect((await activity(user)).goal).toEqual({ kind: 'classes', target: 3 });
  });

  it('is for signed-in accounts only', async () => {
    expect((await call(null, 'GET', '/api/v1/activity')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/v1/activity/goal', { kind: 'classes', target: 3 })).statusCode).toBe(401);
  });
});

describe('history', () => {
  it('pages newest first without repeating or skipping, and refuses a bad cursor', async () => {
    const { user, id } = await inZone('UTC');
    const start = Date.now() - 30 * 86_400_000;
    for (let day = 0; day < 25; day += 1) {
      await recordCompletion(t.app.db, { profileId: id, classId: catalog[day % catalog.length]!.id, at: new Date(start + day * 86_400_000) });
    }
    const first = await activity(user);
    expect(first.history.items).toHaveLength(20);
    expect(first.history.nextCursor).toEqual(expect.any(String));
    const second = (await call(user, 'GET', `/api/v1/activity/history?cursor=${encodeURIComponent(first.history.nextCursor)}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const times = [...first.history.items, ...second.items].map((item: { completedAt: string }) => item.completedAt);
    expect(new Set(times).size).toBe(25);
    expect([...times].sort().reverse()).toEqual(times);
    const small = (await call(user, 'GET', '/api/v1/activity/history?limit=10')).json();
    expect(small.items.map((item: { id: string }) => item.id)).toEqual(first.history.items.slice(0, 10).map((item: { id: string }) => item.id));

    expect((await call(user, 'GET', '/api/v1/activity/history?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/v1/activity/history?limit=0')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/v1/activity/history?limit=51')).statusCode).toBe(400);
  });

  it('shows only the account’s own completions', async () => {
    const someone = await inZone('UTC');
    await recordCompletion(t.app.db, { profileId: someone.id, classId: catalog[0]!.id, at: new Date() });
    const other = await signUp(t.app);
    expect((await activity(other)).history.items).toEqual([]);
  });
});
