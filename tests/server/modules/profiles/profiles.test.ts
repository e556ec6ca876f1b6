// Household profiles (decision 064): each person's data is theirs alone, the owner's profile
// alone manages billing, the account and the profiles, the limits (5 profiles, a 4-digit PIN, 5
// tries then 15 minutes), and bad input that changes nothing.
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '@server/db/schema';
import { expectContract, refreshCookie, signUp, TEST_PASSWORD, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { anotherDevice } from '../../fixtures/playback';
import { addProfile, choose, deviceAs, type Profile } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });
let classIds: string[] = [];

beforeAll(async () => {
  const user = await signUp(t.app);
  classIds = (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=10', headers: authorization(user) })).json<{ classes: { id: string }[] }>().classes.map((c) => c.id);
  expect(classIds.length).toBeGreaterThan(2);
});

async function call(user: Pick<SignedUpUser, 'token'> | null, method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(user ? authorization(user) : {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload }),
  });
  expectContract(response, method, url.split('?')[0]!);
  return response;
}

const favourites = async (user: SignedUpUser) => (await call(user, 'GET', '/api/v1/favourites')).json<{ classes: { id: string }[] }>().classes.map((c) => c.id);
const listProfiles = async (user: Pick<SignedUpUser, 'token'>) => (await call(user, 'GET', '/api/v1/profiles')).json<{ profiles: Profile[]; chosen: string | null }>();

describe('profiles', () => {
  it('gives a new account its owner profile, on which the sign-up already is', async () => {
    const owner = await signUp(t.app, { email: `ana-${Date.now()}@example.com` });
    const listed = await listProfiles(owner);
    expect(listed.profiles).toEqual([expect.objectContaining({ name: expect.stringMatching(/^ana-/), owner: true, locked: false, language: 'en' })]);
    expect(listed.chosen).toBe(listed.profiles[0]!.id);
  });

  it('keeps each profile’s favourites, progress and goal apart, on one account', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner, { name: 'Leo', language: 'es' });
    const leoDevice = await deviceAs(t.app, owner, leo);
    await call(owner, 'PUT', `/api/v1/favourites/${classIds[0]}`);
    await call(leoDevice, 'PUT', `/api/v1/favourites/${classIds[1]}`);
    expect(await favourites(owner)).toEqual([classIds[0]]);
    expect(await favourites(leoDevice)).toEqual([classIds[1]]);

    await call(leoDevice, 'PUT', `/api/v1/playback/progress/${classIds[2]}`, { position_seconds: 60 });
    const progressOf = async (user: SignedUpUser) =>
      (await call(user, 'GET', `/api/v1/classes/${classIds[2]}`)).json<{ class: { progress: { positionSeconds: number } | null } }>().class.progress;
    expect(await progressOf(leoDevice)).toMatchObject({ positionSeconds: 60 });
    expect(await progressOf(owner)).toBeNull();

    await call(leoDevice, 'PUT', '/api/v1/activity/goal', { kind: 'classes', target: 3 });
    const goalOf = async (user: SignedUpUser) => (await call(user, 'GET', '/api/v1/activity')).json<{ goal: unknown }>().goal;
    expect(await goalOf(leoDevice)).toMatchObject({ target: 3 });
    expect(await goalOf(owner)).toBeNull();
  });

  it('answers 404 and changes nothing for another profile’s planned class', async () => {
    const owner = await signUp(t.app);
    const leoDevice = await deviceAs(t.app, owner, await addProfile(t.app, owner));
    await call(owner, 'PUT', '/api/v1/account/time-zone', { timeZone: 'Europe/Madrid' });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const planned = (await call(owner, 'POST', '/api/v1/schedule/items', { classId: classIds[0], date: tomorrow })).json<{ item: { id: string } }>().item;
    const moved = await call(leoDevice, 'PATCH', `/api/v1/schedule/items/${planned.id}`, { date: tomorrow, time: '07:00' });
    expect(moved.statusCode).toBe(404);
    expect((await call(leoDevice, 'DELETE', `/api/v1/schedule/items/${planned.id}`)).statusCode).toBe(404);
    const read = await call(owner, 'GET', `/api/v1/schedule?from=${tomorrow}&to=${tomorrow}`);
    expect(read.json<{ items: { id: string; time: string | null }[] }>().items).toEqual([expect.objectContaining({ id: planned.id, time: null })]);
    const leoRead = await call(leoDevice, 'GET', `/api/v1/schedule?from=${tomorrow}&to=${tomorrow}`);
    expect(leoRead.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('lets only the owner’s profile open billing, the account page and profile management', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner);
    const leoDevice = await deviceAs(t.app, owner, leo);
    const refused = [
      await call(leoDevice, 'POST', '/api/v1/payments/subscriptions'),
      await call(leoDevice, 'POST', '/api/v1/payments/history', {}),
      await call(leoDevice, 'GET', '/api/v1/account'),
      await call(leoDevice, 'POST', '/api/v1/profiles', { name: 'Mia' }),
      await call(leoDevice, 'PATCH', `/api/v1/profiles/${leo.id}`, { name: 'Leon' }),
      await call(leoDevice, 'DELETE', `/api/v1/profiles/${leo.id}`),
    ];
    for (const response of refused) expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 403, code: 'profiles.ownerOnly' });
    const spanish = await call(leoDevice, 'GET', '/api/v1/account', undefined, 'es');
    expect(spanish.json<{ message: string }>().message).toBe('Solo el perfil del titular de la cuenta puede hacer esto.');
    expect((await listProfiles(owner)).profiles.map((profile) => profile.name)).toContain('Leo');
    expect((await listProfiles(leoDevice)).profiles).toHaveLength(2);
  });

  it('asks a new sign-in of a household who is training before any per-person call', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: owner.email, password: TEST_PASSWORD, device_id: 'dev-household1' } });
    expectContract(signIn, 'POST', '/api/v1/auth/sign-in');
    expect(signIn.json()).toMatchObject({ profile: null });
    const device = { token: signIn.json<{ token: string }>().token };
    expect((await call(device, 'GET', '/api/v1/favourites')).json()).toMatchObject({ statusCode: 403, code: 'profiles.chooseFirst' });
    expect((await listProfiles(device)).chosen).toBeNull();
    const chosen = await choose(t.app, device, leo.id);
    expect(chosen.json()).toMatchObject({ isSuccess: true, profile: { id: leo.id, name: 'Leo', owner: false }, message: 'Training as Leo.' });
    // A refresh keeps the sign-in on its profile.
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: refreshCookie(signIn)! } });
    expectContract(refreshed, 'GET', '/api/v1/refresh');
    expect(refreshed.json()).toMatchObject({ profile: { id: leo.id } });
    expect((await listProfiles({ token: refreshed.json<{ token: string }>().token })).chosen).toBe(leo.id);
  });

  it('refuses a token from before profiles (no profile claim) with 401, which the app’s one refresh replaces', async () => {
    const owner = await signUp(t.app);
    const { sub, sid, email } = decodeJwt(owner.token);
    const legacy = await new SignJWT({ sid, email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await call({ token: legacy }, 'GET', '/api/v1/favourites')).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: owner.cookie } });
    expect((await call({ token: refreshed.json<{ token: string }>().token }, 'GET', '/api/v1/favourites')).statusCode).toBe(200);
  });

  it('refuses a sixth profile, bad names and another account’s profile, changing nothing', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const strangers = (await listProfiles(stranger)).profiles[0]!;
    for (const name of ['Leo', 'Mia', 'Noa', 'Eva']) await addProfile(t.app, owner, { name });
    const sixth = await call(owner, 'POST', '/api/v1/profiles', { name: 'Zoe' }, 'es');
    expect(sixth.json()).toMatchObject({ statusCode: 409, code: 'profiles.limitReached', message: 'Una cuenta tiene como máximo 5 perfiles. Elimina uno para añadir otro.' });
    expect((await call(owner, 'POST', '/api/v1/profiles', { name: '   ' })).json()).toMatchObject({ statusCode: 400, code: 'validation.name.required' });
    expect((await call(owner, 'PATCH', `/api/v1/profiles/${strangers.id}`, { name: 'x'.repeat(61) })).json()).toMatchObject({ statusCode: 400, code: 'validation.name.tooLong' });
    expect((await call(owner, 'PATCH', `/api/v1/profiles/${strangers.id}`, { name: 'Mine' })).json()).toMatchObject({ statusCode: 404, code: 'profiles.notFound' });
    expect((await call(owner, 'DELETE', `/api/v1/profiles/${strangers.id}`)).statusCode).toBe(404);
    expect((await choose(t.app, owner, strangers.id)).json()).toMatchObject({ statusCode: 404, code: 'profiles.notFound' });
    expect((await listProfiles(owner)).profiles).toHaveLength(5);
    expect((await listProfiles(stranger)).profiles).toEqual([strangers]);
    const own = (await listProfiles(owner)).profiles[0]!;
    expect((await call(owner, 'DELETE', `/api/v1/profiles/${own.id}`)).json()).toMatchObject({ statusCode: 409, code: 'profiles.ownerUndeletable' });
  });

  it('locks a profile with a PIN: five wrong tries lock it for 15 minutes, the owner resets it with the password', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner);
    const pinUrl = `/api/v1/profiles/${leo.id}/pin`;
    expect((await call(owner, 'PUT', pinUrl, { pin: '12a4', password: TEST_PASSWORD })).json()).toMatchObject({ statusCode: 400, code: 'validation.pin.invalid' });
    expect((await call(owner, 'PUT', pinUrl, { pin: '1234', password: 'Wrong#Pass1' })).json()).toMatchObject({ statusCode: 400, code: 'account.wrongPassword' });
    expect((await listProfiles(owner)).profiles[1]).toMatchObject({ locked: false });
    expect((await call(owner, 'PUT', pinUrl, { pin: '1234', password: TEST_PASSWORD })).json()).toMatchObject({ profile: { locked: true } });

    const device = await anotherDevice(t.app, owner);
    expect((await choose(t.app, device, leo.id)).json()).toMatchObject({ statusCode: 403, code: 'profiles.pinRequired' });
    for (const left of [4, 3, 2, 1]) {
      expect((await choose(t.app, device, leo.id, '0000')).json()).toMatchObject({ statusCode: 403, code: 'profiles.wrongPin', message: expect.stringContaining(`${left} tr`) });
    }
    const locked = await choose(t.app, device, leo.id, '0000');
    expect(locked.json()).toMatchObject({ statusCode: 429, code: 'profiles.pinLocked' });
    expect(Number(locked.headers['retry-after'])).toBe(900);
    expect((await choose(t.app, device, leo.id, '1234')).statusCode).toBe(429);
    expect((await listProfiles(device)).chosen).not.toBe(leo.id);

    expect((await call(owner, 'PUT', pinUrl, { pin: '2468', password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await choose(t.app, device, leo.id, '2468')).json()).toMatchObject({ isSuccess: true, profile: { id: leo.id, locked: true } });
  });

  it('deletes a profile with everything it trained with, signing its devices out, and nothing of the others', async () => {
    const owner = await signUp(t.app);
    const leo = await addProfile(t.app, owner);
    const leoDevice = await deviceAs(t.app, owner, leo);
    await call(leoDevice, 'PUT', `/api/v1/favourites/${classIds[0]}`);
    await call(leoDevice, 'PUT', `/api/v1/playback/progress/${classIds[0]}`, { position_seconds: 30 });
    await call(leoDevice, 'PUT', '/api/v1/account/player-preferences', { captions: 'es' });
    await call(owner, 'PUT', `/api/v1/favourites/${classIds[1]}`);

    const deleted = await call(owner, 'DELETE', `/api/v1/profiles/${leo.id}`);
    expect(deleted.json()).toMatchObject({ isSuccess: true });
    expect((await call(leoDevice, 'GET', '/api/v1/favourites')).statusCode).toBe(401);
    expect(await favourites(owner)).toEqual([classIds[1]]);
    expect((await listProfiles(owner)).profiles).toHaveLength(1);
    // Every table keyed by a profile holds nothing of it.
    const keyed = await t.app.db.execute(sql`select table_name from information_schema.columns where column_name = 'profile_id' and table_schema = current_schema()`);
    const tables = (keyed as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['favourites', 'class_progress', 'player_preferences', 'schedule_items']));
    for (const table of tables) {
      const left = await t.app.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where profile_id = ${leo.id}`);
      expect({ table, rows: (left as unknown as { rows: { n: number }[] }).rows[0]!.n }).toEqual({ table, rows: 0 });
    }
    expect(await t.app.db.select().from(profiles).where(eq(profiles.id, leo.id))).toEqual([]);
  });

  it('keeps the owner’s name, picture and language as the account’s, and each profile’s language its own', async () => {
    const owner = await signUp(t.app);
    const own = (await listProfiles(owner)).profiles[0]!;
    await call(owner, 'PATCH', `/api/v1/profiles/${own.id}`, { name: 'Ana Pérez', language: 'es' });
    expect((await call(owner, 'GET', '/api/v1/account')).json()).toMatchObject({ account: { name: 'Ana Pérez', language: 'es' } });
    const leoDevice = await deviceAs(t.app, owner, await addProfile(t.app, owner, { name: 'Leo', language: 'en' }));
    expect((await call(leoDevice, 'PUT', '/api/v1/account/language', { language: 'es' })).statusCode).toBe(200);
    expect((await listProfiles(owner)).profiles.map((profile) => profile.language)).toEqual(['es', 'es']);
    await call(owner, 'PUT', '/api/v1/account/language', { language: 'en' });
    expect((await call(owner, 'GET', '/api/v1/account')).json()).toMatchObject({ account: { language: 'en' } });
    expect((await listProfiles(owner)).profiles.map((profile) => profile.language)).toEqual(['en', 'es']);
  });
});
