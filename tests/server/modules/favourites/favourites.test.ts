// Favourites: the account's saved classes, the same from every device; saving and removing are
// idempotent, an unknown class is 404, and bad input changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { anotherDevice } from '../../fixtures/playback';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });
let ids: string[] = [];

beforeAll(async () => {
  const user = await signUp(t.app);
  ids = (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=10', headers: authorization(user) })).json<{ classes: { id: string }[] }>().classes.map((c) => c.id);
  expect(ids.length).toBeGreaterThan(2);
});

async function call(user: SignedUpUser | null, method: 'GET' | 'PUT' | 'DELETE', url: string) {
  const response = await t.app.inject({ method, url, headers: user ? authorization(user) : {} });
  expectContract(response, method, url);
  return response;
}

const list = async (user: SignedUpUser) => (await call(user, 'GET', '/api/v1/favourites')).json<{ classes: { id: string }[] }>().classes.map((c) => c.id);
const save = (user: SignedUpUser, id: string) => call(user, 'PUT', `/api/v1/favourites/${encodeURIComponent(id)}`);
const remove = (user: SignedUpUser, id: string) => call(user, 'DELETE', `/api/v1/favourites/${encodeURIComponent(id)}`);

describe('favourites', () => {
  it('saves and removes idempotently, most recently saved first, the same on another device', async () => {
    const user = await signUp(t.app);
    const phone = await anotherDevice(t.app, user);
    expect(await list(user)).toEqual([]);
    expect((await save(user, ids[0]!)).json()).toEqual({ isSuccess: true, classId: ids[0], saved: true });
    await save(user, ids[0]!);
    await save(phone, ids[1]!);
    expect(await list(user)).toEqual([ids[1], ids[0]]);
    expect(await list(phone)).toEqual([ids[1], ids[0]]);
    expect((await remove(phone, ids[0]!)).json()).toEqual({ isSuccess: true, classId: ids[0], saved: false });
    expect((await remove(phone, ids[0]!)).statusCode).toBe(200);
    expect(await list(user)).toEqual([ids[1]]);
  });

  it('lists full class cards', async () => {
    const user = await signUp(t.app);
    await save(user, ids[2]!);
    const [card] = (await call(user, 'GET', '/api/v1/favourites')).json<{ classes: Record<string, unknown>[] }>().classes;
    expect(card).toMatchObject({ id: ids[2], title: { en: expect.any(String), es: expect.any(String) }, posterUrl: expect.any(String) });
  });

  it('answers 404 for an unknown class, 400 for a malformed id, 401 for a visitor, and changes nothing', async () => {
    const user = await signUp(t.app);
    await save(user, ids[0]!);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/v1/favourites/no-such-class', headers: { ...authorization(user), 'accept-language': 'es' } });
    expectContract(unknown, 'PUT', '/api/v1/favourites/no-such-class');
    expect(unknown.json()).toMatchObject({ isSuccess: false, statusCode: 404, code: 'favourites.classNotFound', message: 'No existe esa clase para guardarla.' });
    expect((await remove(user, 'no-such-class')).statusCode).toBe(404);
    expect((await call(user, 'PUT', '/api/v1/favourites/bad%00id')).statusCode).toBe(400);
    expect((await call(null, 'PUT', `/api/v1/favourites/${ids[1]}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/v1/favourites')).statusCode).toBe(401);
    expect(await list(user)).toEqual([ids[0]]);
  });
});

describe('deleting the account', () => {
  it('erases its saved classes, its completions and its goal', async () => {
    const { classCompletions, activityGoals, favourites } = await import('@server/db/schema');
    const { eq } = await import('drizzle-orm');
    const user = await signUp(t.app);
    await save(user, ids[0]!);
    await call(user, 'GET', '/api/v1/favourites');
    const progress = await t.app.inject({ method: 'PUT', url: `/api/v1/playback/progress/${ids[0]}`, headers: authorization(user), payload: { position_seconds: 86_400 } });
    expect(progress.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: '/api/v1/activity/goal', headers: authorization(user), payload: { kind: 'classes', target: 2 } });
    const profileId = await ownerProfileId(t.app, user);
    const counts = async () =>
      Promise.all([classCompletions, activityGoals, favourites].map(async (table) => (await t.app.db.select().from(table).where(eq(table.profileId, profileId))).length));
    expect(await counts()).toEqual([1, 1, 1]);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/v1/account/delete', headers: authorization(user), payload: { password: user.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await counts()).toEqual([0, 0, 0]);
  });
});
