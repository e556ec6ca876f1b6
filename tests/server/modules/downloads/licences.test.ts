// Download licences as the server enforces them: who may have one (the playback access rule, the
// plan's cap), the files a device fetches with it, expiry and renewal at the online check,
// revocation when access ends, and bad input (unknown class, above the cap, another account's or
// an expired licence) answered in the contract's error shape with nothing changed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newDeviceId, signUp, testAppForFile } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { anotherDevice, CLASS_ID, getMedia, seedPlayableClass, setSubscription, subscriber, tinyMedia, tinyMediaDir, TINY_MEDIA_ID, UNMADE_CLASS_ID, userAgents } from '../../fixtures/playback';
import { mediaUrl } from '@server/modules/media';
import {
  checkDownloads,
  createLicence,
  deleteLicence,
  licenceFiles,
  licenceOf,
  LICENCES,
  listDownloads,
  storedLicences,
} from '../../fixtures/downloads';
import { ownerProfileName } from '../../fixtures/profiles';

const DAY = 86_400_000;
// Access tokens outlive the days this file moves the clock by.
const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir, accessTokenTtlSeconds: 400 * 86_400 });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock `ms` ahead of where it stands, for this test (Date only: nothing sleeps). */
function advanceClock(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

interface Files {
  token_expires_at: string;
  master_playlist: string;
  playlist: { url: string; bytes: number };
  init: { url: string; bytes: number };
  segments: Array<{ url: string; bytes: number }>;
  captions: Array<{ language: string; playlist: { url: string; bytes: number }; track: { url: string; bytes: number } }>;
  chapters: Array<{ language: string; track: { url: string; bytes: number } }>;
  poster: { url: string; bytes: number };
  total_bytes: number;
}

const filesOf = (response: { json<T>(): T }) => response.json<{ files: Files }>().files;

describe('issuing a licence', () => {
  it('needs a signed-in account (401)', async () => {
    const response = await t.app.inject({ method: 'POST', url: LICENCES, payload: { class_id: CLASS_ID, rendition: '720p' } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an account without a subscription, and one whose subscription ended or is unpaid', async () => {
    const none = await createLicence(t.app, await signUp(t.app));
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ reason: 'no_subscription', message: 'Choose a plan to download classes.' });

    const ended = await subscriber(t.app, 'standard');
    await setSubscription(t.app, ended, { status: 'canceled', currentPeriodEnd: new Date(Date.now() - 60_000) });
    expect((await createLicence(t.app, ended)).json().reason).toBe('subscription_ended');
    await setSubscription(t.app, ended, { status: 'past_due' });
    expect((await createLicence(t.app, ended)).json().reason).toBe('payment_required');
    expect(await storedLicences(t.app, ended)).toEqual([]);
  });

  it('issues one for 30 days with the signed URLs of every file of the rendition and its chapters, long enough to finish', async () => {
    const user = await subscriber(t.app, 'basic');
    const before = Date.now();
    const response = await createLicence(t.app, user);
    expect(response.statusCode).toBe(201);
    const licence = licenceOf(response);
    expect(licence).toMatchObject({ class_id: CLASS_ID, rendition: '720p', height: 720, media_id: TINY_MEDIA_ID });
    expect(Date.parse(licence.expires_at) - before).toBeGreaterThanOrEqual(30 * DAY);
    expect(Date.parse(licence.expires_at) - before).toBeLessThan(30 * DAY + 60_000);

    const files = filesOf(response);
    expect(Date.parse(files.token_expires_at) - before).toBeGreaterThanOrEqual(6 * 3_600_000 - 1000);
    expect(files.segments).toHaveLength(2);
    expect(files.captions.map((caption) => caption.language)).toEqual(['en', 'es']);
    expect(files.master_playlist).toContain(`/media/${TINY_MEDIA_ID}/720p/playlist.m3u8`);
    expect(files.master_playlist).not.toContain('1080p');
    expect(files.master_playlist).toMatch(/TYPE=SUBTITLES.*LANGUAGE="es"/);

    // Every file answers, hours later too (a slow download), with the size the licence announced.
    advanceClock(5 * 3_600_000);
    expect(files.chapters.map((chapter) => chapter.language)).toEqual(['en', 'es']);
    const binaries = [files.init, ...files.segments, ...files.captions.map((caption) => caption.track), ...files.chapters.map((chapter) => chapter.track), files.poster];
    for (const file of binaries) {
      const fetched = await getMedia(t.app, file.url);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.rawPayload.length).toBe(file.bytes);
    }
    for (const playlist of [files.playlist, ...files.captions.map((caption) => caption.playlist)]) {
      expect((await getMedia(t.app, playlist.url)).statusCode).toBe(200);
    }
    const sum = [files.playlist, ...binaries, ...files.captions.map((caption) => caption.playlist)].reduce((total, file) => total + file.bytes, 0);
    expect(files.total_bytes).toBe(sum);
    // The grant opens nothing above the licence's rendition.
    const grant = files.init.url.split('/')[3]!;
    expect((await getMedia(t.app, mediaUrl(TINY_MEDIA_ID, grant, '1080p/init.mp4'))).statusCode).toBe(403);
  });

  it('refuses a rendition above the plan cap and issues nothing', async () => {
    const user = await subscriber(t.app, 'basic');
    for (const rendition of ['1080p', '2160p']) {
      const response = await createLicence(t.app, user, { class_id: CLASS_ID, rendition });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ reason: 'quality_not_in_plan', message: 'Your plan does not include this video quality.' });
    }
    expect((await createLicence(t.app, await subscriber(t.app, 'standard'), { class_id: CLASS_ID, rendition: '1080p' })).statusCode).toBe(201);
    expect(await storedLicences(t.app, user)).toEqual([]);
  });

  it('answers bad input in the error shape and issues nothing', async () => {
    const user = await subscriber(t.app, 'premium');
    const cases: Array<[object, number]> = [
      [{ class_id: 'no-such-class', rendition: '720p' }, 404],
      [{ class_id: CLASS_ID, rendition: '480p' }, 400],
      [{ class_id: CLASS_ID, rendition: 'hd' }, 400],
      [{ class_id: CLASS_ID }, 400],
      // The device is the signed-in session: a device id the client picks is not part of the call.
      [{ class_id: CLASS_ID, rendition: '720p', device_id: newDeviceId() }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await createLicence(t.app, user, body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: status, code: expect.any(String) });
    }
    expect((await createLicence(t.app, user, { class_id: UNMADE_CLASS_ID, rendition: '720p' })).statusCode).toBe(503);
    expect(await storedLicences(t.app, user)).toEqual([]);
  });

  it('answers the Mobile plan on a computer 403 and on a phone a licence', async () => {
    const user = await subscriber(t.app, 'mobile');
    expect((await createLicence(t.app, user, undefined, userAgents.desktop)).json().reason).toBe('device_not_allowed');
    expect((await createLicence(t.app, user, undefined, userAgents.iphone)).statusCode).toBe(201);
  });

  it('renews the licence a device asks for again, and replaces it at another rendition', async () => {
    const user = await subscriber(t.app, 'standard');
    const first = licenceOf(await createLicence(t.app, user));
    const again = await createLicence(t.app, user);
    expect(again.statusCode).toBe(200);
    expect(licenceOf(again).id).toBe(first.id);
    const smaller = await createLicence(t.app, user, { class_id: CLASS_ID, rendition: '360p' });
    expect(smaller.statusCode).toBe(201);
    const check = await checkDownloads(t.app, user, [first.id, licenceOf(smaller).id]);
    expect(check.json().licences.map((answer: { status: string; reason: string | null }) => [answer.status, answer.reason])).toEqual([
      ['revoked', 'replaced'],
      ['valid', null],
    ]);
  });
});

describe('listing', () => {
  it("lists this device's licences, the devices holding downloads and the plan's limits", async () => {
    const user = await subscriber(t.app, 'premium');
    const licence = licenceOf(await createLicence(t.app, user));
    const other = await anotherDevice(t.app, user);
    const list = await listDownloads(t.app, other);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ download_devices: 6, classes_per_device: 25, max_video_height: 2160, refused: null, licences: [] });
    expect(body.devices).toEqual([
      { device_id: licence.device_id, device_name: 'Web browser', profile_name: ownerProfileName(user), last_seen_at: expect.any(String), classes: 1, current: false },
    ]);
    expect((await listDownloads(t.app, user)).json().licences.map((held: { id: string }) => held.id)).toEqual([licence.id]);
  });

  it("are in the account's data export", async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: authorization(user) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().downloadLicences).toEqual([expect.objectContaining({ id: licence.id, classId: CLASS_ID, rendition: '720p' })]);
  });
});

describe('expiry and renewal', () => {
  it('renews a valid licence at the online check for another 30 days, once a day at most', async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    const same = await checkDownloads(t.app, user, [licence.id]);
    expect(same.json().licences).toEqual([{ id: licence.id, class_id: CLASS_ID, status: 'valid', reason: null, expires_at: licence.expires_at }]);

    advanceClock(20 * DAY);
    const check = (await checkDownloads(t.app, user, [licence.id])).json();
    expect(check.licences[0].status).toBe('renewed');
    expect(Date.parse(check.licences[0].expires_at)).toBe(Date.parse(check.checked_at) + 30 * DAY);
    // Renewed an hour ago: valid, not renewed again.
    advanceClock(3_600_000);
    expect((await checkDownloads(t.app, user, [licence.id])).json().licences[0]).toMatchObject({ status: 'valid', expires_at: check.licences[0].expires_at });
  });

  it('lets a licence not renewed within 30 days expire: the check says so, its files and delete answer 410, its slot is free', async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    advanceClock(30 * DAY + 60_000);
    const check = await checkDownloads(t.app, user, [licence.id]);
    expect(check.json().licences[0]).toMatchObject({ status: 'revoked', reason: 'expired', expires_at: null });
    for (const response of [await licenceFiles(t.app, user, licence.id), await deleteLicence(t.app, user, licence.id)]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ reason: 'expired', statusCode: 410 });
    }
    const [stored] = await storedLicences(t.app, user);
    expect(stored!.revokeReason).toBe('expired');
    expect(stored!.revokedAt?.toISOString()).toBe(licence.expires_at);
    // Basic's one download device is free again: another device of the account may download.
    expect((await createLicence(t.app, await anotherDevice(t.app, user))).statusCode).toBe(201);
  });
});

describe('revocation when access ends', () => {
  it.each([
    ['subscription_ended', { status: 'canceled', currentPeriodEnd: new Date(Date.now() - 60_000) }],
    ['payment_required', { status: 'past_due' }],
    ['subscription_paused', { pausedFrom: new Date(Date.now() - 60_000), resumesAt: new Date(Date.now() + 30 * 86_400_000) }],
  ] as const)('revokes every licence (%s): the device learns it at its next check', async (reason, fields) => {
    const user = await subscriber(t.app, 'standard');
    const mine = licenceOf(await createLicence(t.app, user));
    const other = await anotherDevice(t.app, user);
    const theirs = licenceOf(await createLicence(t.app, other));
    await setSubscription(t.app, user, fields);
    const check = await checkDownloads(t.app, user, [mine.id]);
    expect(check.json().licences[0]).toMatchObject({ status: 'revoked', reason });
    const list = (await listDownloads(t.app, other)).json();
    expect(list).toMatchObject({ refused: reason, download_devices: 0, max_video_height: null, licences: [], devices: [] });
    expect((await checkDownloads(t.app, other, [theirs.id])).json().licences[0]).toMatchObject({ status: 'revoked', reason });
    expect((await storedLicences(t.app, user)).map((stored) => stored.revokeReason)).toEqual([reason, reason]);
  });

  it('revokes the downloads of a device that signed out', async () => {
    const user = await subscriber(t.app, 'basic');
    const other = await anotherDevice(t.app, user);
    const licence = licenceOf(await createLicence(t.app, other));
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...authorization(other), cookie: other.cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await createLicence(t.app, user)).statusCode).toBe(201);
    // Signed in again on that browser, it is a new device and learns why its files go.
    const again = await anotherDevice(t.app, user, other.deviceId);
    expect((await checkDownloads(t.app, again, [licence.id])).json().licences[0]).toMatchObject({ status: 'revoked', reason: 'signed_out' });
  });
});

describe("another account's or another device's licence", () => {
  it('is refused (403) to files, delete and the check, and nothing changes', async () => {
    const owner = await subscriber(t.app, 'standard');
    const licence = licenceOf(await createLicence(t.app, owner));
    const stranger = await subscriber(t.app, 'standard');
    const strangers = licenceOf(await createLicence(t.app, stranger));
    for (const response of [
      await licenceFiles(t.app, stranger, licence.id),
      await deleteLicence(t.app, stranger, licence.id),
      await checkDownloads(t.app, stranger, [strangers.id, licence.id]),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ reason: 'other_account', message: 'This download belongs to another account.' });
    }
    const ownerDevice2 = await anotherDevice(t.app, owner);
    expect((await licenceFiles(t.app, ownerDevice2, licence.id)).json().reason).toBe('other_device');
    expect((await checkDownloads(t.app, ownerDevice2, [licence.id])).json().reason).toBe('other_device');
    const [stored] = await storedLicences(t.app, owner);
    expect(stored).toMatchObject({ revokedAt: null, expiresAt: new Date(licence.expires_at) });
    expect((await checkDownloads(t.app, owner, [licence.id])).json().licences[0].status).toBe('valid');
  });

  it('answers an unknown licence 404 to files and delete, and `unknown` to the check', async () => {
    const user = await subscriber(t.app, 'basic');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await licenceFiles(t.app, user, unknown)).statusCode).toBe(404);
    expect((await deleteLicence(t.app, user, unknown)).statusCode).toBe(404);
    expect((await checkDownloads(t.app, user, [unknown])).json().licences[0]).toMatchObject({ status: 'revoked', reason: 'unknown', class_id: null });
    expect((await licenceFiles(t.app, user, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('answers a malformed check 400 in the error shape, in Spanish too', async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    for (const body of [{ licence_ids: ids(101) }, { licence_ids: [licence.id, licence.id] }, { licence_ids: ['not-a-uuid'] }, {}, { licence_ids: [], device_id: 'mine-123456' }]) {
      for (const language of ['en', 'es']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/downloads/check', headers: { ...authorization(user), 'accept-language': language }, payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 400, code: expect.any(String) });
      }
    }
    expect((await checkDownloads(t.app, user, [licence.id])).json().licences[0].status).toBe('valid');
  });
});

describe('files again and delete', () => {
  it('signs the files again to resume, and deleting revokes the licence (the device learns it)', async () => {
    const user = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, user));
    const again = await licenceFiles(t.app, user, licence.id);
    expect(again.statusCode).toBe(200);
    expect((await getMedia(t.app, filesOf(again).segments[1]!.url)).statusCode).toBe(200);
    expect((await deleteLicence(t.app, user, licence.id)).statusCode).toBe(200);
    expect((await checkDownloads(t.app, user, [licence.id])).json().licences[0]).toMatchObject({ status: 'revoked', reason: 'deleted' });
    expect((await licenceFiles(t.app, user, licence.id)).json().reason).toBe('deleted');
  });
});
