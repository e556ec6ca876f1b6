// What /settings calls, made by a member profile (issue 41, decision 064): its new-class
// notifications and its schedule's reminders and calendar link are its own, set with its token,
// and the owner's stay as they were; none of these calls is the owner's alone.
import { describe, expect, it } from 'vitest';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { addProfile, deviceAs } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: authorization(user), ...(payload === undefined ? {} : { payload }) });
  expectContract(response, method, url);
  return response;
}

const notificationsOf = async (user: SignedUpUser) => (await call(user, 'GET', '/api/v1/account/notifications')).json<{ notifications: { enabled: boolean } }>().notifications.enabled;
const scheduleOf = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/v1/schedule/settings')).json<{ reminders: boolean; hasFeedLink: boolean }>();

describe('a member profile’s own settings', () => {
  it('sets its notifications, reminders and calendar link with its own token; the owner’s stay', async () => {
    const owner = await signUp(t.app);
    const leo = await deviceAs(t.app, owner, await addProfile(t.app, owner, { name: 'Leo', language: 'en' }));

    expect((await call(leo, 'PUT', '/api/v1/account/notifications', { enabled: true, disciplines: [] })).statusCode).toBe(200);
    expect((await call(leo, 'PUT', '/api/v1/schedule/reminders', { enabled: true })).statusCode).toBe(200);
    expect((await call(leo, 'POST', '/api/v1/schedule/feed-link')).statusCode).toBe(200);

    expect(await notificationsOf(leo)).toBe(true);
    expect(await scheduleOf(leo)).toMatchObject({ reminders: true, hasFeedLink: true });
    expect(await notificationsOf(owner)).toBe(false);
    expect(await scheduleOf(owner)).toMatchObject({ reminders: false, hasFeedLink: false });
    // The account page itself stays the owner's.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: authorization(leo) })).statusCode).toBe(403);
  });
});
