// The player preferences API (/api/v1/account/player-preferences): captions off until chosen,
// a choice (on in a language, or off) kept for the account and read back by any device, a
// language the product does not have refused (400, never 500), in the data export, and gone with
// the account.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { playerPreferences } from '@server/db/schema';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });
const path = '/api/v1/account/player-preferences';

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'PUT', payload?: object) {
  const response = await t.app.inject({
    method,
    url: path,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, path);
  return response;
}

describe('player preferences', () => {
  it('starts with captions off, keeps Spanish captions, and turns them off again', async () => {
    const user = await signUp(t.app);
    expect((await call(user, 'GET')).json()).toEqual({ isSuccess: true, preferences: { captions: null } });
    const saved = await call(user, 'PUT', { captions: 'es' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ isSuccess: true, preferences: { captions: 'es' } });
    expect((await call(user, 'GET')).json()).toEqual({ isSuccess: true, preferences: { captions: 'es' } });
    await call(user, 'PUT', { captions: null });
    expect((await call(user, 'GET')).json()).toEqual({ isSuccess: true, preferences: { captions: null } });
  });

  it("is the account's own: another account's choice is not read", async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    await call(ana, 'PUT', { captions: 'en' });
    expect((await call(ben, 'GET')).json()).toEqual({ isSuccess: true, preferences: { captions: null } });
  });

  it('refuses a language the product has not, or a missing field, with 400', async () => {
    const user = await signUp(t.app);
    for (const payload of [{ captions: 'fr' }, {}, { captions: 'es', volume: 1 }]) {
      const response = await call(user, 'PUT', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 400 });
    }
  });

  it("is in the account's data export", async () => {
    const user = await signUp(t.app);
    await call(user, 'PUT', { captions: 'es' });
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: { authorization: `FitStream ${user.token}` } });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({ profiles: [{ owner: true, playerPreferences: { captions: 'es' } }] });
  });

  it('needs a signed-in account (401) and goes with a deleted account', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUp(t.app);
    await call(user, 'PUT', { captions: 'es' });
    const id = await ownerProfileId(t.app, user);
    expect(await t.app.db.select().from(playerPreferences).where(eq(playerPreferences.profileId, id))).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete',
      headers: { authorization: `FitStream ${user.token}` },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.select().from(playerPreferences).where(eq(playerPreferences.profileId, id))).toEqual([]);
  });
});
