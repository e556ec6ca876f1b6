// The schedule's API: the account's time zone (IANA only), planning single classes on local
// days (add, move, remove, read a week) with every bad input answered in the contract's shape and
// nothing changed, the reminders switch, and the secret calendar link with its reset.
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { classes, scheduleItems, scheduleSettings } from '@server/db/schema';
import { addDays, localParts } from '@server/modules/schedule/days';
import { hashFeedSecret, SCHEDULE_CAP } from '@server/modules/schedule/service';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(user: Pick<SignedUpUser, 'token'>, method: Method, url: string, payload?: object, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

let classIds: string[] = [];
beforeAll(async () => {
  classIds = (await t.app.db.select({ id: classes.id }).from(classes).orderBy(asc(classes.id)).limit(2)).map((row) => row.id);
});

const today = (timeZone: string) => localParts(new Date(), timeZone).date;

/** The schedule of the owner's profile of the account with this address. */
async function itemsOf(email: string) {
  return t.app.db.select().from(scheduleItems).where(eq(scheduleItems.profileId, await ownerProfileId(t.app, { email })));
}

async function userWithZone(timeZone = 'Europe/Madrid') {
  const user = await signUp(t.app);
  expect((await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone })).statusCode).toBe(200);
  return user;
}

describe('time zone', () => {
  it('is null until asked, then kept in its canonical spelling', async () => {
    const user = await signUp(t.app);
    const before = await call(user, 'GET', '/api/v1/schedule/settings');
    expect(before.json()).toMatchObject({ timeZone: null, reminders: false, hasFeedLink: false });
    const saved = await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone: 'america/new_york' });
    expect(saved.json()).toMatchObject({ isSuccess: true, timeZone: 'America/New_York' });
    expect((await call(user, 'GET', '/api/v1/schedule/settings')).json().timeZone).toBe('America/New_York');
  });

  it.each(['Mars/Olympus_Mons', '+01:00', 'GMT+1', 'Europe/', ''])('refuses %j (400) and keeps the zone', async (timeZone) => {
    const user = await userWithZone('Asia/Tokyo');
    const response = await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone }, 'es');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400 });
    expect((await call(user, 'GET', '/api/v1/schedule/settings')).json().timeZone).toBe('Asia/Tokyo');
  });

  it('answers in the language asked for', async () => {
    const user = await signUp(t.app);
    const response = await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone: 'Nowhere/Land' }, 'es');
    expect(response.json()).toMatchObject({ code: 'schedule.timeZoneInvalid', message: expect.stringContaining('zona horaria') });
  });
});

describe('planning classes', () => {
  it('adds, reads in the week, moves and removes a class', async () => {
    const user = await userWithZone();
    const day = addDays(today('Europe/Madrid'), 2);
    const added = await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: day, time: '07:30' });
    expect(added.statusCode).toBe(201);
    const item = added.json().item;
    expect(item).toMatchObject({ kind: 'class', date: day, time: '07:30', classId: classIds[0], done: false });
    expect(item.classTitle.en.length).toBeGreaterThan(0);

    const week = await call(user, 'GET', `/api/v1/schedule?from=${day}&to=${addDays(day, 6)}`);
    expect(week.json()).toMatchObject({ timeZone: 'Europe/Madrid', today: today('Europe/Madrid') });
    expect(week.json().items.map((entry: { id: string }) => entry.id)).toEqual([item.id]);

    const later = addDays(day, 3);
    const moved = await call(user, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: later, time: null });
    expect(moved.json().item).toMatchObject({ id: item.id, date: later, time: null });

    expect((await call(user, 'DELETE', `/api/v1/schedule/items/${item.id}`)).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/v1/schedule?from=${day}&to=${addDays(day, 6)}`)).json().items).toEqual([]);
  });

  it('plans today and a year ahead, not yesterday nor a year and a day ahead', async () => {
    const user = await userWithZone('Pacific/Kiritimati');
    const local = today('Pacific/Kiritimati');
    const at = (date: string) => call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date });
    expect((await at(local)).statusCode).toBe(201);
    expect((await at(addDays(local, 365))).statusCode).toBe(201);
    const past = await at(addDays(local, -1));
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('schedule.dateInPast');
    const far = await at(addDays(local, 366));
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('schedule.dateTooFar');
    expect(await itemsOf(user.email)).toHaveLength(2);
  });

  it('refuses an unknown class (404), a day that does not exist and a bad time (400), changing nothing', async () => {
    const user = await userWithZone();
    const day = addDays(today('Europe/Madrid'), 1);
    const unknown = await call(user, 'POST', '/api/v1/schedule/items', { classId: 'no-such-class', date: day });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('schedule.classNotFound');
    const year = Number(day.slice(0, 4)) + 1;
    const feb30 = await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: `${year}-02-30` });
    expect(feb30.statusCode).toBe(400);
    const badTime = await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: day, time: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(await itemsOf(user.email)).toHaveLength(0);
  });

  it(`refuses more than ${SCHEDULE_CAP} items from today on (409)`, async () => {
    const user = await userWithZone();
    const profileId = await ownerProfileId(t.app, user);
    const start = addDays(today('Europe/Madrid'), 1);
    await t.app.db
      .insert(scheduleItems)
      .values(Array.from({ length: SCHEDULE_CAP - 1 }, (_, i) => ({ profileId, classId: classIds[0]!, localDate: addDays(start, i % 300) })));
    expect((await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[1], date: start })).statusCode).toBe(201);
    const full = await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[1], date: start });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'schedule.full', message: expect.stringContaining(String(SCHEDULE_CAP)) });
    expect(await itemsOf(user.email)).toHaveLength(SCHEDULE_CAP);
  });

  it("someone else's item is a 404 for moving and removing, and stays as it was", async () => {
    const owner = await userWithZone();
    const other = await userWithZone();
    const day = addDays(today('Europe/Madrid'), 4);
    const item = (await call(owner, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: day })).json().item;
    const move = await call(other, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: addDays(day, 1) });
    expect(move.statusCode).toBe(404);
    expect(move.json().code).toBe('schedule.itemNotFound');
    expect((await call(other, 'DELETE', `/api/v1/schedule/items/${item.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/v1/schedule?from=${day}&to=${day}`)).json().items).toEqual([]);
    expect((await itemsOf(owner.email)).map((row) => row.localDate)).toEqual([day]);
  });

  it('moving to a past day is refused and keeps the item', async () => {
    const user = await userWithZone();
    const day = addDays(today('Europe/Madrid'), 1);
    const item = (await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: day })).json().item;
    const response = await call(user, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: addDays(day, -5) });
    expect(response.statusCode).toBe(400);
    expect((await itemsOf(user.email))[0]!.localDate).toBe(day);
  });

  it('a range longer than 62 days, or backwards, is a 400', async () => {
    const user = await userWithZone();
    const day = today('Europe/Madrid');
    expect((await call(user, 'GET', `/api/v1/schedule?from=${day}&to=${addDays(day, 62)}`)).statusCode).toBe(400);
    expect((await call(user, 'GET', `/api/v1/schedule?from=${day}&to=${addDays(day, -1)}`)).statusCode).toBe(400);
    expect((await call(user, 'GET', `/api/v1/schedule?from=${day}&to=${addDays(day, 61)}`)).statusCode).toBe(200);
  });

  it('needs a signed-in account', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/schedule/settings' });
    expect(response.statusCode).toBe(401);
  });
});

describe('reminders switch and calendar link', () => {
  it('reminders are off until switched on, and can be switched off again', async () => {
    const user = await signUp(t.app);
    expect((await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: true })).json()).toMatchObject({ reminders: true });
    expect((await call(user, 'GET', '/api/v1/schedule/settings')).json().reminders).toBe(true);
    expect((await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: false })).json()).toMatchObject({ reminders: false });
    expect((await call(user, 'GET', '/api/v1/schedule/settings')).json().reminders).toBe(false);
  });

  it('the link is shown once (https and webcal), only its hash is stored, and a reset ends the old one at once', async () => {
    const user = await userWithZone();
    const first = (await call(user, 'POST', '/api/v1/schedule/feed-link')).json();
    expect(first.webcalUrl).toBe(first.url.replace(/^https?:/, 'webcal:'));
    const secret = /\/feed\/([^/]+)\.ics$/.exec(first.url)![1]!;
    const [settings] = await t.app.db.select().from(scheduleSettings).where(eq(scheduleSettings.profileId, await ownerProfileId(t.app, user)));
    expect(settings!.feedSecretHash).toBe(hashFeedSecret(secret));
    expect(JSON.stringify(settings)).not.toContain(secret);
    expect((await call(user, 'GET', '/api/v1/schedule/settings')).json().hasFeedLink).toBe(true);

    const path = new URL(first.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const second = (await call(user, 'POST', '/api/v1/schedule/feed-link')).json();
    expect(second.url).not.toBe(first.url);
    const old = await t.app.inject({ method: 'GET', url: path });
    expect(old.statusCode).toBe(404);
    expectContract(old, 'GET', '/api/v1/schedule/feed/{feedFile}');
    expect((await t.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(200);
  });

  it('an unknown or malformed secret is a 404', async () => {
    for (const file of ['nope.ics', `${'A'.repeat(43)}.ics`, 'x']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/schedule/feed/${file}` });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('account deletion', () => {
  it('erases the schedule and the calendar link answers 404', async () => {
    const user = await userWithZone();
    await call(user, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: addDays(today('Europe/Madrid'), 1) });
    const { url } = (await call(user, 'POST', '/api/v1/schedule/feed-link')).json<{ url: string }>();
    const profileId = await ownerProfileId(t.app, user);
    expect(await t.app.db.select().from(scheduleItems).where(eq(scheduleItems.profileId, profileId))).toHaveLength(1);
    const response = await call(user, 'POST', '/api/v1/account/delete', { password: user.password });
    expect(response.statusCode).toBe(200);
    expect(await t.app.db.select().from(scheduleItems).where(eq(scheduleItems.profileId, profileId))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
  });
});
