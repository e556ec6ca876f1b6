// The calendar feed, read back with an independent iCalendar parser (ical.js): one VEVENT per
// planned item with a stable UID, its start and end in the account's time zone (TZID), the class
// title and a link to the class; across a daylight-saving change too. And the morning reminders,
// with the clock given: at 07:00 local, in the account's language, once per account and day even
// with two apps on one database, none for a day already done, none when switched off.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ICAL from 'ical.js';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { classes, classProgress, mailOutbox, users } from '@server/db/schema';
import { addDays, instantOf, localParts } from '@server/modules/schedule/days';
import { queueDueReminders } from '@server/modules/schedule/reminders';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

interface CatalogClass {
  id: string;
  title: { en: string; es: string };
  durationSeconds: number;
}
let catalog: CatalogClass[] = [];
beforeAll(async () => {
  catalog = await t.app.db.select({ id: classes.id, title: classes.title, durationSeconds: classes.durationSeconds }).from(classes).orderBy(asc(classes.id)).limit(2);
});

async function account(timeZone: string, language: 'en' | 'es' = 'en') {
  const user = await signUp(t.app);
  await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone });
  if (language !== 'en') await call(user, 'PUT', '/api/v1/account/language', { language });
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  return { ...user, id: row!.id, profileId: await ownerProfileId(t.app, user) };
}

const plan = async (user: SignedUpUser, classId: string, date: string, time?: string) =>
  (await call(user, 'POST', '/api/v1/schedule/items', { classId, date, ...(time ? { time } : {}) })).json().item as { id: string };

async function feedOf(user: SignedUpUser) {
  const { url } = (await call(user, 'POST', '/api/v1/schedule/feed-link')).json<{ url: string }>();
  // No cookie, no authorization: what a calendar app sends.
  const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return { body: response.body, url, events: calendar.getAllSubcomponents('vevent'), timezones: calendar.getAllSubcomponents('vtimezone') };
}

const byUid = (events: ICAL.Component[], uid: string) => events.find((event) => String(event.getFirstPropertyValue('uid')).startsWith(uid))!;

describe('calendar feed', () => {
  it('has one event per item: stable UID, start and end in the account zone, title and class link', async () => {
    const user = await account('America/New_York');
    const day = addDays(localParts(new Date(), 'America/New_York').date, 3);
    const timed = await plan(user, catalog[0]!.id, day, '18:15');
    const untimed = await plan(user, catalog[1]!.id, addDays(day, 1));
    const { events, body } = await feedOf(user);
    expect(events).toHaveLength(2);

    const event = byUid(events, timed.id);
    const start = event.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    expect(String(start.getFirstValue())).toBe(`${day}T18:15:00`);
    const end = event.getFirstProperty('dtend')!;
    expect(end.getParameter('tzid')).toBe('America/New_York');
    const endAt = new Date(Date.parse(`${day}T18:15:00Z`) + catalog[0]!.durationSeconds * 1000);
    expect(String(end.getFirstValue())).toBe(endAt.toISOString().slice(0, 19));
    expect(event.getFirstPropertyValue('summary')).toBe(catalog[0]!.title.en);
    expect(event.getFirstPropertyValue('url')).toBe(`${t.config.publicUrl}/classes/${catalog[0]!.id}`);

    const allDay = byUid(events, untimed.id);
    expect(allDay.getFirstProperty('dtstart')!.type).toBe('date');
    expect(String(allDay.getFirstPropertyValue('dtstart'))).toBe(addDays(day, 1));

    // Nothing else about the account.
    expect(body).not.toContain(user.email);
    // The UID stays across reads (a calendar app updates the event instead of adding one).
    const again = await feedOf(user);
    expect(byUid(again.events, timed.id).getFirstPropertyValue('uid')).toBe(event.getFirstPropertyValue('uid'));
  });

  it('titles follow the account language; a move changes the event, not its UID', async () => {
    const user = await account('Europe/Madrid', 'es');
    const day = addDays(localParts(new Date(), 'Europe/Madrid').date, 5);
    const item = await plan(user, catalog[0]!.id, day, '09:00');
    await call(user, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: addDays(day, 1), time: '10:30' });
    const { events } = await feedOf(user);
    const event = byUid(events, item.id);
    expect(event.getFirstPropertyValue('summary')).toBe(catalog[0]!.title.es);
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe(`${addDays(day, 1)}T10:30:00`);
  });

  it('is the same text while nothing it shows changes, and shows a move, the language or the zone at once', async () => {
    const user = await account('Europe/Madrid');
    const day = addDays(localParts(new Date(), 'Europe/Madrid').date, 4);
    const item = await plan(user, catalog[0]!.id, day, '09:00');
    const stamp = (events: ICAL.Component[]) => String(byUid(events, item.id).getFirstPropertyValue('dtstamp'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const first = await feedOf(user);
      // A minute later, nothing planned changed: the same feed, made when it was first made.
      vi.setSystemTime(Date.now() + 60_000);
      const same = await feedOf(user);
      expect(same.body).toBe(first.body);

      vi.setSystemTime(Date.now() + 60_000);
      await call(user, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: day, time: '10:30' });
      const moved = await feedOf(user);
      expect(String(byUid(moved.events, item.id).getFirstPropertyValue('dtstart'))).toBe(`${day}T10:30:00`);
      expect(stamp(moved.events)).not.toBe(stamp(first.events));

      await call(user, 'PUT', '/api/v1/account/language', { language: 'es' });
      expect(byUid((await feedOf(user)).events, item.id).getFirstPropertyValue('summary')).toBe(catalog[0]!.title.es);
      await call(user, 'PUT', '/api/v1/account/time-zone', { timeZone: 'America/New_York' });
      expect(byUid((await feedOf(user)).events, item.id).getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the local time across a daylight-saving change (Europe/Madrid, 28 March 2027)', async () => {
    const user = await account('Europe/Madrid');
    const before = await plan(user, catalog[0]!.id, '2027-03-27', '09:00');
    const after = await plan(user, catalog[0]!.id, '2027-03-28', '09:00');
    const { events } = await feedOf(user);
    for (const [item, date] of [
      [before, '2027-03-27'],
      [after, '2027-03-28'],
    ] as const) {
      const start = byUid(events, item.id).getFirstProperty('dtstart')!;
      expect(start.getParameter('tzid')).toBe('Europe/Madrid');
      expect(String(start.getFirstValue())).toBe(`${date}T09:00:00`);
    }
  });
});

describe('calendar feed time zones', () => {
  // Strict clients (Outlook) misplace a DTSTART;TZID=… whose zone the feed does not define.
  // Asia/Kolkata: the runtime spells it Asia/Calcutta, which the VTIMEZONE has to follow.
  it.each(['Europe/Madrid', 'America/New_York', 'Asia/Kolkata'])('defines the TZID it uses (%s) in a VTIMEZONE that places the start at the right instant', async (zoneName) => {
    const user = await account(zoneName);
    const summer = await plan(user, catalog[0]!.id, '2027-07-01', '09:00');
    const winter = await plan(user, catalog[0]!.id, '2027-01-11', '09:00');
    await plan(user, catalog[1]!.id, '2027-07-02');
    const { events, timezones } = await feedOf(user);
    const tzid = byUid(events, summer.id).getFirstProperty('dtstart')!.getParameter('tzid');
    expect(timezones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([tzid]);
    const zone = new ICAL.Timezone(timezones[0]!);
    for (const [item, date] of [
      [summer, '2027-07-01'],
      [winter, '2027-01-11'],
    ] as const) {
      const start = byUid(events, item.id).getFirstProperty('dtstart')!;
      expect(start.getParameter('tzid')).toBe(tzid);
      const time = (start.getFirstValue() as ICAL.Time).clone();
      time.zone = zone;
      expect(time.toJSDate().getTime()).toBe(instantOf(date, '09:00', zoneName).getTime());
    }
  });
});

async function remindersTo(email: string) {
  return t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'scheduleReminder')));
}

describe('morning reminders', () => {
  it('go out at 07:00 local, once per day, even with two apps on one database, in the account language', async () => {
    const user = await account('Europe/Madrid', 'es');
    await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: true });
    const day = addDays(localParts(new Date(), 'Europe/Madrid').date, 3);
    await plan(user, catalog[0]!.id, day, '18:00');
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const sevenLocal = (minutes: number) => {
      // 07:00 in Madrid is 06:00 UTC in winter, 05:00 UTC in summer.
      const offsetHours = localParts(new Date(Date.UTC(year, month - 1, date, 12)), 'Europe/Madrid').time === '13:00' ? 1 : 2;
      return new Date(Date.UTC(year, month - 1, date, 7 - offsetHours, minutes));
    };

    expect(await queueDueReminders(t.app.db, sevenLocal(-1), t.config.publicUrl, t.app.programmes)).toBe(0);
    const second = await buildApp(t.config, { db: t.app.db, logger: false });
    try {
      const counts = await Promise.all([
        queueDueReminders(t.app.db, sevenLocal(0), t.config.publicUrl, t.app.programmes),
        queueDueReminders(second.db, sevenLocal(0), t.config.publicUrl, second.programmes),
        queueDueReminders(second.db, sevenLocal(30), t.config.publicUrl, second.programmes),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await second.close();
    }
    const mails = await remindersTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('es');
    expect(mails[0]!.params).toMatchObject({ date: day, titles: [catalog[0]!.title.es], classLink: `${t.config.publicUrl}/classes/${catalog[0]!.id}` });
  });

  it('none for a day already done, none when switched off, none for a day with nothing planned', async () => {
    const done = await account('UTC');
    const off = await account('UTC');
    const empty = await account('UTC');
    for (const user of [done, empty]) await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: true });
    const day = addDays(localParts(new Date(), 'UTC').date, 4);
    await plan(done, catalog[0]!.id, day);
    await plan(off, catalog[0]!.id, day);
    await plan(empty, catalog[0]!.id, addDays(day, 1));
    const morning = new Date(`${day}T07:10:00Z`);
    await t.app.db.insert(classProgress).values({ profileId: done.profileId, classId: catalog[0]!.id, positionSeconds: 999, completedAt: new Date(`${day}T06:30:00Z`) });
    await queueDueReminders(t.app.db, morning, t.config.publicUrl, t.app.programmes);
    for (const user of [done, off, empty]) expect(await remindersTo(user.email)).toHaveLength(0);
    // The week view shows that day as done too.
    const week = await call(done, 'GET', `/api/v1/schedule?from=${day}&to=${day}`);
    expect(week.json().items[0].done).toBe(true);
  });

  it('follow the daylight-saving change: 07:00 CEST on 28 March 2027 is 05:00 UTC', async () => {
    const user = await account('Europe/Madrid');
    await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: true });
    await plan(user, catalog[0]!.id, '2027-03-27');
    await plan(user, catalog[0]!.id, '2027-03-28');
    // Saturday, still CET (UTC+1): 05:30 UTC is 06:30 local, 06:00 UTC is 07:00.
    expect(await queueDueReminders(t.app.db, new Date('2027-03-27T05:30:00Z'), t.config.publicUrl, t.app.programmes)).toBe(0);
    expect(await queueDueReminders(t.app.db, new Date('2027-03-27T06:00:00Z'), t.config.publicUrl, t.app.programmes)).toBe(1);
    // Sunday, CEST (UTC+2) from 02:00: 04:59 UTC is 06:59 local, 05:00 UTC is 07:00.
    expect(await queueDueReminders(t.app.db, new Date('2027-03-28T04:59:00Z'), t.config.publicUrl, t.app.programmes)).toBe(0);
    expect(await queueDueReminders(t.app.db, new Date('2027-03-28T05:00:00Z'), t.config.publicUrl, t.app.programmes)).toBe(1);
    expect((await remindersTo(user.email)).map((mail) => (mail.params as { date: string }).date).sort()).toEqual(['2027-03-27', '2027-03-28']);
  });
});
