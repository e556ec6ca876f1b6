// "Download my data" holds no live secret (issue 22, item 1): a stolen access token must not
// become a new password or a sign-in through the export. Every token-like string in it is tried
// against reset-password and the link exchange, after a reset link and a sign-in link were made.
import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { classes } from '@server/db/schema';
import { addDays, localParts } from '@server/modules/schedule/days';
import { signUp, testAppForFile } from '../harness';
import { call, exchangeLink, forgotPassword, mintLink, resetPassword, roomyLimits } from './shared';

const t = testAppForFile({ rateLimits: roomyLimits });

/** Every string in the document, and every run of token characters inside one (a link's query). */
function tokenLikeStrings(document: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 16) found.add(value);
      for (const match of value.matchAll(/[A-Za-z0-9_-]{16,}/g)) found.add(match[0]);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(document);
  return [...found];
}

describe('GET /api/v1/account/export', () => {
  it('holds no reset link, sign-in link, refresh or access token: none of its strings resets the password or signs in', async () => {
    const user = await signUp(t.app);
    await forgotPassword(t.app, user.email);
    const link = await mintLink(t.app, user);

    const response = await call(t.app, user, 'GET', '/api/v1/account/export');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ emails: Array<{ template: string; params: Record<string, unknown> }> }>();
    // The reset email is listed, without its link.
    expect(data.emails.find((mail) => mail.template === 'passwordReset')).toMatchObject({ params: { minutes: 30 } });
    expect(response.body).not.toContain('reset-password?token=');
    expect(response.body).not.toContain(link);
    expect(response.body).not.toContain(user.token);
    expect(response.body).not.toContain(user.cookie.slice('fs_refresh='.length));

    const candidates = tokenLikeStrings(data);
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      const reset = await resetPassword(t.app, candidate);
      expect(reset.statusCode, `reset-password accepted "${candidate}" from the export`).toBeGreaterThanOrEqual(400);
      const exchanged = await exchangeLink(t.app, candidate);
      expect(exchanged.statusCode, `the link exchange accepted "${candidate}" from the export`).toBeGreaterThanOrEqual(400);
    }
    // The owner's own link still works: the export spent nothing.
    expect((await exchangeLink(t.app, link)).statusCode).toBe(200);
    // Every id-like string of the export is tried twice: with a profile's ids too, more than the default 30 s on a busy machine.
  }, 90_000);

  it("holds what the account saved, planned and chose, without the calendar feed's secret", async () => {
    const user = await signUp(t.app);
    const [first] = await t.app.db.select({ id: classes.id }).from(classes).orderBy(asc(classes.id)).limit(1);
    const classId = first!.id;
    expect((await call(t.app, user, 'PUT', `/api/v1/favourites/${classId}`)).statusCode).toBe(200)
    const tomorrow = addDays(localParts(new Date(), 'UTC').date, 1);
    expect((await call(t.app, user, 'POST', '/api/v1/schedule/items', { classId, date: tomorrow, time: '07:30' })).statusCode).toBe(201);
    const feed = (await call(t.app, user, 'POST', '/api/v1/schedule/feed-link')).json<{ url: string }>()
    expect((await call(t.app, user, 'PUT', '/api/v1/account/notifications', { enabled: true, disciplines: ['yoga'] })).statusCode).toBe(200);

    const response = await call(t.app, user, 'GET', '/api/v1/account/export');
    // Format 2 (decision 064): what a person trained with is under their profile, here the owner's, the only one.
    const [data, ...others] = response.json().profiles;
    expect(others).toEqual([]);
    expect(data.owner).toBe(true);
    expect(data.favourites).toEqual([expect.objectContaining({ classId })]);
    expect(data.schedule).toMatchObject({ items: [expect.objectContaining({ classId, localDate: tomorrow })], reminders: false, calendarFeedLink: true });
    expect(data.newClassNotifications).toMatchObject({ disciplines: ['yoga'] });
    expect(data.completions).toEqual([]);
    expect(data.programmes).toEqual([]);
    const secret = new URL(feed.url).pathname.split('/').pop()!.replace(/\.ics$/, '');
    expect(secret.length).toBeGreaterThan(16);
    expect(response.body).not.toContain(secret);
  });
});
