// Programmes: browsing and filtering the seeded ones, starting one (a subscription that gives
// access, one at a time), progress from classes completed through the player's progress call
// (counted once, only while following), pausing, resuming, leaving, finishing, and bad input
// that changes nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import type { Viewer } from '@server/plugins/app/auth';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { subscriber } from '../../fixtures/playback';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function call(user: Pick<SignedUpUser, 'token'> | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(user ? authorization(user) : {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

const detail = async (user: SignedUpUser, id: string) => (await call(user, 'GET', `/api/v1/programmes/${id}`)).json().programme;

/** Plays the class to its end through the player's progress call (its length as sold: the seeded classes have no media row here). */
async function complete(user: SignedUpUser, classId: string, seconds = 3600) {
  const response = await call(user, 'PUT', `/api/v1/playback/progress/${classId}`, { position_seconds: seconds });
  expect(response.json().progress.completed).toBe(true);
}

const strength101 = ['bodyweight-strength', 'upper-body-bands', 'morning-mobility', 'glutes-and-legs', 'pilates-healthy-back', 'desk-break-stretch', 'full-body-dumbbells', 'low-impact-hiit', 'full-body-stretch'];

describe('browsing programmes', () => {
  it('lists the seeded programmes in both languages with instructors and minutes from their classes', async () => {
    const user = await signUp(t.app);
    const body = (await call(user, 'GET', '/api/v1/programmes')).json();
    expect(body.programmes.map((p: { id: string }) => p.id)).toEqual(['yoga-foundations', 'strength-101', 'hiit-in-14-days', 'core-with-pilates']);
    const yoga = body.programmes[0];
    expect(yoga).toMatchObject({
      title: { en: 'Yoga foundations', es: 'Fundamentos de yoga' },
      level: 'beginner',
      discipline: { id: 'yoga' },
      weeks: 2,
      classCount: 6,
      totalMinutes: 145,
      instructors: [{ id: 'lucia-martin' }, { id: 'nora-lindqvist' }],
      following: null,
    });
    expect(body.facets.levels).toEqual(['beginner', 'intermediate']);
    for (const p of body.programmes) {
      expect(p.weeks).toBeGreaterThanOrEqual(2);
      expect(p.weeks).toBeLessThanOrEqual(6);
    }
  });

  it('filters by discipline and level', async () => {
    const user = await signUp(t.app);
    const ids = async (query: string) => (await call(user, 'GET', `/api/v1/programmes?${query}`)).json().programmes.map((p: { id: string }) => p.id);
    expect(await ids('discipline=hiit')).toEqual(['hiit-in-14-days']);
    expect(await ids('level=beginner')).toEqual(['yoga-foundations', 'strength-101']);
    expect(await ids('discipline=pilates&level=beginner')).toEqual([]);
  });

  it('refuses an unknown discipline or level, in the asked language, and a visitor', async () => {
    const user = await signUp(t.app);
    const unknown = await call(user, 'GET', '/api/v1/programmes?discipline=rowing', undefined, 'es');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ isSuccess: false, code: 'programmes.unknownDiscipline', message: expect.stringContaining('rowing') });
    expect(unknown.json().message).toContain('disciplina');
    expect((await call(user, 'GET', '/api/v1/programmes?level=expert')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/v1/programmes')).statusCode).toBe(401);
    expect((await call(user, 'GET', '/api/v1/programmes/no-such-programme')).statusCode).toBe(404);
  });

  it('shows the weeks and their classes, and proposes weekdays for the busiest week', async () => {
    const user = await signUp(t.app);
    const hiit = await detail(user, 'hiit-in-14-days');
    expect(hiit.weekList.map((w: { classes: unknown[] }) => w.classes.length)).toEqual([4, 4]);
    expect(hiit.proposedWeekdays).toEqual([1, 2, 4, 6]);
    expect(hiit.weekList[0].classes[0]).toMatchObject({ id: 'ten-minute-express', done: false, plannedOn: null });
    expect((await detail(user, 'strength-101')).proposedWeekdays).toEqual([1, 3, 5]);
  });
});

describe('starting a programme', () => {
  it('needs a subscription that gives access: browsing is fine, starting is refused and changes nothing', async () => {
    const user = await signUp(t.app);
    expect(await detail(user, 'strength-101')).toMatchObject({ canStart: false, following: null });
    const refused = await call(user, 'POST', '/api/v1/programmes/strength-101/start', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('programmes.noAccess');
    expect((await detail(user, 'strength-101')).following).toBeNull();
  });

  it('plans the sessions on the chosen weekdays and allows one programme at a time', async () => {
    const user = await subscriber(t.app, 'basic');
    const started = await call(user, 'POST', '/api/v1/programmes/strength-101/start', { weekdays: [5, 1, 3] });
    expect(started.statusCode).toBe(200);
    const programme = started.json().programme;
    expect(programme.following).toMatchObject({ status: 'active', weekdays: [1, 3, 5], done: 0, total: 9, pausedOn: null });
    const dates: string[] = programme.weekList.flatMap((w: { classes: { plannedOn: string }[] }) => w.classes.map((c) => c.plannedOn));
    expect([...dates].sort()).toEqual(dates);
    for (const date of dates) expect([1, 3, 5]).toContain(new Date(`${date}T12:00:00Z`).getUTCDay());

    for (const other of ['yoga-foundations', 'strength-101']) {
      const conflict = await call(user, 'POST', `/api/v1/programmes/${other}/start`, {});
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().code).toBe('programmes.alreadyFollowing');
    }
    expect(await detail(user, 'yoga-foundations')).toMatchObject({ following: null, blockedBy: { id: 'strength-101' } });
    const list = (await call(user, 'GET', '/api/v1/programmes')).json().programmes;
    expect(list.find((p: { id: string }) => p.id === 'strength-101').following).toMatchObject({ status: 'active', done: 0, total: 9 });
  });

  it('refuses bad weekdays and an unknown programme, changing nothing', async () => {
    const user = await subscriber(t.app, 'basic');
    for (const weekdays of [[], [0], [8], [1, 1], ['mon'], [1.5]]) {
      expect((await call(user, 'POST', '/api/v1/programmes/strength-101/start', { weekdays })).statusCode).toBe(400);
    }
    expect((await call(user, 'POST', '/api/v1/programmes/strength-101/start', { weekdays: [1], extra: true })).statusCode).toBe(400);
    expect((await call(user, 'POST', '/api/v1/programmes/no-such-programme/start', {})).statusCode).toBe(404);
    expect((await detail(user, 'strength-101')).following).toBeNull();
    expect((await call(user, 'GET', '/api/v1/programmes/up-next')).json().upNext).toBeNull();
  });
});

describe('progress', () => {
  it('counts a class completed anywhere once, not one completed before starting, and shows what is up next', async () => {
    const user = await subscriber(t.app, 'basic');
    await complete(user, 'upper-body-bands');
    await call(user, 'POST', '/api/v1/programmes/strength-101/start', { weekdays: [1, 3, 5] });
    expect((await detail(user, 'strength-101')).following.done).toBe(0);

    const upNext = async () => (await call(user, 'GET', '/api/v1/programmes/up-next')).json().upNext;
    expect(await upNext()).toMatchObject({ programme: { id: 'strength-101', title: { en: 'Strength 101' } }, class: { id: 'bodyweight-strength' }, done: 0, total: 9 });

    await complete(user, 'bodyweight-strength');
    await complete(user, 'bodyweight-strength');
    await complete(user, 'tabata-burn'); // not in the programme
    let programme = await detail(user, 'strength-101');
    expect(programme.following.done).toBe(1);
    expect(programme.weekList[0].classes.map((c: { done: boolean }) => c.done)).toEqual([true, false, false]);
    expect(await upNext()).toMatchObject({ class: { id: 'upper-body-bands' }, done: 1 });

    // Completed before starting, then again while following: now it counts.
    await complete(user, 'upper-body-bands');
    programme = await detail(user, 'strength-101');
    expect(programme.following.done).toBe(2);
  });

  it('finishes when every class is done: the history lists it and another can start', async () => {
    const user = await subscriber(t.app, 'basic');
    await call(user, 'POST', '/api/v1/programmes/strength-101/start', {});
    for (const classId of strength101) await complete(user, classId);
    const programme = await detail(user, 'strength-101');
    expect(programme.following).toMatchObject({ status: 'finished', done: 9, total: 9, endedAt: expect.any(String) });
    expect((await call(user, 'GET', '/api/v1/programmes/up-next')).json().upNext).toBeNull();
    const finished = (await call(user, 'GET', '/api/v1/programmes/finished')).json().finished;
    expect(finished).toMatchObject([{ programmeId: 'strength-101', title: { es: 'Fuerza 101' }, classCount: 9 }]);
    // Activity lists it too, with when it ended.
    const activity = (await call(user, 'GET', '/api/v1/activity')).json();
    expect(activity.programmes).toEqual([{ id: 'strength-101', title: expect.objectContaining({ es: 'Fuerza 101' }), finishedAt: programme.following.endedAt }]);
    expect((await call(user, 'POST', '/api/v1/programmes/yoga-foundations/start', {})).statusCode).toBe(200);
  });

  it('does not count a class completed while paused', async () => {
    const user = await subscriber(t.app, 'basic');
    await call(user, 'POST', '/api/v1/programmes/yoga-foundations/start', {});
    await call(user, 'POST', '/api/v1/programmes/yoga-foundations/pause');
    await complete(user, 'sunrise-vinyasa-flow');
    expect((await detail(user, 'yoga-foundations')).following).toMatchObject({ status: 'paused', done: 0 });
    expect((await call(user, 'GET', '/api/v1/programmes/up-next')).json().upNext).toBeNull();
  });
});

describe('pause, resume, leave', () => {
  it('answers 409 to an action the programme is not in the state for, changing nothing', async () => {
    const user = await subscriber(t.app, 'basic');
    const expectConflict = async (url: string, code: string, payload?: unknown) => {
      const response = await call(user, url.endsWith('weekdays') ? 'PUT' : 'POST', url, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(code);
    };
    await expectConflict('/api/v1/programmes/core-with-pilates/pause', 'programmes.notActive');
    await expectConflict('/api/v1/programmes/core-with-pilates/resume', 'programmes.notPaused');
    await expectConflict('/api/v1/programmes/core-with-pilates/leave', 'programmes.notFollowing');
    await expectConflict('/api/v1/programmes/core-with-pilates/weekdays', 'programmes.notFollowing', { weekdays: [2, 4] });
    await call(user, 'POST', '/api/v1/programmes/core-with-pilates/start', {});
    await expectConflict('/api/v1/programmes/core-with-pilates/resume', 'programmes.notPaused');
    await expectConflict('/api/v1/programmes/yoga-foundations/pause', 'programmes.notActive');
    await call(user, 'POST', '/api/v1/programmes/core-with-pilates/pause');
    await expectConflict('/api/v1/programmes/core-with-pilates/pause', 'programmes.notActive');
    expect((await detail(user, 'core-with-pilates')).following.status).toBe('paused');
    expect((await call(user, 'POST', '/api/v1/programmes/no-such-programme/pause')).statusCode).toBe(404);
  });

  it('changes the weekdays of the sessions to come, and leaving frees the account for another', async () => {
    const user = await subscriber(t.app, 'basic');
    await call(user, 'POST', '/api/v1/programmes/core-with-pilates/start', {});
    const changed = (await call(user, 'PUT', '/api/v1/programmes/core-with-pilates/weekdays', { weekdays: [6, 7] })).json().programme;
    expect(changed.following.weekdays).toEqual([6, 7]);
    for (const week of changed.weekList) for (const c of week.classes) expect([0, 6]).toContain(new Date(`${c.plannedOn}T12:00:00Z`).getUTCDay());
    expect((await call(user, 'PUT', '/api/v1/programmes/core-with-pilates/weekdays', { weekdays: [] })).statusCode).toBe(400);
    expect((await detail(user, 'core-with-pilates')).following.weekdays).toEqual([6, 7]);

    const left = (await call(user, 'POST', '/api/v1/programmes/core-with-pilates/leave')).json().programme;
    expect(left.following).toBeNull();
    expect((await call(user, 'POST', '/api/v1/programmes/hiit-in-14-days/start', {})).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/v1/programmes/finished')).json().finished).toEqual([]);
  });
});

describe('dates in the account time zone, across a daylight-saving change', () => {
  /** Sets the account's time zone; the viewer (the account, on its owner's profile) the service is called for. */
  async function viewerIn(user: SignedUpUser, timeZone: string | null): Promise<Viewer> {
    const [row] = await t.app.db.update(users).set({ timeZone }).where(eq(users.email, user.email)).returning({ id: users.id });
    return { accountId: row!.id, profileId: await ownerProfileId(t.app, user) };
  }
  const planned = async (user: SignedUpUser, id: string) =>
    (await detail(user, id)).weekList.flatMap((w: { classes: { plannedOn: string }[] }) => w.classes.map((c) => c.plannedOn));

  it('plans from the local day, freezes on pause and moves the remaining sessions on resume (Madrid, end of March)', async () => {
    const user = await subscriber(t.app, 'basic');
    const viewer = await viewerIn(user, 'Europe/Madrid');
    // Thursday 26 March 00:30 in Madrid (still Wednesday in UTC).
    await t.app.programmes.start(viewer, 'strength-101', [1, 3, 5], new Date('2026-03-25T23:30:00Z'));
    expect(await planned(user, 'strength-101')).toEqual(['2026-03-27', '2026-03-30', '2026-04-01', '2026-04-03', '2026-04-06', '2026-04-08', '2026-04-10', '2026-04-13', '2026-04-15']);
    await t.app.programmes.classCompleted(viewer.profileId, 'bodyweight-strength', new Date('2026-03-27T08:00:00Z'));

    // The clocks go forward on Sunday 29 March. Monday 30 March 00:30 in Madrid (Sunday in UTC).
    const paused = await t.app.programmes.pause(viewer, 'strength-101', new Date('2026-03-29T22:30:00Z'));
    expect(paused.following).toMatchObject({ status: 'paused', pausedOn: '2026-03-30' });
    expect(await t.app.programmes.sessionsBetween(viewer.profileId, '2026-03-23', '2026-04-05')).toEqual([
      { date: '2026-03-27', programmeId: 'strength-101', programmeTitle: { en: 'Strength 101', es: 'Fuerza 101' }, classId: 'bodyweight-strength', classTitle: expect.objectContaining({ en: expect.any(String) }), durationSeconds: expect.any(Number), done: true },
    ]);

    // Thursday 2 April 00:30 in Madrid (Wednesday in UTC, one of the weekdays).
    await t.app.programmes.resume(viewer, 'strength-101', new Date('2026-04-01T22:30:00Z'));
    expect(await planned(user, 'strength-101')).toEqual(['2026-03-27', '2026-04-03', '2026-04-06', '2026-04-08', '2026-04-10', '2026-04-13', '2026-04-15', '2026-04-17', '2026-04-20']);
    const week = await t.app.programmes.sessionsBetween(viewer.profileId, '2026-03-30', '2026-04-05');
    expect(week.map(({ date, classId, done }) => ({ date, classId, done }))).toEqual([{ date: '2026-04-03', classId: 'upper-body-bands', done: false }]);
  });

  it('keeps the local weekdays when the clocks go back (New York, November) and falls back to UTC without a zone', async () => {
    const user = await subscriber(t.app, 'basic');
    const viewer = await viewerIn(user, 'America/New_York');
    // Saturday 31 October 23:30 in New York (Sunday 1 November in UTC); the clocks go back on 1 November.
    await t.app.programmes.start(viewer, 'yoga-foundations', [6, 7], new Date('2026-11-01T03:30:00Z'));
    expect(await planned(user, 'yoga-foundations')).toEqual(['2026-10-31', '2026-11-01', '2026-11-07', '2026-11-08', '2026-11-14', '2026-11-15']);
    await t.app.programmes.leave(viewer, 'yoga-foundations');

    await viewerIn(user, null);
    await t.app.programmes.start(viewer, 'yoga-foundations', [6, 7], new Date('2026-11-01T03:30:00Z'));
    expect((await planned(user, 'yoga-foundations'))[0]).toBe('2026-11-01');
  });
});
