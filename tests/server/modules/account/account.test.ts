// The account page's API (/api/v1/account/*): reading the account and its devices, changing the
// email (password, free address, a message to the old address) and the password (shared rules,
// other devices signed out), the language, signing devices out, the data download, and deletion
// (what it erases, what it keeps, the goodbye email, the address free again).
import { describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  classProgress,
  mailOutbox,
  payments,
  profiles,
  sessions,
  subscriptions,
  uploads,
  users,
} from '@server/db/schema';
import { deletedEmail, deleteAccount } from '@server/modules/account/deletion';
import { ProviderError } from '@server/modules/payments/provider';
import { expectContract, multipart, PNG, refreshCookie, signUp, TEST_PASSWORD, testAppForFile, type SignedUpUser } from '../../harness';
import { roomyRateLimits, subscribed } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits });
const NEW_PASSWORD = 'N3w#Secret';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url);
  return response;
}

async function signInAgain(email: string, password: string, userAgent = CHROME_MAC) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: { 'user-agent': userAgent },
    payload: { email, password, device_id: `dev-${Math.random().toString(36).slice(2, 12)}` },
  });
}

async function secondDevice(user: SignedUpUser, userAgent = CHROME_MAC) {
  const response = await signInAgain(user.email, user.password, userAgent);
  expect(response.statusCode).toBe(200);
  return { ...user, token: response.json<{ token: string }>().token, cookie: refreshCookie(response)! };
}

async function userRow(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row!;
}

/** The emails to `address` besides the welcome every sign-up gets. */
async function outboxTo(address: string) {
  return t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), ne(mailOutbox.template, 'welcome')));
}

describe('GET /api/v1/account', () => {
  it('answers the profile, the language and the devices signed in, this one marked current', async () => {
    const user = await signUp(t.app);
    const other = await secondDevice(user);
    const response = await call(user, 'GET', '/api/v1/account');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ account: Record<string, unknown>; devices: Array<{ deviceName: string; current: boolean }> }>();
    expect(body.account).toMatchObject({ email: user.email, name: null, image: null, language: 'en' });
    expect(body.devices).toHaveLength(2);
    expect(body.devices.filter((device) => device.current)).toHaveLength(1);
    expect(body.devices.map((device) => device.deviceName).sort()).toEqual(['Chrome on macOS', 'Web browser']);
    const fromOther = (await call(other, 'GET', '/api/v1/account')).json<{ devices: Array<{ deviceName: string; current: boolean }> }>();
    expect(fromOther.devices.find((device) => device.current)?.deviceName).toBe('Chrome on macOS');
  });

  it('refuses a visitor with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/account' });
    expectContract(response, 'GET', '/api/v1/account');
    expect(response.statusCode).toBe(401);
  });

  it('moves last seen forward when the device refreshes its token', async () => {
    const user = await signUp(t.app);
    const [before] = await t.app.db.select().from(sessions).where(eq(sessions.userId, (await userRow(user.email)).id));
    await t.app.db.update(sessions).set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') }).where(eq(sessions.id, before!.id));
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie } });
    expect(refreshed.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(sessions).where(eq(sessions.id, before!.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
  });
});

describe('POST /api/v1/account/email', () => {
  it('changes the address with the password, tells the old address, and signs in with the new one', async () => {
    const user = await signUp(t.app);
    const newEmail = `new-${Date.now()}@example.com`;
    const response = await call(user, 'POST', '/api/v1/account/email', { email: `  ${newEmail.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isSuccess: true, message: 'Your email has been changed.', email: newEmail });
    const told = await outboxTo(user.email);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ template: 'emailChanged', params: { newEmail }, language: 'en' });
    expect((await signInAgain(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signInAgain(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a wrong password (400, not 401: the app would sign out), a taken address (409) and a malformed one (400)', async () => {
    const user = await signUp(t.app);
    const taken = await signUp(t.app);
    const wrong = await call(user, 'POST', '/api/v1/account/email', { email: 'free@example.com', password: 'Wr0ng#Pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'account.wrongPassword', message: 'The password is not correct.' });
    const conflict = await call(user, 'POST', '/api/v1/account/email', { email: taken.email, password: TEST_PASSWORD });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('auth.emailTaken');
    const malformed = await call(user, 'POST', '/api/v1/account/email', { email: 'not-an-email', password: TEST_PASSWORD });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation.email.invalid');
    expect((await userRow(user.email)).email).toBe(user.email);
    expect(await outboxTo(user.email)).toHaveLength(0);
  });
});

describe('POST /api/v1/account/password', () => {
  it('changes the password and signs out every other device, not this one', async () => {
    const user = await signUp(t.app);
    const other = await secondDevice(user);
    const response = await call(user, 'POST', '/api/v1/account/password', { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/v1/account')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/v1/account')).statusCode).toBe(401);
    const otherRefresh = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: other.cookie } });
    expect(otherRefresh.statusCode).toBe(401);
    expect((await signInAgain(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInAgain(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'Wr0ng#Pass', password: NEW_PASSWORD, cpassword: NEW_PASSWORD }, 'account.wrongPassword'],
    [{ currentPassword: TEST_PASSWORD, password: 'weak', cpassword: 'weak' }, 'validation.password.invalid'],
    [{ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, cpassword: 'N3w#Other' }, 'validation.cpassword.mismatch'],
    [{ currentPassword: '', password: NEW_PASSWORD, cpassword: NEW_PASSWORD }, 'validation.password.required'],
  ])('refuses %o with 400 %s and keeps the old password', async (payload, code) => {
    const user = await signUp(t.app);
    const response = await call(user, 'POST', '/api/v1/account/password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    expect((await signInAgain(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/account/language', () => {
  it('keeps the language on the account; the account read answers it', async () => {
    const user = await signUp(t.app);
    const saved = await call(user, 'PUT', '/api/v1/account/language', { language: 'es' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'es' });
    expect((await userRow(user.email)).language).toBe('es');
    expect((await call(user, 'GET', '/api/v1/account')).json().account.language).toBe('es');
    expect((await call(user, 'PUT', '/api/v1/account/language', { language: 'fr' })).statusCode).toBe(400);
  });

  it('is answered by every sign-in, whatever language the signing-in browser speaks, and by a refresh', async () => {
    const user = await signUp(t.app);
    const first = await signInAgain(user.email, user.password);
    expectContract(first, 'POST', '/api/v1/auth/sign-in');
    expect(first.json().language).toBe('en');
    await call(user, 'PUT', '/api/v1/account/language', { language: 'es' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: user.email, password: user.password, device_id: 'dev-language-1' },
    });
    expect(signedIn.json()).toMatchObject({ email: user.email, language: 'es' });
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: refreshCookie(signedIn)! } });
    expectContract(refreshed, 'GET', '/api/v1/refresh');
    expect(refreshed.json().language).toBe('es');
  });
});

describe('signing devices out', () => {
  it('signs out one device of the account; that device is refused at once and cannot refresh', async () => {
    const user = await signUp(t.app);
    const other = await secondDevice(user);
    const devices = (await call(user, 'GET', '/api/v1/account')).json<{ devices: Array<{ id: string; current: boolean }> }>().devices;
    const target = devices.find((device) => !device.current)!;
    const response = await call(user, 'DELETE', `/api/v1/account/sessions/${target.id}`);
    expect(response.statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/v1/account')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: other.cookie } })).statusCode).toBe(401);
    expect((await call(user, 'GET', '/api/v1/account')).json().devices).toHaveLength(1);
  });

  it("answers 404 for another account's device, which stays signed in", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const theirs = (await call(stranger, 'GET', '/api/v1/account')).json<{ devices: Array<{ id: string }> }>().devices[0]!;
    const response = await call(user, 'DELETE', `/api/v1/account/sessions/${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });

  it('signs out every other device and keeps this one', async () => {
    const user = await signUp(t.app);
    const others = [await secondDevice(user), await secondDevice(user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')];
    const response = await call(user, 'POST', '/api/v1/account/sessions/sign-out-others');
    expect(response.statusCode).toBe(200);
    for (const other of others) expect((await call(other, 'GET', '/api/v1/account')).statusCode).toBe(401);
    const devices = (await call(user, 'GET', '/api/v1/account')).json<{ devices: Array<{ current: boolean }> }>().devices;
    expect(devices).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('GET /api/v1/account/export', () => {
  it('downloads everything held about the account as a JSON attachment, without secrets', async () => {
    const user = await subscribed(t.app);
    const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${user.token}` } });
    const image = uploaded.json<{ image: string }>().image;
    const response = await call(user, 'GET', '/api/v1/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fitstream-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json<
      Record<string, unknown> & { account: Record<string, unknown>; profiles: Array<Record<string, unknown>>; subscriptions: unknown[]; payments: unknown[]; sessions: unknown[]; uploads: Array<{ name: string; url: string }> }
    >();
    expect(data.format).toBe('fitstream-account-export');
    expect(data.version).toBe(2);
    expect(data).not.toHaveProperty('profile');
    expect(data.account).toMatchObject({ email: user.email, country: 'US', language: 'en' });
    expect(data.profiles).toEqual([expect.objectContaining({ id: await ownerProfileId(t.app, user), owner: true, language: 'en' })]);
    for (const key of ['classProgress', 'completions', 'favourites', 'programmes']) expect(Array.isArray(data.profiles[0]![key])).toBe(true);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.payments.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions).toHaveLength(1);
    expect(data.uploads).toEqual([expect.objectContaining({ name: image, url: `/uploads/${image}`, contentType: 'image/png' })]);
    for (const key of ['playbackSessions', 'emails', 'checkouts']) expect(Array.isArray(data[key])).toBe(true);
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt\$|tokenHash/);
  });
});

describe('POST /api/v1/account/delete', () => {
  it('refuses a wrong password and deletes nothing', async () => {
    const user = await signUp(t.app);
    const response = await call(user, 'POST', '/api/v1/account/delete', { password: 'Wr0ng#Pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('account.wrongPassword');
    expect((await userRow(user.email)).deletedAt).toBeNull();
  });

  it('cancels the subscription at once, erases personal data, keeps payments anonymised, signs out everywhere and says goodbye', async () => {
    const user = await subscribed(t.app);
    const other = await secondDevice(user);
    const row = await userRow(user.email);
    const profileId = await ownerProfileId(t.app, user);
    const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
    const image = (await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${user.token}` } })).json<{ image: string }>().image;
    await call(user, 'POST', '/api/v1/users/details', { name: 'Ana Pérez', image });
    const paymentsBefore = await t.app.db.select().from(payments).where(eq(payments.userId, row.id));
    expect(paymentsBefore.length).toBeGreaterThan(0);

    const response = await call(user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuccess: true, message: 'Your account has been deleted. We are sorry to see you go.' });
    expect(response.cookies.find((cookie) => cookie.name === 'fs_refresh')?.value).toBe('');

    const [erased] = await t.app.db.select().from(users).where(eq(users.id, row.id));
    expect(erased).toMatchObject({ email: deletedEmail(row.id), name: null, image: null });
    expect(erased!.deletedAt).toBeInstanceOf(Date);
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, row.id));
    expect(subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, cardLast4: null });
    expect(subscription!.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now());
    const paymentsAfter = await t.app.db.select().from(payments).where(eq(payments.userId, row.id));
    expect(paymentsAfter.map((payment) => [payment.id, payment.amount, payment.cardLast4])).toEqual(paymentsBefore.map((payment) => [payment.id, payment.amount, null]));
    expect(await t.app.db.select().from(uploads).where(eq(uploads.userId, row.id))).toEqual([]);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, row.id))).toEqual([]);
    expect(await t.app.db.select().from(classProgress).where(eq(classProgress.profileId, profileId))).toEqual([]);
    expect(await t.app.db.select().from(profiles).where(eq(profiles.accountId, row.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${image}` })).statusCode).toBe(404);

    for (const device of [user, other]) {
      expect((await call(device, 'GET', '/api/v1/account')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: device.cookie } })).statusCode).toBe(401);
    }
    const goodbye = await outboxTo(user.email);
    expect(goodbye.map((mail) => [mail.template, mail.userId])).toEqual([['accountDeleted', null]]);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, row.id))).toEqual([]);

    expect((await signInAgain(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInAgain(deletedEmail(row.id), '!deleted')).statusCode).toBe(401);
    const again = await signUp(t.app, { email: user.email });
    expect(again.email).toBe(user.email);
  });

  it('erases nothing when the provider refuses the cancellation (the user can try again)', async () => {
    const user = await subscribed(t.app);
    const row = await userRow(user.email);
    const refusing = { cancelImmediately: async () => Promise.reject(new ProviderError('down')) };
    await expect(deleteAccount(t.app.db, refusing, row.id)).rejects.toThrow(ProviderError);
    expect((await userRow(user.email)).deletedAt).toBeNull();
    expect((await call(user, 'GET', '/api/v1/account')).statusCode).toBe(200);
  });

  it('runs every erasure step registered by other areas in its transaction', async () => {
    const user = await signUp(t.app);
    const row = await userRow(user.email);
    const seen: string[] = [];
    await deleteAccount(t.app.db, { cancelImmediately: async () => {} }, row.id, [async (_tx, userId) => void seen.push(userId)]);
    expect(seen).toEqual([row.id]);
    expect(await deleteAccount(t.app.db, { cancelImmediately: async () => {} }, row.id, [async () => void seen.push('again')])).toBe(false);
    expect(seen).toEqual([row.id]);
  });
});
