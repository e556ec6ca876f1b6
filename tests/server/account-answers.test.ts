// Each account's kept answers (server/db/account-answers.ts, decision 045): the home's three
// calls, the calendar feed and /activity come from memory, so each test changes what one of
// them shows and reads again: the account's own write shows at once, any other writer's (SQL
// here, another instance on PostgreSQL) when its notification arrives, and time alone (a day
// ending in the account's zone) with no write at all. The unit tests check the bound and that
// a load overtaken by a change is never kept.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountAnswers } from '@server/db/account-answers';
import { classCompletions } from '@server/db/schema';
import { createTestApp, expectContract, signUp, testAppForFile, TEST_PASSWORD, type SignedUpUser, type TestApp } from './harness';
import { authorization, roomyRateLimits } from './fixtures/payments-flow';
import { setSubscription, subscriber } from './fixtures/playback';
import { ownerProfileId, ownerProfileName } from './fixtures/profiles';
import type { FastifyInstance } from 'fastify';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function call(app: FastifyInstance, user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method, url, headers: authorization(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

const home = async (app: FastifyInstance, user: SignedUpUser) => (await call(app, user, 'POST', '/api/v1/payments/home', {})).json();
const classesHome = async (app: FastifyInstance, user: SignedUpUser) => (await call(app, user, 'GET', '/api/v1/classes/home')).json();
const upNext = async (app: FastifyInstance, user: SignedUpUser) => (await call(app, user, 'GET', '/api/v1/programmes/up-next')).json().upNext;
const activity = async (app: FastifyInstance, user: SignedUpUser) => (await call(app, user, 'GET', '/api/v1/activity')).json();
const feed = async (app: FastifyInstance, path: string) => app.inject({ method: 'GET', url: path });

async function feedLink(app: FastifyInstance, user: SignedUpUser): Promise<string> {
  return new URL((await call(app, user, 'POST', '/api/v1/schedule/feed-link')).json().url).pathname;
}

/** A local date some days after the account's today (UTC accounts here). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the home calls', () => {
  it('payments/home: a new name at once, a subscription ended by another writer when the database tells', async () => {
    const user = await subscriber(t.app, 'standard');
    // The person training's name: the owner's profile's, the address's local part until named (decision 064).
    expect(await home(t.app, user)).toMatchObject({ name: ownerProfileName(user), hasSubscription: true });
    await call(t.app, user, 'POST', '/api/v1/users/details', { name: 'Ana Pérez' });
    expect((await home(t.app, user)).name).toBe('Ana Pérez');
    await setSubscription(t.app, user, { status: 'canceled' });
    await expect.poll(async () => (await home(t.app, user)).hasSubscription).toBe(false);
  });

  it('classes/home: progress at once, a class renamed and access lost when the database tells', async () => {
    const user = await subscriber(t.app, 'standard');
    const before = await classesHome(t.app, user);
    expect(before.canPlay).toBe(true);
    expect(before.continueWatching).toEqual([]);
    await call(t.app, user, 'PUT', '/api/v1/playback/progress/morning-mobility', { position_seconds: 60 });
    expect((await classesHome(t.app, user)).continueWatching.map((c: { id: string }) => c.id)).toEqual(['morning-mobility']);

    await t.app.db.execute(sql`UPDATE classes SET title = jsonb_set(title, '{en}', '"Mobility, renamed"') WHERE id = 'morning-mobility'`);
    await expect.poll(async () => (await classesHome(t.app, user)).continueWatching[0]?.title.en).toBe('Mobility, renamed');
    await setSubscription(t.app, user, { status: 'past_due' });
    await expect.poll(async () => (await classesHome(t.app, user)).canPlay).toBe(false);
  });

  it('programmes/up-next: start, pause, resume, a completion, new weekdays and leave each show at once', async () => {
    const user = await subscriber(t.app, 'standard');
    expect(await upNext(t.app, user)).toBeNull();
    await call(t.app, user, 'POST', '/api/v1/programmes/yoga-foundations/start', { weekdays: [1, 3, 5] });
    const first = await upNext(t.app, user);
    expect(first).toMatchObject({ programme: { id: 'yoga-foundations' }, done: 0 });
    await call(t.app, user, 'POST', '/api/v1/programmes/yoga-foundations/pause');
    expect(await upNext(t.app, user)).toBeNull();
    await call(t.app, user, 'POST', '/api/v1/programmes/yoga-foundations/resume');
    expect((await upNext(t.app, user)).class.id).toBe(first.class.id);

    await call(t.app, user, 'PUT', `/api/v1/playback/progress/${first.class.id}`, { position_seconds: 3600 });
    const second = await upNext(t.app, user);
    expect(second.done).toBe(1);
    expect(second.class.id).not.toBe(first.class.id);

    await call(t.app, user, 'PUT', '/api/v1/programmes/yoga-foundations/weekdays', { weekdays: [2, 4, 6] });
    const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    expect([2, 4, 6]).toContain(isoWeekday((await upNext(t.app, user)).plannedOn));
    await call(t.app, user, 'POST', '/api/v1/programmes/yoga-foundations/leave');
    expect(await upNext(t.app, user)).toBeNull();
  });
});

describe('/activity', () => {
  it('shows a goal, a completion and a new time zone at once, and a completion written elsewhere when the database tells', async () => {
    const user = await subscriber(t.app, 'standard');
    const before = await activity(t.app, user);
    expect(before).toMatchObject({ goal: null, allTime: { classes: 0 }, timeZone: 'UTC' });
    await call(t.app, user, 'PUT', '/api/v1/activity/goal', { kind: 'classes', target: 3 });
    expect((await activity(t.app, user)).goal).toEqual({ kind: 'classes', target: 3 });
    await call(t.app, user, 'PUT', '/api/v1/playback/progress/morning-mobility', { position_seconds: 3600 });
    expect((await activity(t.app, user)).allTime.classes).toBe(1);
    await call(t.app, user, 'PUT', '/api/v1/account/time-zone', { timeZone: 'Asia/Tokyo' });
    expect((await activity(t.app, user)).timeZone).toBe('Asia/Tokyo');

    await t.app.db.insert(classCompletions).values({ profileId: await ownerProfileId(t.app, user), classId: 'glutes-and-legs', completedAt: new Date(), localDate: dayAhead(0), minutes: 30 });
    await expect.poll(async () => (await activity(t.app, user)).allTime.classes).toBe(2);
  });
});

describe('the calendar feed', () => {
  it('shows an added, moved and removed item and a new language at once', async () => {
    const user = await signUp(t.app);
    const path = await feedLink(t.app, user);
    expect((await feed(t.app, path)).body).not.toContain('BEGIN:VEVENT');
    const item = (await call(t.app, user, 'POST', '/api/v1/schedule/items', { classId: 'morning-mobility', date: dayAhead(3), time: '07:30' })).json().item;
    expect((await feed(t.app, path)).body).toContain(`UID:${item.id}@`);
    await call(t.app, user, 'PATCH', `/api/v1/schedule/items/${item.id}`, { date: dayAhead(4), time: '18:15' });
    expect((await feed(t.app, path)).body).toContain(`${dayAhead(4).replaceAll('-', '')}T181500`);
    await call(t.app, user, 'PUT', '/api/v1/account/language', { language: 'es' });
    expect((await feed(t.app, path)).body).toContain('FitStream: mi agenda');
    await call(t.app, user, 'DELETE', `/api/v1/schedule/items/${item.id}`);
    expect((await feed(t.app, path)).body).not.toContain(`UID:${item.id}@`);
  });

  it('a reset link answers 404 at once, the new one answers; a deleted account’s answers 404 at once', async () => {
    const user = await signUp(t.app);
    const old = await feedLink(t.app, user);
    expect((await feed(t.app, old)).statusCode).toBe(200);
    const renewed = await feedLink(t.app, user);
    expect((await feed(t.app, old)).statusCode).toBe(404);
    expect((await feed(t.app, renewed)).statusCode).toBe(200);
    await call(t.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD });
    expect((await feed(t.app, renewed)).statusCode).toBe(404);
  });

  it('a link reset by another writer answers 404 when the database tells', async () => {
    const user = await signUp(t.app);
    const path = await feedLink(t.app, user);
    expect((await feed(t.app, path)).statusCode).toBe(200);
    await t.app.db.execute(sql`UPDATE schedule_settings SET feed_secret_hash = 'reset elsewhere' WHERE profile_id = ${await ownerProfileId(t.app, user)}`);
    await expect.poll(async () => (await feed(t.app, path)).statusCode).toBe(404);
  });
});

describe('time alone', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new day and week in the account’s zone show in /activity with no write', async () => {
    // The Sunday after next, 23:59 in Tokyo (14:59 UTC), a minute before Monday there.
    const sunday = new Date();
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7) + 7);
    sunday.setUTCHours(14, 59, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: sunday });
    const user = await signUp(t.app);
    await call(t.app, user, 'PUT', '/api/v1/account/time-zone', { timeZone: 'Asia/Tokyo' });
    const sundayDate = sunday.toISOString().slice(0, 10);
    const mondayDate = new Date(sunday.getTime() + 86_400_000).toISOString().slice(0, 10);
    const before = await activity(t.app, user);
    expect(before.today).toBe(sundayDate);
    expect(before.thisWeek.weekStart).not.toBe(mondayDate);

    vi.setSystemTime(sunday.getTime() + 2 * 60_000);
    const after = await activity(t.app, user);
    expect(after.today).toBe(mondayDate);
    expect(after.thisWeek.weekStart).toBe(mondayDate);
  });

  it('the feed drops an item once its day leaves the window, with no write', async () => {
    const start = new Date();
    start.setUTCHours(23, 59, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const user = await signUp(t.app);
    const path = await feedLink(t.app, user);
    const today = start.toISOString().slice(0, 10);
    const item = (await call(t.app, user, 'POST', '/api/v1/schedule/items', { classId: 'morning-mobility', date: today, time: '07:30' })).json().item;
    expect((await feed(t.app, path)).body).toContain(`UID:${item.id}@`);
    // 31 days later the item is the window's first day; a day more and it has left.
    vi.setSystemTime(start.getTime() + 31 * 86_400_000);
    expect((await feed(t.app, path)).body).toContain(`UID:${item.id}@`);
    vi.setSystemTime(start.getTime() + 31 * 86_400_000 + 2 * 60_000);
    expect((await feed(t.app, path)).body).not.toContain(`UID:${item.id}@`);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ rateLimits: roomyRateLimits });
    second = await createTestApp({ rateLimits: roomyRateLimits, databaseUrl: first.config.databaseUrl, jwtSecret: first.config.jwtSecret });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('each call read on one instance shows a write on the other when the notification arrives', async () => {
    const user = await subscriber(first.app, 'standard');
    const path = await feedLink(first.app, user);
    // Kept on the second instance first: the owner's profile named from the address (decision 064).
    expect((await home(second.app, user)).name).toBe(user.email.split('@')[0]);
    expect((await classesHome(second.app, user)).continueWatching).toEqual([]);
    expect(await upNext(second.app, user)).toBeNull();
    expect((await activity(second.app, user)).goal).toBeNull();
    expect((await feed(second.app, path)).statusCode).toBe(200);

    await call(first.app, user, 'POST', '/api/v1/users/details', { name: 'Ana Pérez' });
    await call(first.app, user, 'PUT', '/api/v1/playback/progress/morning-mobility', { position_seconds: 60 });
    await call(first.app, user, 'POST', '/api/v1/programmes/yoga-foundations/start', { weekdays: [1, 3, 5] });
    await call(first.app, user, 'PUT', '/api/v1/activity/goal', { kind: 'minutes', target: 90 });
    const renewed = await feedLink(first.app, user);

    await expect.poll(async () => (await home(second.app, user)).name).toBe('Ana Pérez');
    await expect.poll(async () => (await classesHome(second.app, user)).continueWatching.length).toBe(1);
    await expect.poll(async () => (await upNext(second.app, user))?.programme.id).toBe('yoga-foundations');
    await expect.poll(async () => (await activity(second.app, user)).goal).toEqual({ kind: 'minutes', target: 90 });
    await expect.poll(async () => (await feed(second.app, path)).statusCode).toBe(404);
    expect((await feed(second.app, renewed)).statusCode).toBe(200);
  });
});

describe('AccountAnswers', () => {
  const answer = (body: string, validUntil = Infinity) => async () => ({ body, validUntil });
  const text = (kept: Buffer | null) => kept?.toString() ?? null;

  it('keeps an account’s answer until it is dropped, its time passes or its age runs out', async () => {
    let now = 0;
    const answers = new AccountAnswers({ maxAgeMs: 1_000, now: () => now });
    expect(text(await answers.get('ana', 'home', answer('one', 500)))).toBe('one');
    expect(text(await answers.get('ana', 'home', answer('two')))).toBe('one');
    now = 500;
    expect(text(await answers.get('ana', 'home', answer('three')))).toBe('three');
    answers.invalidate('ana');
    expect(text(await answers.get('ana', 'home', answer('four')))).toBe('four');
    now = 1_501;
    expect(text(await answers.get('ana', 'home', answer('five')))).toBe('five');
  });

  it('does not keep a load a change overtook, nor a failed one', async () => {
    const answers = new AccountAnswers();
    let finish!: (value: { body: string; validUntil: number }) => void;
    const loading = answers.get('ana', 'home', () => new Promise((resolve) => (finish = resolve)));
    answers.invalidate('ana');
    finish({ body: 'stale', validUntil: Infinity });
    expect(text(await loading)).toBe('stale');
    expect(text(await answers.get('ana', 'home', answer('fresh')))).toBe('fresh');
    await expect(answers.get('bo', 'home', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(text(await answers.get('bo', 'home', answer('bo')))).toBe('bo');
  });

  it('by alias: kept for its account, gone with it, and not kept when the account changed while it loaded', async () => {
    const answers = new AccountAnswers();
    const load = vi.fn(async () => ({ accountId: 'ana', body: 'feed', validUntil: Infinity }));
    expect(text(await answers.byAlias('link', 'feed', load))).toBe('feed');
    expect(text(await answers.byAlias('link', 'feed', load))).toBe('feed');
    expect(load).toHaveBeenCalledTimes(1);
    answers.invalidate('ana');
    expect(await answers.byAlias('link', 'feed', async () => null)).toBeNull();

    const raced = answers.byAlias('link', 'feed', async () => {
      answers.invalidate('ana');
      return { accountId: 'ana', body: 'old link', validUntil: Infinity };
    });
    expect(text(await raced)).toBe('old link');
    expect(await answers.byAlias('link', 'feed', async () => null)).toBeNull();
  });

  it('holds at most maxChars, dropping the least recently read accounts', async () => {
    const answers = new AccountAnswers({ maxBytes: 10 });
    await answers.get('ana', 'home', answer('aaaa'));
    await answers.get('bo', 'home', answer('bbbb'));
    await answers.get('ana', 'home', answer('unused'));
    await answers.get('cy', 'home', answer('cccc'));
    expect(answers.size).toBeLessThanOrEqual(10);
    expect(text(await answers.get('ana', 'home', answer('again')))).toBe('aaaa');
    expect(text(await answers.get('bo', 'home', answer('bo again')))).toBe('bo again');
    for (let i = 0; i < 1_000; i += 1) await answers.get(`account-${i}`, 'home', answer('xyz'));
    expect(answers.size).toBeLessThanOrEqual(10);
  });
});
