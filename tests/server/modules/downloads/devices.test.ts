// Download devices as the server counts them: at most the plan's `downloads` devices hold
// licences at once and 25 classes each; the device is the signed-in session, never an id the
// client picks; two (or thirty) devices racing for the last slot get it once; a plan change that
// lowers the limit keeps the most recently used devices and revokes the rest at the change.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@server/db/schema';
import { settleSandboxPeriods } from '@server/modules/payments/sandbox/periods';
import { testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, callPayments, roomyRateLimits } from '../../fixtures/payments-flow';
import { anotherDevice, CLASS_ID, seedPlayableClass, setSubscription, subscriber, tinyMedia, tinyMediaDir } from '../../fixtures/playback';
import {
  checkDownloads,
  createLicence,
  deviceIdOf,
  licenceOf,
  LICENCES,
  listDownloads,
  removeDevice,
  seedMoreClasses,
  storedLicences,
} from '../../fixtures/downloads';

const t = testAppForFile({
  rateLimits: { ...roomyRateLimits, signInPerAccount: { points: 10_000, duration: 60 }, signInPerIp: { points: 10_000, duration: 60 } },
  mediaDir: tinyMediaDir,
});
let moreClasses: string[] = [];
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
  moreClasses = await seedMoreClasses(t.app, 25);
}, 240_000);
afterEach(() => {
  vi.useRealTimers();
});

function advanceClock(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

async function devices(user: SignedUpUser, count: number): Promise<SignedUpUser[]> {
  const signedIn = [];
  for (let index = 0; index < count; index += 1) signedIn.push(await anotherDevice(t.app, user));
  return signedIn;
}

describe('download devices', () => {
  it('refuses a third device on Standard, lists the two holding downloads, and allows it after removing one', async () => {
    const user = await subscriber(t.app, 'standard');
    const [second, third] = await devices(user, 2);
    const first = licenceOf(await createLicence(t.app, user));
    const secondLicence = licenceOf(await createLicence(t.app, second!));
    // A device already holding downloads takes more classes without another slot.
    expect((await createLicence(t.app, user, { class_id: moreClasses[0], rendition: '360p' })).statusCode).toBe(201);

    const refused = await createLicence(t.app, third!);
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body).toMatchObject({
      reason: 'device_limit',
      download_devices: 2,
      classes_per_device: 25,
      message: 'Your plan allows downloads on 2 devices, and they all hold downloads. Remove downloads from one of them to download here.',
    });
    expect(body.devices.map((device: { device_id: string; classes: number; current: boolean }) => [device.device_id, device.classes, device.current]).sort()).toEqual(
      [[first.device_id, 2, false], [secondLicence.device_id, 1, false]].sort(),
    );
    expect(body.devices.every((device: { device_name: string; last_seen_at: string }) => device.device_name && Date.parse(device.last_seen_at) > 0)).toBe(true);
    expect(await storedLicences(t.app, user)).toHaveLength(3);

    const removed = await removeDevice(t.app, third!, first.device_id);
    expect(removed.json()).toEqual({ isSuccess: true, revoked: 2 });
    expect((await createLicence(t.app, third!)).statusCode).toBe(201);
    expect((await checkDownloads(t.app, user, [first.id])).json().licences[0]).toMatchObject({ status: 'revoked', reason: 'removed' });
  });

  it('lists the devices holding downloads the most recently seen first, the one asking first since it was just seen', async () => {
    const user = await subscriber(t.app, 'premium');
    const [second, third] = await devices(user, 2);
    const ids: string[] = [];
    for (const [index, device] of [user, second!, third!].entries()) {
      advanceClock(1_000 * (index + 1));
      ids.push(licenceOf(await createLicence(t.app, device)).device_id);
    }
    const [firstId, secondId, thirdId] = ids;
    const listed = async (device: SignedUpUser, seconds: number) => {
      advanceClock(1_000 * seconds);
      const asked = new Date();
      const body = (await listDownloads(t.app, device)).json() as { devices: { device_id: string; last_seen_at: string; current: boolean }[] };
      return { asked, devices: body.devices };
    };
    const bySecond = await listed(second!, 10);
    expect(bySecond.devices.map((device) => [device.device_id, device.current])).toEqual([
      [secondId, true],
      [thirdId, false],
      [firstId, false],
    ]);
    expect(Date.parse(bySecond.devices[0]!.last_seen_at)).toBe(bySecond.asked.getTime());
    const byFirst = await listed(user, 20);
    expect(byFirst.devices.map((device) => device.device_id)).toEqual([firstId, secondId, thirdId]);
    expect(Date.parse(byFirst.devices[1]!.last_seen_at)).toBe(bySecond.asked.getTime());
  });

  it("answers the limit in the request's language (es)", async () => {
    const user = await subscriber(t.app, 'basic');
    await createLicence(t.app, user);
    const other = await anotherDevice(t.app, user);
    const response = await t.app.inject({ method: 'POST', url: LICENCES, headers: { ...authorization(other), 'accept-language': 'es' }, payload: { class_id: CLASS_ID, rendition: '720p' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Tu plan permite descargas en 1 dispositivo y todos tienen descargas. Quita las descargas de uno de ellos para descargar aquí.');
  });

  it.each([
    ['basic', 1],
    ['premium', 6],
  ])('%s allows %i download devices', async (plan, limit) => {
    const user = await subscriber(t.app, plan);
    const all = [user, ...(await devices(user, limit))];
    const answers = [];
    for (const device of all) answers.push((await createLicence(t.app, device)).statusCode);
    expect(answers).toEqual([...Array<number>(limit).fill(201), 409]);
  });

  it('holds at most 25 classes on one device', async () => {
    const user = await subscriber(t.app, 'basic');
    for (const classId of moreClasses) expect((await createLicence(t.app, user, { class_id: classId, rendition: '360p' })).statusCode).toBe(201);
    const refused = await createLicence(t.app, user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'class_limit', message: 'This device already holds 25 classes. Delete one to download another.' });
    expect(await storedLicences(t.app, user)).toHaveLength(25);
  });
});

describe('the device is the signed-in session', () => {
  it('answers 404 to removing downloads from a device that is not one of the account (forged, or another account’s), and changes nothing', async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    const stranger = await subscriber(t.app, 'basic');
    const strangerDevice = await deviceIdOf(t.app, stranger);
    const strangerLicence = licenceOf(await createLicence(t.app, stranger));
    for (const deviceId of ['7b0c3f1e-2a4d-4c5e-9f60-123456789abc', strangerDevice]) {
      const response = await removeDevice(t.app, user, deviceId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ isSuccess: false, message: "This device is not one of your account's devices.", statusCode: 404, code: 'downloads.deviceNotFound' });
    }
    expect((await removeDevice(t.app, user, 'my-own-label-123')).statusCode).toBe(400);
    expect((await checkDownloads(t.app, stranger, [strangerLicence.id])).json().licences[0].status).toBe('valid');
    expect((await checkDownloads(t.app, user, [licence.id])).json().licences[0].status).toBe('valid');
  });

  it('refuses an access token naming a session it was not issued with (401), and a label in the body never counts', async () => {
    const user = await subscriber(t.app, 'basic');
    licenceOf(await createLicence(t.app, user));
    const [account] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const { pid, own } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { pid: string; own: boolean };
    const forged = await new SignJWT({ sid: '7b0c3f1e-2a4d-4c5e-9f60-123456789abc', email: user.email, pid, own })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account!.id)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const response = await t.app.inject({ method: 'POST', url: LICENCES, headers: { authorization: `Bearer ${forged}` }, payload: { class_id: CLASS_ID, rendition: '720p' } });
    expect(response.statusCode).toBe(401);
    // Another browser with the same label is still another device: Basic's one slot is taken.
    const sameLabel = await anotherDevice(t.app, user, 'same-label-123');
    const again = await anotherDevice(t.app, user, 'other-label-456');
    expect((await createLicence(t.app, sameLabel)).statusCode).toBe(409);
    expect((await createLicence(t.app, again)).statusCode).toBe(409);
    expect(await storedLicences(t.app, user)).toHaveLength(1);
  });
});

describe('devices racing for the last slot', () => {
  it('gives it to exactly one of two devices asking at the same moment', async () => {
    const user = await subscriber(t.app, 'basic');
    const [a, b] = await devices(user, 2);
    const answers = await Promise.all([createLicence(t.app, a!), createLicence(t.app, b!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(new Set((await storedLicences(t.app, user)).map((licence) => licence.deviceId)).size).toBe(1);
  });

  it('gives Premium’s 6 slots to 6 of 30 devices asking at once; the other 24 are refused with the 6 listed', async () => {
    const user = await subscriber(t.app, 'premium');
    const thirty = await devices(user, 30);
    const answers = await Promise.all(thirty.map((device) => createLicence(t.app, device)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(6);
    expect(codes.filter((code) => code === 409)).toHaveLength(24);
    const holders = new Set((await storedLicences(t.app, user)).map((licence) => licence.deviceId));
    expect(holders.size).toBe(6);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(new Set(refused.json().devices.map((device: { device_id: string }) => device.device_id))).toEqual(holders);
    }
  }, 60_000);
});

describe('a plan change that lowers the limits', () => {
  it('keeps the most recently used device and revokes the rest at the change (trial: at once)', async () => {
    const user = await subscriber(t.app, 'premium');
    const [second, third] = await devices(user, 2);
    const firstLicence = licenceOf(await createLicence(t.app, user, { class_id: CLASS_ID, rendition: '2160p' }));
    const smallFirst = licenceOf(await createLicence(t.app, user, { class_id: moreClasses[0], rendition: '720p' }));
    advanceClock(60_000);
    const secondLicence = licenceOf(await createLicence(t.app, second!));
    advanceClock(60_000);
    const thirdLicence = licenceOf(await createLicence(t.app, third!));
    // The first device is used last: it is the one Basic keeps.
    advanceClock(60_000);
    expect((await listDownloads(t.app, user)).statusCode).toBe(200);
    vi.useRealTimers();

    const changed = await callPayments(t.app, user, 'plan-change', { plan: 'basic' });
    expect(changed.statusCode).toBe(200);
    // Revoked at the change, before any device calls again.
    const stored = new Map((await storedLicences(t.app, user)).map((licence) => [licence.id, licence.revokeReason]));
    expect(stored).toEqual(
      new Map([
        [firstLicence.id, 'quality_not_in_plan'],
        [smallFirst.id, null],
        [secondLicence.id, 'device_limit'],
        [thirdLicence.id, 'device_limit'],
      ]),
    );
    expect((await checkDownloads(t.app, second!, [secondLicence.id])).json().licences[0]).toMatchObject({ status: 'revoked', reason: 'device_limit' });
    expect((await checkDownloads(t.app, user, [firstLicence.id, smallFirst.id])).json().licences.map((answer: { reason: string | null }) => answer.reason)).toEqual([
      'quality_not_in_plan',
      null,
    ]);
  });

  it('applies a scheduled downgrade at the renewal', async () => {
    const user = await subscriber(t.app, 'standard');
    await setSubscription(t.app, user, { status: 'active', trialEnd: null });
    const [second] = await devices(user, 1);
    const kept = licenceOf(await createLicence(t.app, second!));
    advanceClock(-60_000);
    const dropped = licenceOf(await createLicence(t.app, user));
    vi.useRealTimers();
    const changed = await callPayments(t.app, user, 'plan-change', { plan: 'basic' });
    expect(changed.statusCode).toBe(200);
    // Scheduled: nothing changes before the renewal.
    expect((await storedLicences(t.app, user)).every((licence) => licence.revokedAt === null)).toBe(true);

    await setSubscription(t.app, user, { currentPeriodEnd: new Date(Date.now() - 1000) });
    const [account] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await settleSandboxPeriods(t.app.db, account!.id, new Date());
    const stored = new Map((await storedLicences(t.app, user)).map((licence) => [licence.id, licence.revokeReason]));
    expect(stored).toEqual(new Map([[kept.id, null], [dropped.id, 'device_limit']]));
  });
});
