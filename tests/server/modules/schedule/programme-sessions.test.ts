// A followed programme's sessions are part of the schedule: the week view lists them on their
// days (kind 'programme', with the programme's title), and the calendar feed has an event for
// each, read back with an independent iCalendar parser, and the morning reminder goes out for a
// day with only a session. Leaving the programme takes them away.
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { expectContract, testAppForFile, type SignedUpUser } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { subscriber } from '../../fixtures/playback';
import { addDays } from '@server/modules/schedule/days';
import { queueDueReminders } from '@server/modules/schedule/reminders';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function call(user: SignedUpUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

interface WeekItem {
  kind: string;
  date: string;
  classId: string;
  classTitle: { en: string };
  programmeId?: string;
  programmeTitle?: { en: string };
}

describe('a programme on the schedule', () => {
  it('lists the sessions in the week and the feed, and not after leaving', async () => {
    const user = await subscriber(t.app, 'basic');
    const started = await call(user, 'POST', '/api/v1/programmes/strength-101/start', { weekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect(started.statusCode).toBe(200);
    const first = await call(user, 'GET', '/api/v1/schedule?from=2000-01-01&to=2000-01-01');
    const today = first.json<{ today: string }>().today;

    const week = (await call(user, 'GET', `/api/v1/schedule?from=${today}&to=${addDays(today, 6)}`)).json<{ items: WeekItem[] }>();
    const sessions = week.items.filter((item) => item.kind === 'programme');
    // Every day of the week chosen: one session a day from today.
    expect(sessions.map((item) => item.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)));
    expect(new Set(sessions.map((item) => item.programmeId))).toEqual(new Set(['strength-101']));
    expect(sessions[0]!.programmeTitle?.en).toBe('Strength 101');

    const { url } = (await call(user, 'POST', '/api/v1/schedule/feed-link')).json<{ url: string }>();
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
    const summaries = events.map((event) => String(event.getFirstPropertyValue('summary')));
    expect(summaries).toContain(sessions[0]!.classTitle.en);
    expect(events.length).toBeGreaterThanOrEqual(9);

    // Tomorrow at 07:00 (UTC: the account has no zone): a reminder for the session alone.
    expect((await call(user, 'PUT', '/api/v1/schedule/reminders', { enabled: true })).statusCode).toBe(200);
    const morning = new Date(`${addDays(today, 1)}T07:00:00Z`);
    expect(await queueDueReminders(t.app.db, morning, t.config.publicUrl, t.app.programmes)).toBe(1);

    expect((await call(user, 'POST', '/api/v1/programmes/strength-101/leave')).statusCode).toBe(200);
    const after = (await call(user, 'GET', `/api/v1/schedule?from=${today}&to=${addDays(today, 6)}`)).json<{ items: WeekItem[] }>();
    expect(after.items.filter((item) => item.kind === 'programme')).toEqual([]);
  });
});
