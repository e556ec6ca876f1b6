// The calendar link ends when the owner takes the account back (issue 37, hole 4; decision 034):
// after a password change, a password reset, "sign out of all other devices" or deletion, the old
// feed URL answers 404 at once on the instance that handled it, though its feed was kept in memory
// there (decision 045) and that instance hears no notification, and on another instance when the
// notification arrives; the settings say which event ended it until a new link is made.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { mailOutbox } from '@server/db/schema';
import { newDeviceId, signUp, TEST_PASSWORD, testAppForFile, type SignedUpUser } from '../harness';
import { addProfile, deviceAs } from '../fixtures/profiles';
import { call, forgotPassword, NEW_PASSWORD, resetPassword, roomyLimits } from './shared';

const t = testAppForFile({ rateLimits: roomyLimits });

/**
 * The instance the owner acts on, on the same database as `t.app` but deaf to its notifications:
 * whatever it drops at once is owed to its own handling, never to a notification arriving early.
 * `t.app` is the other instance, which hears them.
 */
let own: FastifyInstance;
beforeAll(async () => {
  own = await buildApp(t.config, { db: t.app.db, logger: false });
  await own.ready();
  await own.changeFeed.close();
});
afterAll(() => own?.close());

async function newFeedLink(user: Pick<SignedUpUser, 'token'>): Promise<string> {
  const response = await call(own, user, 'POST', '/api/v1/schedule/feed-link');
  expect(response.statusCode).toBe(200);
  return new URL(response.json<{ url: string }>().url).pathname;
}

/** What a calendar app gets: no cookie, no token. */
const feedStatus = async (app: FastifyInstance, path: string) => (await app.inject({ method: 'GET', url: path })).statusCode;

async function settingsOf(user: Pick<SignedUpUser, 'token'>) {
  const response = await call(own, user, 'GET', '/api/v1/schedule/settings');
  expect(response.statusCode).toBe(200);
  return response.json<{ hasFeedLink: boolean; feedLinkRevoked: { at: string; reason: string } | null }>();
}

async function resetTokenFor(email: string): Promise<string> {
  const rows = await own.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const reset = rows.find((row) => row.template === 'passwordReset');
  return new URL(String((reset!.params as { link: string }).link)).searchParams.get('token')!;
}

/** Each event the owner takes the account back with; answers the token that is signed in after it. */
const events: Array<[string, string, (user: SignedUpUser) => Promise<Pick<SignedUpUser, 'token'>>]> = [
  [
    'a password change',
    'password_changed',
    async (user) => {
      const changed = await call(own, user, 'POST', '/api/v1/account/password', { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
      expect(changed.statusCode).toBe(200);
      return user;
    },
  ],
  [
    'a password reset',
    'password_reset',
    async (user) => {
      await forgotPassword(own, user.email);
      const reset = await resetPassword(own, await resetTokenFor(user.email));
      expect(reset.statusCode).toBe(200);
      return { token: reset.json<{ token: string }>().token };
    },
  ],
  [
    'signing out of all other devices',
    'signed_out_everywhere',
    async (user) => {
      expect((await call(own, user, 'POST', '/api/v1/account/sessions/sign-out-others')).statusCode).toBe(200);
      return user;
    },
  ],
];

describe.each(events)('%s', (_name, reason, takeBack) => {
  it('ends the calendar link at once, kept feed or not, and the settings say why until a new link is made', async () => {
    const user = await signUp(own);
    const old = await newFeedLink(user);
    // Read on both instances, so each keeps the feed in memory.
    expect(await feedStatus(own, old)).toBe(200);
    expect(await feedStatus(t.app, old)).toBe(200);
    const before = Date.now();

    const signedIn = await takeBack(user);
    expect(await feedStatus(own, old)).toBe(404);
    await expect.poll(() => feedStatus(t.app, old)).toBe(404);
    const settings = await settingsOf(signedIn);
    expect(settings).toMatchObject({ hasFeedLink: false, feedLinkRevoked: { reason } });
    // The database's clock and this process's are the same machine's; a second either way.
    expect(Date.parse(settings.feedLinkRevoked!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(settings.feedLinkRevoked!.at)).toBeLessThanOrEqual(Date.now() + 1000);
    // The data export tells it too.
    const exported = JSON.parse((await call(own, signedIn, 'GET', '/api/v1/account/export')).body) as { profiles: Array<{ owner: boolean; schedule: Record<string, unknown> }> };
    expect(exported.profiles).toHaveLength(1);
    expect(exported.profiles[0]!.owner).toBe(true);
    expect(exported.profiles[0]!.schedule).toMatchObject({ calendarFeedLink: false, calendarFeedLinkRevokedAt: settings.feedLinkRevoked!.at, calendarFeedLinkRevokedReason: reason });

    const renewed = await newFeedLink(signedIn);
    expect(await feedStatus(own, renewed)).toBe(200);
    expect(await feedStatus(own, old)).toBe(404);
    expect(await settingsOf(signedIn)).toMatchObject({ hasFeedLink: true, feedLinkRevoked: null });
  });

  it("ends every profile's link: a member profile's too (decision 064)", async () => {
    const user = await signUp(own);
    const member = await deviceAs(own, user, await addProfile(own, user, { name: 'Leo' }));
    const owners = await newFeedLink(user);
    const members = await newFeedLink(member);
    for (const path of [owners, members]) expect(await feedStatus(own, path)).toBe(200);
    await takeBack(user);
    for (const path of [owners, members]) {
      expect(await feedStatus(own, path)).toBe(404);
      await expect.poll(() => feedStatus(t.app, path)).toBe(404);
    }
  });

  it('says nothing when there was no link to end', async () => {
    const user = await signUp(own);
    // Settings kept, but no link.
    expect((await call(own, user, 'PUT', '/api/v1/schedule/reminders', { enabled: true })).statusCode).toBe(200);
    const signedIn = await takeBack(user);
    expect(await settingsOf(signedIn)).toMatchObject({ hasFeedLink: false, feedLinkRevoked: null });
  });
});

// These two now end the sessions inside the link's transaction: the other devices must still be
// signed out on this instance before the answer, not when a notification comes.
describe.each(events.filter(([, reason]) => reason !== 'password_reset'))('%s, in one transaction with the link', (_name, _reason, takeBack) => {
  it('still signs the other devices out at once', async () => {
    const user = await signUp(own);
    const phone = await own.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: TEST_PASSWORD, device_id: newDeviceId() } });
    expect(phone.statusCode).toBe(200);
    const onPhone = { token: phone.json<{ token: string }>().token };
    expect((await call(own, onPhone, 'GET', '/api/v1/schedule/settings')).statusCode).toBe(200);
    await takeBack(user);
    expect((await call(own, onPhone, 'GET', '/api/v1/schedule/settings')).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  it('ends the calendar link at once on this instance and when the notification arrives on another', async () => {
    const user = await signUp(own);
    const path = await newFeedLink(user);
    expect(await feedStatus(own, path)).toBe(200);
    expect(await feedStatus(t.app, path)).toBe(200);
    expect((await call(own, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await feedStatus(own, path)).toBe(404);
    await expect.poll(() => feedStatus(t.app, path)).toBe(404);
  });
});
